/**
 * The dealer's business number (`businessNumber`; engine/site/business-number.ts,
 * docs/regions.md "Business numbers"): an ABN's modulus-89 check in Australia, an NZBN's
 * 13 digits and GS1 check digit in New Zealand, none in the US, each refused at its path.
 */
import { describe, expect, it } from 'vitest';
import { regionSettings } from '../../../engine/region.ts';
import { BUSINESS_NUMBER_CHECKS } from '../../../engine/region/business-number-checks.ts';
import { businessNumberValid } from '../../../engine/site/business-number.ts';
import { minimalDoc, prepare } from '../helpers.ts';

const issuesOf = (region: string, businessNumber: string) => {
  const r = prepare(minimalDoc({ region, businessNumber }));
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('the business number of a site', () => {
  it('accepts a valid ABN, with or without spaces', () => {
    expect(issuesOf('AU', '51 824 753 556')).toEqual([]);
    expect(issuesOf('AU', '18123456789')).toEqual([]);
  });

  it('refuses an ABN whose check digits do not add up, or of the wrong length', () => {
    expect(issuesOf('AU', '51 824 753 557')).toEqual([
      expect.stringMatching(/^\/businessNumber: "51 824 753 557" is not a valid ABN/),
    ]);
    // Two digits swapped.
    expect(issuesOf('AU', '15 824 753 556')).toHaveLength(1);
    expect(issuesOf('AU', '51 824 753')).toEqual([
      expect.stringMatching(/^\/businessNumber: an ABN has 11 digits; "51 824 753" has 8/),
    ]);
  });

  it('checks an NZBN’s 13 digits and check digit in New Zealand', () => {
    expect(issuesOf('NZ', '9429041234563')).toEqual([]);
    expect(issuesOf('NZ', '9429041234560')[0]).toMatch(/is not a valid NZBN/);
    expect(issuesOf('NZ', '51 824 753 556')[0]).toMatch(/an NZBN has 13 digits/);
  });

  it('refuses a business number on a US site', () => {
    expect(issuesOf('US', '51 824 753 556')).toEqual([
      expect.stringMatching(/^\/businessNumber: .*United States shows no business number/),
    ]);
  });

  it('refuses letters at the schema', () => {
    expect(issuesOf('AU', 'ABN 51824753556')[0]).toMatch(/^\/businessNumber: /);
  });

  it('has the ATO’s check: weights and modulus 89', () => {
    const check = BUSINESS_NUMBER_CHECKS.AU!;
    expect(businessNumberValid('51824753556', check)).toBe(true);
    expect(businessNumberValid('51824753565', check)).toBe(false);
    expect(regionSettings('US').businessNumber).toBeNull();
  });
});
