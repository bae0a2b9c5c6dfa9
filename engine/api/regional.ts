/**
 * Postcode and phone rules per region (AU, NZ, US). The schemas only check the
 * shape (digits, length); which numbers are real depends on the site's region, which
 * only the server knows from the site document. Pure functions, shared with forms.
 */
import type { Region } from '../../schemas/types.gen.ts';

export interface PostcodeRule {
  pattern: RegExp;
  maxLength: number;
  label: string;
  message: string;
}

const FOUR_DIGITS: PostcodeRule = {
  pattern: /^\d{4}$/,
  maxLength: 4,
  label: 'Postcode',
  // The trade-in form's wording (docs/forms.md, "Regional rules").
  message: 'Invalid postcode. Please enter a 4-digit number.',
};

export const POSTCODE_RULES: Record<Region, PostcodeRule> = {
  AU: FOUR_DIGITS,
  NZ: FOUR_DIGITS,
  US: {
    pattern: /^\d{5}$/,
    maxLength: 5,
    label: 'ZIP code',
    message: 'Invalid ZIP code. Please enter a 5-digit number.',
  },
};

/** The error message for a postcode, or undefined when it is well formed. */
export function checkPostcode(region: Region, value: string): string | undefined {
  const rule = POSTCODE_RULES[region];
  return rule.pattern.test(value) ? undefined : rule.message;
}

export interface PhoneRule {
  /** Country calling code, without +. */
  countryCode: string;
  /** National form (trunk 0 for AU and NZ, ten digits for US) after normalising. */
  national: RegExp;
  example: string;
  message: string;
}

export const PHONE_RULES: Record<Region, PhoneRule> = {
  AU: {
    countryCode: '61',
    // Mobiles 04, landlines 02 03 07 08, and 13 / 1300 / 1800 business numbers.
    national: /^(?:0[23478]\d{8}|13\d{4}|1[38]00\d{6})$/,
    example: '0412 345 678',
    message: 'Please enter a valid Australian phone number, e.g. 0412 345 678.',
  },
  NZ: {
    countryCode: '64',
    // Mobiles 02x (8 to 10 digits after the 0), landlines 03 04 06 07 09, 0800 and 0508.
    national: /^0(?:2\d{7,9}|[34679]\d{7}|800\d{6,7}|508\d{6})$/,
    example: '021 123 4567',
    message: 'Please enter a valid New Zealand phone number, e.g. 021 123 4567.',
  },
  US: {
    countryCode: '1',
    // NANP: area code and exchange never start with 0 or 1.
    national: /^[2-9]\d{2}[2-9]\d{6}$/,
    example: '(608) 555-0134',
    message: 'Please enter a valid US phone number, e.g. (608) 555-0134.',
  },
};

const TRUNK: Record<string, string> = { '61': '0', '64': '0', '1': '' };

/**
 * A phone number in its national form, digits only: "+61 412 345 678" and
 * "0412 345 678" both become "0412345678"; "+1 (608) 555-0134" becomes "6085550134".
 * Used as the key of watchlists and sessions, so the same person typing their number
 * differently still finds their cars.
 */
export function phoneKey(value: string): string {
  const trimmed = value.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  const digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  if (!international) return digits;
  for (const code of ['61', '64', '1']) {
    if (digits.startsWith(code)) return TRUNK[code] + digits.slice(code.length);
  }
  return `+${digits}`;
}

/**
 * A phone key (phoneKey) written as people of the region write it, for a form filled in from
 * the buyer's session: "0412 345 678", "02 9876 5432", "1300 123 456", "021 123 4567",
 * "(608) 555-0134". A number of another shape is given back as it is.
 */
export function phoneForDisplay(region: Region, key: string): string {
  const groups = (sizes: number[]) => {
    let at = 0;
    return sizes.map((n) => key.slice(at, (at += n))).join(' ');
  };
  const n = key.length;
  if (!/^\d+$/.test(key)) return key;
  if (region === 'US')
    return n === 10 ? `(${key.slice(0, 3)}) ${key.slice(3, 6)}-${key.slice(6)}` : key;
  if (region === 'AU') {
    if (/^04/.test(key) && n === 10) return groups([4, 3, 3]);
    if (/^0[2378]/.test(key) && n === 10) return groups([2, 4, 4]);
    if (/^1[38]00/.test(key) && n === 10) return groups([4, 3, 3]);
    if (/^13/.test(key) && n === 6) return groups([2, 2, 2]);
    return key;
  }
  if (/^0(800|508)/.test(key)) return groups([4, 3, n - 7]);
  if (/^02/.test(key) && n >= 9) return groups([3, 3, n - 6]);
  if (/^0[34679]/.test(key) && n === 9) return groups([2, 3, 4]);
  return key;
}

/** The error message for a phone number in a region, or undefined when it is valid. */
export function checkPhone(region: Region, value: string): string | undefined {
  const rule = PHONE_RULES[region];
  const trimmed = value.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  if (international) {
    if (!digits.startsWith(rule.countryCode)) return rule.message;
    digits = TRUNK[rule.countryCode] + digits.slice(rule.countryCode.length);
  } else if (region === 'US' && digits.length === 11 && digits.startsWith('1')) {
    digits = digits.slice(1); // 1 608 555 0134 dialled with the long-distance prefix
  }
  return rule.national.test(digits) ? undefined : rule.message;
}
