/**
 * Every fact that differs by region, in one table (docs/regions.md, "Region facts once"):
 * adding a region is one entry here, its code in the schema's `region` enum and its words
 * in engine/messages/. Code elsewhere reads these facts (engine/region.ts) and never
 * compares a region to a literal; ESLint holds that (eslint.config.js).
 */
import type { Car, RegoState } from '../../schemas/types.gen.ts';
import type { Region } from '../../schemas/types.gen.ts';

export interface PostcodeRule {
  pattern: RegExp;
  maxLength: number;
  /** The field's label: "Postcode", "ZIP code". */
  label: string;
  /** What the locations block's search box asks for: "Your postcode". */
  ask: string;
  /** The field's hint: "4 digits". */
  help: string;
  /** The error for a malformed one (docs/api.md, "Regional rules"). */
  message: string;
  /** Whether a well-formed code can exist at all: ranges the postal service hands out, so a number outside them never falls back to a neighbour. */
  issued(code: string): boolean;
}

export interface PhoneRule {
  /** Country calling code, without +. */
  countryCode: string;
  /** What replaces the country code in the national form: "0" in AU and NZ, nothing in the US. */
  trunk: string;
  /** National form after normalising (digits only, trunk prefix in place). */
  national: RegExp;
  /** A prefix people dial before a national number that is not part of it (the US long-distance 1). */
  dialPrefix?: string;
  example: string;
  message: string;
  /** A national number (digits) written as people of the region write it; a number of another shape as it is. */
  display(key: string): string;
}

/**
 * How a dealer's registered business number is shown where the region has one
 * (docs/regions.md, "Business numbers"): its name in the footer and its digit groups. Its
 * check digits are in business-number-checks.ts, which only validation needs.
 */
export interface BusinessNumberRule {
  /** As the footer names it: "ABN", "NZBN". */
  label: string;
  /** Digit groups as shown: [2, 3, 3, 3] → 51 824 753 556. */
  groups: readonly number[];
}

export interface RegionFacts {
  /** The country, as staff pick it ("Australia"). */
  name: string;
  /** BCP 47 locale: number and date formats, `<html lang>`, and the key of its words in engine/messages/. */
  locale: string;
  /** ISO 4217 code of the prices' currency (the car schema's `currency` lists them). */
  currency: Car['currency'];
  distanceUnit: 'kilometer' | 'mile';
  /** A car's odometer unit as stock records it. */
  odometerUnit: Car['odometer_unit'];
  /** The dealer's clock when no location names its own (docs/content-blocks.md, "The dealer's time zone"). */
  timeZone: string;
  /** US spelling (color, tire, center) applied to UI text by spell(). */
  usSpelling: boolean;
  /** How a 12-hour time ends: "am"/"pm" or "AM"/"PM". */
  dayPeriods: readonly [am: string, pm: string];
  /** "Friday 18 April 2025" (day first) or "Friday, April 18, 2025" (month first). */
  dateOrder: 'day-month' | 'month-day';
  postcode: PostcodeRule;
  phone: PhoneRule;
  /**
   * The states a number plate is registered in, as the trade-in's plate lookup offers them
   * and the API checks them (`regoState`); a country that registers plates nationally lists
   * its own code. Empty: no plate lookup by state.
   */
  plateStates: readonly RegoState[];
  /** How the plate lookup names a state in its list (a state's code by default). */
  plateStateNames?: Readonly<Partial<Record<RegoState, string>>>;
  /** How number plates read, by state (L a letter, N a digit), `default` for a state not listed: the demo stock's plates. */
  plateFormats: { default: string } & Partial<Record<RegoState, string>>;
  /** Autograb's market price comparison exists for used cars here. */
  autograb: boolean;
  /** The platform's finance partners (Taurus, 360 Finance, AusLoans, Angle, …) lend here; elsewhere a car carries the dealer's own (Manual) finance only. */
  financePartners: boolean;
  /** Cars carry a compliance date (a build plate for the local market), shown in the history report. */
  complianceDate: boolean;
  /** A site's `preOwnedLabel` switch may call used cars "Pre-Owned" in its PDF (US sheets always say Used). */
  preOwnedLabel: boolean;
  /** The business number a dealer shows with its legal name, or null where sites show none. */
  businessNumber: BusinessNumberRule | null;
}

const FOUR_DIGITS = {
  pattern: /^\d{4}$/,
  maxLength: 4,
  label: 'Postcode',
  ask: 'Your postcode',
  help: '4 digits',
  // The trade-in form's wording (docs/forms.md, "Regional rules").
  message: 'Invalid postcode. Please enter a 4-digit number.',
} as const;

/** Australian postcode ranges by state (Australia Post). */
const AU_RANGES: [number, number][] = [
  [800, 999],
  [200, 299],
  [1000, 2999],
  [3000, 3999],
  [8000, 8999],
  [4000, 4999],
  [9000, 9999],
  [5000, 5999],
  [6000, 6999],
  [7000, 7999],
];

/** Groups of `sizes` digits of `key`, space-separated. */
const groups = (key: string, sizes: number[]) => {
  let at = 0;
  return sizes.map((n) => key.slice(at, (at += n))).join(' ');
};

