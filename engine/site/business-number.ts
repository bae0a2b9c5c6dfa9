/**
 * The site's business number (`businessNumber`) checked by its region's rule (docs/regions.md,
 * "Business numbers"): its digit count and check digits (an ABN's modulus 89, an NZBN's GS1
 * check digit); a region without one refuses it.
 */
import { regionSettings } from '../region.ts';
import {
  BUSINESS_NUMBER_CHECKS,
  type BusinessNumberCheck,
} from '../region/business-number-checks.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';

/** Whether the digits satisfy the check's weighted sum. */
export function businessNumberValid(digits: string, check: BusinessNumberCheck): boolean {
  if (!/^\d+$/.test(digits) || digits.length !== check.weights.length) return false;
  const sum = check.weights.reduce(
    (total, weight, i) => total + (Number(digits[i]) - (i === 0 ? check.firstLess : 0)) * weight,
    0,
  );
  return sum % check.modulus === 0;
}

export function businessNumberIssues(
  site: Pick<ResolvedSite, 'businessNumber' | 'region'>,
): DocumentIssue[] {
  if (site.businessNumber === undefined) return [];
  const { businessNumber: rule, name } = regionSettings(site.region);
  const at = (message: string) => [{ path: '/businessNumber', message }];
  if (!rule) return at(`a site in the region ${name} shows no business number; leave it empty`);
  const digits = site.businessNumber.replace(/\s/g, '');
  const length = rule.groups.reduce((sum, n) => sum + n, 0);
  if (digits.length !== length)
    return at(
      `an ${rule.label} has ${length} digits; "${site.businessNumber}" has ${digits.length}`,
    );
  const check = BUSINESS_NUMBER_CHECKS[site.region];
  if (check && !businessNumberValid(digits, check))
    return at(
      `"${site.businessNumber}" is not a valid ${rule.label} (${check.name}): its check digits do not add up, so a digit is wrong or two are swapped`,
    );
  return [];
}
