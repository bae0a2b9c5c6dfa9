/**
 * The words and numbers of one listing that are not drawn from the catalogue: slugs, round
 * prices, VINs, number plates, dates, equipment lists and the dealer's comments.
 */
import type { Car, Region } from '../../schemas/types.gen.ts';
import { documentWord } from '../../engine/messages/document-words.ts';
import { DEFAULT_REGION, regionSettings, spell } from '../../engine/region.ts';
import type { Draw } from '../prng.ts';
import type { ValuePool } from './shared-values.ts';
import {
  BASE_EQUIPMENT,
  CARAVAN_EQUIPMENT,
  MODERN_EQUIPMENT,
  MOTORCYCLE_EQUIPMENT,
  OFFROAD_EQUIPMENT,
  PREMIUM_EQUIPMENT,
} from './vocab.ts';

const DAY = 86400;

export function startOfUtcDay(ms: number): number {
  return Math.floor(ms / (DAY * 1000)) * DAY * 1000;
}

export function niceRound(price: number): number {
  if (price < 1000) return Math.round(price / 10) * 10;
  return Math.max(990, Math.round(price / 1000) * 1000 - 10);
}

const VIN_CHARS = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

export function vinFor(d: Draw, make: string, year: number, id: number): string {
  let h = 0;
  for (const ch of make) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  // Joined, not appended: a string built with += is held as a chain of pieces (shared-values.ts).
  const vin: string[] = [];
  for (let i = 0; i < 3; i++) vin.push(VIN_CHARS[(h >>> (i * 5)) % VIN_CHARS.length]);
  for (let i = 0; i < 5; i++) vin.push(VIN_CHARS[d.int(0, VIN_CHARS.length - 1)]);
  vin.push(YEAR_CODES[(((year - 1980) % 30) + 30) % 30]);
  vin.push(VIN_CHARS[d.int(0, VIN_CHARS.length - 1)]);
  vin.push(String(id).padStart(7, '0').slice(-7));
  return vin.join('');
}

export function regplateFor(d: Draw, region: Region, state: string): string {
  const letters = 'ABCDEFGHJKLMNPRSTUVWXYZ';
  const L = () => letters[d.int(0, letters.length - 1)];
  const N = () => String(d.int(0, 9));
  const formats: Partial<Record<string, string>> = regionSettings(region).plateFormats;
  const format = formats[state] ?? formats.default ?? '';
  return [...format].map((c) => (c === 'L' ? L() : N())).join('');
}

export function isoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

export function yearMonth(year: number, month: number): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/**
 * Equipment lists are shared between cars of the same model, trim and age band (they never
 * change), and equal lists of different models are one list of the pool (shared-values.ts).
 */
export function equipmentCache(pool: ValuePool) {
  const cache = new Map<string, string[]>();
  return (
    d: Draw,
    key: string,
    body: string,
    tier: number,
    modern: boolean,
    seats: number,
    price: number,
  ) => {
    // Everything the list depends on is in the key, so a car's list never depends on the cars made before it.
    const k = `${key}|${tier}|${modern}|${seats}|${price > 70000}`;
    let list = cache.get(k);
    if (list) return list;
    if (body === 'motorcycle') list = MOTORCYCLE_EQUIPMENT.slice(0, 3 + tier * 2);
    else if (body === 'caravan') list = CARAVAN_EQUIPMENT.slice(0, 4 + tier * 2);
    else {
      list = [...BASE_EQUIPMENT];
      if (modern) list.push(...MODERN_EQUIPMENT.slice(0, 3 + tier));
      const premium = price > 70000 ? 6 : tier * 2;
      list.push(...PREMIUM_EQUIPMENT.slice(0, premium));
      if (body === 'ute' || body === '4x4' || (body === 'suv' && tier >= 2))
        list.push(...OFFROAD_EQUIPMENT.slice(0, 1 + tier));
      if (seats >= 7) list.push('Third Row Seating');
    }
    void d;
    list = pool.list(list);
    cache.set(k, list);
    return list;
  };
}

/** 12,345: toLocaleString builds a formatter per call, which 20,000 cars notice. */
function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const SECTION_PITCH = [
  'Every vehicle is inspected by our qualified technicians before it reaches the yard, and comes with a clear title guarantee.',
  'Finance is available on the spot and trade-ins are welcome: ask about a valuation while you test drive.',
  'We deliver {nationwide} and can {organise} a video walk-around if you cannot make it to the showroom.',
  'Extended warranty and paint protection packages are available on request.',
];

/** The pitch's regional words: a US or NZ dealer does not deliver "Australia-wide" (docs/regions.md). */
function pitchWord(word: string, region: Region): string {
  return word === 'nationwide' ? documentWord(region, 'country.nationwide') : spell(word, region);
}

export function dealerComments(
  d: Draw,
  car: Pick<
    Car,
    | 'year'
    | 'make'
    | 'model'
    | 'badge'
    | 'colour'
    | 'km'
    | 'car_type'
    | 'dealership_name'
    | 'odometer_unit'
  >,
  features: string[],
  phone: string | null | undefined,
  region: Region = DEFAULT_REGION,
): string {
  if (d.chance(0.04)) return '';
  const title = `${car.year} ${car.make} ${car.model}${car.badge ? ` ${car.badge}` : ''}`;
  const intro =
    car.car_type === 'new'
      ? `Brand new ${title} in ${car.colour.toLowerCase()}, ready for delivery.`
      : car.car_type === 'demo'
        ? `Ex-demonstrator ${title} in ${car.colour.toLowerCase()} with only ${thousands(car.km)} ${car.odometer_unit} and the balance of new car warranty.`
        : `This ${title} is finished in ${car.colour.toLowerCase()} and has travelled ${thousands(car.km)} ${car.odometer_unit}.`;
  const sections = [intro];
  if (features.length >= 3)
    sections.push(`Highlights include ${features[0]}, ${features[1]} and ${features[2]}.`);
  sections.push(
    d.pick(SECTION_PITCH).replace(/\{(\w+)\}/g, (_, word: string) => pitchWord(word, region)),
  );
  sections.push(
    `Visit ${car.dealership_name}${phone ? ` or call ${phone}` : ''} to arrange a test drive today.`,
  );
  return sections.join('|');
}