export const REGIONS: Record<Region, RegionFacts> = {
  AU: {
    name: 'Australia',
    locale: 'en-AU',
    currency: 'AUD',
    distanceUnit: 'kilometer',
    odometerUnit: 'km',
    timeZone: 'Australia/Sydney',
    usSpelling: false,
    dayPeriods: ['am', 'pm'],
    dateOrder: 'day-month',
    postcode: {
      ...FOUR_DIGITS,
      issued: (code) => AU_RANGES.some(([lo, hi]) => Number(code) >= lo && Number(code) <= hi),
    },
    phone: {
      countryCode: '61',
      trunk: '0',
      // Mobiles 04, landlines 02 03 07 08, and 13 / 1300 / 1800 business numbers.
      national: /^(?:0[23478]\d{8}|13\d{4}|1[38]00\d{6})$/,
      example: '0412 345 678',
      message: 'Please enter a valid Australian phone number, e.g. 0412 345 678.',
      display(key) {
        const n = key.length;
        if (/^04/.test(key) && n === 10) return groups(key, [4, 3, 3]);
        if (/^0[2378]/.test(key) && n === 10) return groups(key, [2, 4, 4]);
        if (/^1[38]00/.test(key) && n === 10) return groups(key, [4, 3, 3]);
        if (/^13/.test(key) && n === 6) return groups(key, [2, 2, 2]);
        return key;
      },
    },
    plateStates: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
    plateFormats: { default: 'NNNLLL', VIC: 'LLLNNN', NSW: 'LLNNLL' },
    autograb: true,
    financePartners: true,
    complianceDate: true,
    preOwnedLabel: true,
    businessNumber: { label: 'ABN', groups: [2, 3, 3, 3] },
  },
  NZ: {
    name: 'New Zealand',
    locale: 'en-NZ',
    currency: 'NZD',
    distanceUnit: 'kilometer',
    odometerUnit: 'km',
    timeZone: 'Pacific/Auckland',
    usSpelling: false,
    dayPeriods: ['am', 'pm'],
    dateOrder: 'day-month',
    postcode: { ...FOUR_DIGITS, issued: (code) => Number(code) >= 110 && Number(code) <= 9999 },
    phone: {
      countryCode: '64',
      trunk: '0',
      // Mobiles 02x (8 to 10 digits after the 0), landlines 03 04 06 07 09, 0800 and 0508.
      national: /^0(?:2\d{7,9}|[34679]\d{7}|800\d{6,7}|508\d{6})$/,
      example: '021 123 4567',
      message: 'Please enter a valid New Zealand phone number, e.g. 021 123 4567.',
      display(key) {
        const n = key.length;
        if (/^0(800|508)/.test(key)) return groups(key, [4, 3, n - 7]);
        if (/^02/.test(key) && n >= 9) return groups(key, [3, 3, n - 6]);
        if (/^0[34679]/.test(key) && n === 9) return groups(key, [2, 3, 4]);
        return key;
      },
    },
    // Plates are registered nationally: the lookup offers the country alone.
    plateStates: ['NZ'],
    plateStateNames: { NZ: 'New Zealand' },
    plateFormats: { default: 'LLLNNN' },
    autograb: false,
    financePartners: false,
    complianceDate: true,
    preOwnedLabel: true,
    businessNumber: { label: 'NZBN', groups: [13] },
  },
  US: {
    name: 'United States',
    locale: 'en-US',
    currency: 'USD',
    distanceUnit: 'mile',
    odometerUnit: 'mi',
    // The dealer-zone rule's choice (docs/content-blocks.md): the middle of the country.
    timeZone: 'America/Chicago',
    usSpelling: true,
    dayPeriods: ['AM', 'PM'],
    dateOrder: 'month-day',
    postcode: {
      pattern: /^\d{5}$/,
      maxLength: 5,
      label: 'ZIP code',
      ask: 'Your ZIP code',
      help: '5 digits',
      message: 'Invalid ZIP code. Please enter a 5-digit number.',
      issued: (code) => Number(code) >= 501 && Number(code) <= 99950,
    },
    phone: {
      countryCode: '1',
      trunk: '',
      // NANP: area code and exchange never start with 0 or 1.
      national: /^[2-9]\d{2}[2-9]\d{6}$/,
      dialPrefix: '1',
      example: '(608) 555-0134',
      message: 'Please enter a valid US phone number, e.g. (608) 555-0134.',
      display: (key) =>
        key.length === 10 ? `(${key.slice(0, 3)}) ${key.slice(3, 6)}-${key.slice(6)}` : key,
    },
    // prettier-ignore
    plateStates: [
      'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN',
      'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH',
      'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT',
      'VT', 'VA', 'WV', 'WI', 'WY',
    ],
    plateFormats: { default: 'LLLNNNN' },
    autograb: false,
    financePartners: false,
    complianceDate: false,
    preOwnedLabel: false,
    // US dealers show no federal number on their sites (an EIN is not for the public).
    businessNumber: null,
  },
};
