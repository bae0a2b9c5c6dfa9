/**
 * A site's region and what follows from it: the facts of engine/region/table.ts (locale,
 * currency, distance unit, time zone, postcode and phone rules, plate states, …) and the
 * formats built on them. Every reader of a region fact comes here (docs/regions.md,
 * "Region facts once"). Formatting goes through Intl so thousands separators follow the locale.
 */
import type { Region } from '../schemas/types.gen.ts';
import { REGIONS, type RegionFacts } from './region/table.ts';

export type { BusinessNumberRule, PhoneRule, PostcodeRule, RegionFacts } from './region/table.ts';

/** A region's facts with its code: what `useSite().region` gives a block. */
export interface RegionSettings extends RegionFacts {
  region: Region;
}

/** The schema's default region, and the one an unknown code falls back to. */
export const DEFAULT_REGION: Region = 'AU';

/** Regions added at run time (registerRegion): a test's region that no document may name yet. */
const added = new Map<string, RegionFacts>();
const settings = new Map<string, RegionSettings>();

/** Every region code the platform knows, the table's first. */
export function knownRegions(): Region[] {
  return [...Object.keys(REGIONS), ...added.keys()] as Region[];
}

export function regionSettings(region: Region = DEFAULT_REGION): RegionSettings {
  let found = settings.get(region);
  if (!found) {
    const facts = added.get(region) ?? (REGIONS as Partial<Record<string, RegionFacts>>)[region];
    if (!facts) return regionSettings(DEFAULT_REGION);
    found = { ...facts, region };
    settings.set(region, found);
  }
  return found;
}

/**
 * Adds a region in memory, beside the table, until the returned function takes it away
 * (engine/messages/register-region.ts also adds its words). For a region's trial run (tests); a region
 * that sites use is an entry of the table.
 */
export function addRegionFacts(code: string, facts: RegionFacts): () => void {
  if (code in REGIONS) throw new Error(`forecourt: region ${code} is in the table already`);
  added.set(code, facts);
  settings.delete(code);
  return () => {
    added.delete(code);
    settings.delete(code);
    moneyFormats.delete(code);
  };
}

/** The region whose locale this is (its facts), the default region's when none is. */
export function localeSettings(locale: string): RegionSettings {
  const region = knownRegions().find((r) => regionSettings(r).locale === locale);
  return regionSettings(region ?? DEFAULT_REGION);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * $ with thousands separators and no decimals. AUD/NZD/USD all show a bare "$" to
 * visitors of their own region (narrowSymbol), as dealer sites do.
 */
export function formatMoney(amount: number, region: Region = DEFAULT_REGION): string {
  const { locale, currency } = regionSettings(region);
  let fmt = moneyFormats.get(region);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      maximumFractionDigits: 0,
      minimumFractionDigits: 0,
    });
    moneyFormats.set(region, fmt);
  }
  return fmt.format(Math.round(amount));
}

export function formatNumber(value: number, region: Region = DEFAULT_REGION): string {
  const { locale } = regionSettings(region);
  let fmt = numberFormats.get(locale);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, fmt);
  }
  return fmt.format(value);
}

export const KM_PER_MILE = 1.609344;

/** A distance given in km, shown in the region's unit ("12 km", "7 mi"). */
export function formatDistance(km: number, region: Region = DEFAULT_REGION): string {
  const { locale, distanceUnit } = regionSettings(region);
  const value = distanceUnit === 'mile' ? km / KM_PER_MILE : km;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: distanceUnit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

/**
 * A business number as the region writes it ("ABN 51 824 753 556"), or undefined where the
 * region has none (docs/regions.md, "Business numbers").
 */
export function formatBusinessNumber(
  value: string,
  region: Region = DEFAULT_REGION,
): string | undefined {
  const rule = regionSettings(region).businessNumber;
  if (!rule) return undefined;
  let at = 0;
  const digits = value.replace(/\D/g, '');
  return `${rule.label} ${rule.groups.map((n) => digits.slice(at, (at += n))).join(' ')}`;
}

/** Minutes after midnight as a 12-hour time: 570 → "9:30 am" (AU, NZ) or "9:30 AM" (US). */
export function clockTime(minutes: number, locale: string): string {
  const [am, pm] = localeSettings(locale).dayPeriods;
  const h24 = Math.floor(minutes / 60) % 24;
  const h12 = h24 % 12 === 0 ? 12 : h24 % 12;
  return `${h12}:${String(minutes % 60).padStart(2, '0')} ${h24 >= 12 ? pm : am}`;
}

/** British → US spellings used in UI text. Whole words only, case kept. */
const US_SPELLING: [string, string][] = [
  ['colour', 'color'],
  ['colours', 'colors'],
  ['personalised', 'personalized'],
  ['personalise', 'personalize'],
  ['favourite', 'favorite'],
  ['favourites', 'favorites'],
  ['centre', 'center'],
  ['centres', 'centers'],
  ['organise', 'organize'],
  ['authorised', 'authorized'],
  ['licence', 'license'],
  ['litre', 'liter'],
  ['litres', 'liters'],
  ['tyres', 'tires'],
  ['tyre', 'tire'],
];
const spellingPattern = new RegExp(`\\b(${US_SPELLING.map(([gb]) => gb).join('|')})\\b`, 'gi');
const spellingMap = new Map(US_SPELLING);

/** Applies the region's spelling to UI text (the table's `usSpelling`). */
export function spell(text: string, region: Region = DEFAULT_REGION): string {
  if (!regionSettings(region).usSpelling) return text;
  return text.replace(spellingPattern, (word) => {
    const us = spellingMap.get(word.toLowerCase()) ?? word;
    if (word === word.toUpperCase()) return us.toUpperCase();
    if (word[0] === word[0].toUpperCase()) return us[0].toUpperCase() + us.slice(1);
    return us;
  });
}
