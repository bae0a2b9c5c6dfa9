/**
 * The site's business number (`businessNumber`) checked by its region's rule (docs/regions.md,
 * "Business numbers"): its digit count and check digits (an ABN's modulus 89, an NZBN's GS1
 * check digit); a region without one refuses it.
 */
import { regionSettings, type BusinessNumberRule } from '../region.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';

/** Whether the digits satisfy the rule's weighted check. */
export function businessNumberValid(digits: string, rule: BusinessNumberRule): boolean {
  if (!/^\d+$/.test(digits) || digits.length !== rule.weights.length) return false;
  const sum = rule.weights.reduce(
    (total, weight, i) => total + (Number(digits[i]) - (i === 0 ? rule.firstLess : 0)) * weight,
    0,
  );
  return sum % rule.modulus === 0;
}

export function businessNumberIssues(
  site: Pick<ResolvedSite, 'businessNumber' | 'region'>,
): DocumentIssue[] {
  if (site.businessNumber === undefined) return [];
  const { businessNumber: rule, name } = regionSettings(site.region);
  const at = (message: string) => [{ path: '/businessNumber', message }];
  if (!rule) return at(`a site in the region ${name} shows no business number; leave it empty`);
  const digits = site.businessNumber.replace(/\s/g, '');
  if (digits.length !== rule.weights.length)
    return at(
      `an ${rule.label} has ${rule.weights.length} digits; "${site.businessNumber}" has ${digits.length}`,
    );
  if (!businessNumberValid(digits, rule))
    return at(
      `"${site.businessNumber}" is not a valid ${rule.label} (${rule.name}): its check digits do not add up, so a digit is wrong or two are swapped`,
    );
  return [];
}
