/**
 * Postcode and phone rules by the site's region (the rules themselves are facts of
 * engine/region/table.ts). The schemas only check the shape (digits, length); which numbers
 * are real depends on the site's region, which only the server knows from the site document.
 * Pure functions, shared with forms.
 */
import type { Region } from '../../schemas/types.gen.ts';
import { knownRegions, regionSettings, type PhoneRule, type PostcodeRule } from '../region.ts';

export type { PhoneRule, PostcodeRule };

export const postcodeRule = (region: Region): PostcodeRule => regionSettings(region).postcode;
export const phoneRule = (region: Region): PhoneRule => regionSettings(region).phone;

/** The error message for a postcode, or undefined when it is well formed. */
export function checkPostcode(region: Region, value: string): string | undefined {
  const rule = postcodeRule(region);
  return rule.pattern.test(value) ? undefined : rule.message;
}

/** Every region's calling code with what replaces it, longest code first ("61" before "1"). */
function callingCodes(): { countryCode: string; trunk: string }[] {
  const rules = knownRegions().map(phoneRule);
  return rules.sort((a, b) => b.countryCode.length - a.countryCode.length);
}

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
  for (const { countryCode, trunk } of callingCodes()) {
    if (digits.startsWith(countryCode)) return trunk + digits.slice(countryCode.length);
  }
  return `+${digits}`;
}

/**
 * A phone key (phoneKey) written as people of the region write it, for a form filled in from
 * the buyer's session: "0412 345 678", "02 9876 5432", "1300 123 456", "021 123 4567",
 * "(608) 555-0134". A number of another shape is given back as it is.
 */
export function phoneForDisplay(region: Region, key: string): string {
  return /^\d+$/.test(key) ? phoneRule(region).display(key) : key;
}

/** The error message for a phone number in a region, or undefined when it is valid. */
export function checkPhone(region: Region, value: string): string | undefined {
  const rule = phoneRule(region);
  const trimmed = value.trim();
  const international = trimmed.startsWith('+') || trimmed.startsWith('00');
  let digits = trimmed.replace(/\D/g, '').replace(/^00/, '');
  if (international) {
    if (!digits.startsWith(rule.countryCode)) return rule.message;
    digits = rule.trunk + digits.slice(rule.countryCode.length);
  } else if (rule.dialPrefix && !rule.national.test(digits)) {
    // 1 608 555 0134, dialled with the US long-distance prefix.
    if (digits.startsWith(rule.dialPrefix)) digits = digits.slice(rule.dialPrefix.length);
  }
  return rule.national.test(digits) ? undefined : rule.message;
}
