/**
 * The radix order of numbers (engine/search/number-order.ts) against a stable comparison sort:
 * the same positions, equal numbers in their first order, whatever the signs and magnitudes.
 */
import { describe, expect, it } from 'vitest';
import { orderByNumber } from '../../../engine/search/number-order.ts';
import { mulberry32 } from '../../../demo/prng.ts';

/** A stable comparison sort of the positions (ties by position), as the index built it before. */
const compared = (keys: number[]) =>
  keys.map((_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b);

/** The same numbers on every run. */
const random = mulberry32;

describe('orderByNumber', () => {
  const rnd = random(5);
  const cases: Record<string, number[]> = {
    'whole numbers with many ties': Array.from({ length: 5000 }, () => Math.floor(rnd() * 40)),
    'ids, each once, shuffled': Array.from({ length: 3000 }, (_, i) => i + 1).sort(
      () => rnd() - 0.5,
    ),
    'timestamps in milliseconds': Array.from(
      { length: 3000 },
      () => 1_700_000_000_000 + Math.floor(rnd() * 1e10),
    ),
    'negatives, fractions and zeros': Array.from(
      { length: 4000 },
      () =>
        [0, -0, 1, -1, 2.5, -2.5][Math.floor(rnd() * 6)] + (rnd() < 0.5 ? 0 : (rnd() - 0.5) * 1e6),
    ),
    'tiny and huge magnitudes, infinities': Array.from(
      { length: 2000 },
      () =>
        [
          Number.MIN_VALUE,
          -Number.MIN_VALUE,
          Number.MAX_VALUE,
          -Number.MAX_VALUE,
          Infinity,
          -Infinity,
          1e-300,
          -1e300,
          0.1,
          0.2,
        ][Math.floor(rnd() * 10)],
    ),
    'all equal': Array.from({ length: 700 }, () => 42),
    'one number': [3.25],
    none: [],
  };

  it.each(Object.keys(cases))('%s: as a stable comparison sort', (name) => {
    const keys = cases[name];
    expect([...orderByNumber(Float64Array.from(keys))]).toEqual(compared(keys));
  });

  it('equal numbers, 0 and -0 among them, keep the order they came in', () => {
    const keys = [5, 0, -0, 5, -1, 0, 5, -0];
    expect([...orderByNumber(keys)]).toEqual([4, 1, 2, 5, 7, 0, 3, 6]);
  });

  it('orders only the first `count` numbers when told', () => {
    expect([...orderByNumber([3, 1, 2, -7, -8], 3)]).toEqual([1, 2, 0]);
  });
});
