/**
 * The radix order of strings (engine/search/string-order.ts) against a stable comparison sort
 * by code unit: the same positions, equal strings in their first order, whatever the
 * characters, lengths and shared prefixes.
 */
import { describe, expect, it } from 'vitest';
import { orderByString } from '../../../engine/search/string-order.ts';
import { mulberry32 } from '../../../demo/prng.ts';

/** A stable comparison sort of the positions by code unit (ties by position). */
const compared = (keys: string[]) =>
  keys.map((_, i) => i).sort((a, b) => (keys[a] < keys[b] ? -1 : keys[a] > keys[b] ? 1 : a - b));

const rnd = mulberry32(7);
const pick = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[Math.floor(rnd() * alphabet.length)]).join('');

describe('orderByString', () => {
  const cases: Record<string, string[]> = {
    'stock numbers sharing long prefixes': Array.from(
      { length: 3000 },
      (_, i) => `gcfu1${String(Math.floor(rnd() * 2000)).padStart(4, '0')}${i % 3 ? '' : 'x'}`,
    ),
    'vins, each once': Array.from({ length: 2000 }, () =>
      pick('abcdefghjklmnprstuvwxyz0123456789', 17),
    ),
    'short words with many ties and prefixes of each other': Array.from({ length: 4000 }, () =>
      pick('ab', Math.floor(rnd() * 5)),
    ),
    'beyond ASCII: accents, CJK, surrogate pairs': Array.from({ length: 1500 }, () =>
      pick('aé\u00ff\u4e2d\u{1f697}z0', 1 + Math.floor(rnd() * 4)),
    ),
    'all equal': Array.from({ length: 300 }, () => 'ranger'),
    'one string': ['hilux'],
    none: [],
  };

  it.each(Object.keys(cases))('%s: as a stable comparison sort', (name) => {
    const keys = cases[name];
    expect([...orderByString(keys)]).toEqual(compared(keys));
  });

  it('equal strings keep the order they came in, the empty string first', () => {
    expect([...orderByString(['b', '', 'a', 'b', '', 'ab', 'a'])]).toEqual([1, 4, 2, 6, 5, 0, 3]);
  });
});
