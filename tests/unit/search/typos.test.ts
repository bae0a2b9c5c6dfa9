/** Algolia's typo and word rules: an adjacent swap is one typo; query words joined or split. */
import { describe, expect, it } from 'vitest';
import { SearchEngine } from '../../../engine/search/engine.ts';
import { boundedDistance, swapVariants } from '../../../engine/search/typo-distance.ts';
import { MAX_ALTERNATIVE_WORDS } from '../../../engine/search/query-alternatives.ts';

const models: [string, string][] = [
  ['Ford', 'Ranger'],
  ['Toyota', 'HiLux'],
  ['Toyota', 'LandCruiser'],
  ['Land Rover', 'Range Rover'],
  ['Toyota', 'Corolla'],
  ['Mazda', 'CX-5'],
  ['Nissan', 'X-Trail'],
  ['Hyundai', 'Santa Fe'],
  ['Hyundai', 'Tucson'],
  ['Mitsubishi', 'Outlander'],
];
const engine = new SearchEngine({ cacheSize: 0 });
engine.addIndex(
  'cars',
  models.map(([make, model], i) => ({
    objectID: String(i + 1),
    make,
    model,
    name: `${make} ${model}`,
    rank: 10 - i,
  })),
  {
    searchableAttributes: ['name', 'make', 'model'],
    attributesForFaceting: [],
    customRanking: [{ attribute: 'rank', order: 'desc' }],
  },
);
const find = (query: string, typoTolerance = true) =>
  engine.search('cars', { query, typoTolerance }).hits.map((h) => Number(h.objectID));

describe('typo distance', () => {
  it('counts a swap of two adjacent letters as one typo', () => {
    expect(boundedDistance('rnager', 'ranger', 2)).toBe(1);
    expect(boundedDistance('hliux', 'hilux', 2)).toBe(1);
    expect(boundedDistance('toyta', 'toyota', 2)).toBe(1);
    expect(boundedDistance('abcd', 'badc', 3)).toBe(2);
    expect(boundedDistance('ranger', 'ranger', 1)).toBe(0);
    expect(boundedDistance('ranger', 'rover', 1)).toBe(2);
  });

  it('lists each swapped spelling once', () => {
    expect(swapVariants('abc')).toEqual(['bac', 'acb']);
    expect(swapVariants('aab')).toEqual(['aba']);
  });
});

describe('transposed letters', () => {
  it('finds a word with two adjacent letters swapped, as one typo', () => {
    expect(find('rnager')).toEqual([1]);
    expect(find('hliux')).toEqual([2]);
    expect(find('toyota hliux')).toEqual([2]);
    expect(find('corolal')).toEqual([5]);
  });

  it('a swap in the word being typed (prefix) still finds it', () => {
    expect(find('toyota hlil')).toEqual([]);
    // "rang…": Ranger and Range Rover, custom rank between them.
    expect(find('rnag')).toEqual([1, 4]);
  });

  it('a swap plus another typo is two typos: not in a short word; a swap alone in a long word is found', () => {
    expect(find('rnagr')).toEqual([]);
    expect(find('lnadcruiser')).toEqual([3]);
  });

  it('a swapped spelling ranks as one typo, after the exact word', () => {
    // "ranger" itself (exact) before "range" (one typo) in Range Rover.
    expect(find('ranger')).toEqual([1, 4]);
  });

  it('no swaps without typo tolerance, nor in words under 4 letters', () => {
    expect(find('rnager', false)).toEqual([]);
    expect(find('xc5')).toEqual([]);
  });
});

describe('other models', () => {
  it('swaps, and joined or split words, hold for models the rules were not written for', () => {
    expect(find('tuscon')).toEqual([9]);
    expect(find('outlnader')).toEqual([10]);
    expect(find('hyundai santafe')).toEqual([8]);
    expect(find('xtrail')).toEqual([7]);
    expect(find('x trail')).toEqual([7]);
    expect(find('cx5')).toEqual([6]);
  });
});

describe('split and joined words', () => {
  it('two query words joined find a one-word model', () => {
    expect(find('land cruiser')).toEqual([3]);
    expect(find('toyota land cruiser')).toEqual([3]);
    expect(find('hi lux')).toEqual([2]);
    expect(find('hi-lux')).toEqual([2]);
    expect(find('toyota hi lu')).toEqual([2]);
  });

  it('one query word split in two finds a two-word model', () => {
    expect(find('rangerover')).toEqual([4]);
    expect(find('landrover range')).toEqual([4]);
  });

  it('the words as typed still match, exact before prefix', () => {
    // Land Rover has the word itself, LandCruiser only its start: exact first.
    expect(find('land')).toEqual([4, 3]);
    expect(find('range rover')).toEqual([4]);
  });

  it('a query longer than the alternative limit is read only as typed', () => {
    const words = Array.from({ length: MAX_ALTERNATIVE_WORDS }, () => 'toyota');
    expect(find([...words, 'land', 'cruiser'].join(' '))).toEqual([]);
    expect(find([...words.slice(2), 'land', 'cruiser'].join(' '))).toEqual([3]);
  });
});
