/**
 * What forms keep in the visitor's browser: local storage holds the enquired car,
 * the trade-in valuation and a success-page flag (docs/forms.md, "After a stored lead"). Keys are per site, since the demo
 * sites share one origin. Reading and writing never throw (storage may be blocked).
 */
import type { CarSummary } from './car.ts';

const KEYS = {
  enquiredCar: (slug: string) => `fc:enquired-car:${slug}`,
  success: (slug: string) => `fc:success:${slug}`,
  valuation: (slug: string) => `fc:trade-in-valuation:${slug}`,
};

function local(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readStored<T>(key: string): T | undefined {
  try {
    const raw = local()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): boolean {
  try {
    const store = local();
    if (!store) return false;
    store.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export interface EnquiredCar {
  id: number | string;
  slug?: string;
  name?: string;
  car_type?: string | null;
  lead_id: number;
  at: string;
}

export function rememberEnquiredCar(
  siteSlug: string,
  car: CarSummary,
  leadId: number,
  now = new Date(),
) {
  const value: EnquiredCar = {
    id: car.id,
    slug: car.slug,
    name: car.name,
    car_type: car.car_type,
    lead_id: leadId,
    at: now.toISOString(),
  };
  writeStored(KEYS.enquiredCar(siteSlug), value);
}

export function enquiredCar(siteSlug: string): EnquiredCar | undefined {
  return readStored<EnquiredCar>(KEYS.enquiredCar(siteSlug));
}

/** The success-page flag: what was sent, so /success can thank the visitor for it. */
export interface SuccessFlag {
  success: true;
  /** The lead's category, e.g. General Enquiry, Test Drive, Trade-in. */
  category: string;
  lead_id?: number;
  car_name?: string;
  /** A reservation: until when the car is held, and what the buyer is told about the deposit. */
  held_until?: string;
  /** The time zone the hold's end is told in (the car's yard's, an IANA name). */
  time_zone?: string;
  deposit_instructions?: string;
  at: string;
}

export function storeSuccess(
  siteSlug: string,
  flag: Omit<SuccessFlag, 'success' | 'at'>,
  now = new Date(),
) {
  writeStored(KEYS.success(siteSlug), {
    success: true,
    ...flag,
    at: now.toISOString(),
  } satisfies SuccessFlag);
}

/** The flag if it was set within maxAgeMs (default a day), else undefined. */
export function readSuccess(
  siteSlug: string,
  now = Date.now(),
  maxAgeMs = 86_400_000,
): SuccessFlag | undefined {
  const flag = readStored<SuccessFlag>(KEYS.success(siteSlug));
  if (!flag || flag.success !== true || typeof flag.category !== 'string') return undefined;
  const at = Date.parse(flag.at);
  return Number.isFinite(at) && now - at <= maxAgeMs ? flag : undefined;
}

export function rememberValuation(siteSlug: string, valuation: unknown) {
  writeStored(KEYS.valuation(siteSlug), valuation);
}

export function storedValuation<T>(siteSlug: string): T | undefined {
  return readStored<T>(KEYS.valuation(siteSlug));
}

export const STORAGE_KEYS = KEYS;
