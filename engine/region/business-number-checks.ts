/**
 * The check digits of each region's business number (docs/regions.md, "Business numbers"),
 * as data: a weighted sum of the digits (after `firstLess` is taken from the first) divisible
 * by `modulus`. Apart from the region table because only validation reads it: no page
 * carries it. A region whose number has no entry here is checked by its digit count alone.
 */
import type { Region } from '../../schemas/types.gen.ts';

export interface BusinessNumberCheck {
  /** Its full name, for messages. */
  name: string;
  weights: readonly number[];
  modulus: number;
  firstLess: number;
}

export const BUSINESS_NUMBER_CHECKS: Partial<Record<Region, BusinessNumberCheck>> = {
  // The Australian Business Number: 11 digits, modulus 89 (ATO, "Format of the ABN").
  AU: {
    name: 'Australian Business Number',
    weights: [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19],
    modulus: 89,
    firstLess: 1,
  },
  // The New Zealand Business Number: a 13-digit GS1 number, its last digit a modulus-10 check.
  NZ: {
    name: 'New Zealand Business Number',
    weights: [1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1, 3, 1],
    modulus: 10,
    firstLess: 0,
  },
};
