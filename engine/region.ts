/**
 * Regional settings derived from a site's region: locale, currency, distance unit and
 * spelling. Formatting goes through Intl so thousands separators follow the locale.
 */
import type { Region } from './site/types.ts';

export interface RegionSettings {
  region: Region;
  locale: 'en-AU' | 'en-NZ' | 'en-US';
  currency: 'AUD' | 'NZD' | 'USD';
  distanceUnit: 'kilometer' | 'mile';
  /** Postcodes: AU 4 digits, NZ 4 digits, US 5-digit ZIP. */
  postcodePattern: RegExp;
}

const SETTINGS: Record<Region, RegionSettings> = {
  AU: {
    region: 'AU',
    locale: 'en-AU',
    currency: 'AUD',
    distanceUnit: 'kilometer',
    postcodePattern: /^\d{4}$/,
  },
  NZ: {
    region: 'NZ',
    locale: 'en-NZ',
    currency: 'NZD',
    distanceUnit: 'kilometer',
    postcodePattern: /^\d{4}$/,
  },
  US: {
    region: 'US',
    locale: 'en-US',
    currency: 'USD',
    distanceUnit: 'mile',
    postcodePattern: /^\d{5}$/,
  },
};

export function regionSettings(region: Region = 'AU'): RegionSettings {
  return SETTINGS[region] ?? SETTINGS.AU;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * $ with thousands separators and no decimals. AUD/NZD/USD all show a bare "$" to
 * visitors of their own region (narrowSymbol), as dealer sites do.
 */
export function formatMoney(amount: number, region: Region = 'AU'): string {
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

export function formatNumber(value: number, region: Region = 'AU'): string {
  const { locale } = regionSettings(region);
  let fmt = numberFormats.get(locale);
  if (!fmt) {
    fmt = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    numberFormats.set(locale, fmt);
  }
  return fmt.format(value);
}

/** A distance given in km, shown in the region's unit ("12 km", "7 mi"). */
export function formatDistance(km: number, region: Region = 'AU'): string {
  const { locale, distanceUnit } = regionSettings(region);
  const value = distanceUnit === 'mile' ? km / 1.609344 : km;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: distanceUnit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
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
  ['tyres', 'tires'],
  ['tyre', 'tire'],
];
const spellingPattern = new RegExp(`\\b(${US_SPELLING.map(([gb]) => gb).join('|')})\\b`, 'gi');
const spellingMap = new Map(US_SPELLING);

/** Applies the region's spelling to UI text (only US differs). */
export function spell(text: string, region: Region = 'AU'): string {
  if (region !== 'US') return text;
  return text.replace(spellingPattern, (word) => {
    const us = spellingMap.get(word.toLowerCase()) ?? word;
    if (word === word.toUpperCase()) return us.toUpperCase();
    if (word[0] === word[0].toUpperCase()) return us[0].toUpperCase() + us.slice(1);
    return us;
  });
}
