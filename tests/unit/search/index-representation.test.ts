/**
 * The index representation (engine/search/README.md, "Index representation") against naive
 * loops over the records, on random data: posting lists with bitsets only for frequent values,
 * sorted distinct numbers for ranges, counting-sort orders, and the identifiers' prefix index.
 */
import { describe, expect, it } from 'vitest';
import {
  AttributeIndex,
  facetKey,
  getPath,
  isFrequent,
} from '../../../engine/search/attribute-index.ts';
import { countBits, idsOf } from '../../../engine/search/bitset.ts';
import { countValues, facetStats } from '../../../engine/search/facets.ts';
import { SearchIndex, type SortSpec } from '../../../engine/search/search-index.ts';
import { TextIndex } from '../../../engine/search/text-index.ts';
import { mulberry32 } from '../../../demo/prng.ts';

/** The same numbers on every run. */
const random = mulberry32;

const SIZE = 3000;

function records(seed: number) {
  const rnd = random(seed);
  const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)];
  return Array.from({ length: SIZE }, (_, i) => {
    const r = rnd();
    return {
      objectID: String(i),
      // Frequent values (a, b: most records, in two spellings) and hundreds of rare ones.
      kind:
        r < 0.4
          ? pick(['a', 'A'])
          : r < 0.7
            ? 'b'
            : r < 0.95
              ? `rare-${Math.floor(rnd() * 400)}`
              : undefined,
      // Numbers with ties, gaps and missing values; negatives and fractions.
      n: rnd() < 0.1 ? null : Math.round((rnd() - 0.3) * 200) / 4 + 0,
      // Strings, numbers and booleans in one attribute ("1" and 1 are one value).
      mixed: pick<string | number | boolean>(['1', 1, true, false, 'x', 2.5, 0]),
      // Several values, repeated within a record, some numeric.
      tags: Array.from({ length: Math.floor(rnd() * 4) }, () =>
        pick<string | number>(['red', 'Red', 'blue', 'green', 3, 7, `t${Math.floor(rnd() * 200)}`]),
      ),
      nested: { city: rnd() < 0.5 ? 'Perth' : `Town ${Math.floor(rnd() * 100)}` },
      rank: Math.floor(rnd() * 50),
      code: `${pick(['AB', 'ABC', 'XY'])}${Math.floor(rnd() * 1000)}-${pick(['Q', 'QQ'])}`,
      vin: rnd() < 0.2 ? undefined : `V${Math.floor(rnd() * 5000)}`,
    };
  });
}

type Rec = ReturnType<typeof records>[number];

function valuesOf(record: unknown, path: string): (string | number | boolean)[] {
  const v = getPath(record, path);
  const list = Array.isArray(v) ? v : v === null || v === undefined ? [] : [v];
  return list.filter((x) => ['string', 'number', 'boolean'].includes(typeof x));
}

const asNumber = (x: string | number | boolean) =>
  typeof x === 'number' ? x : typeof x === 'boolean' ? (x ? 1 : 0) : NaN;

/**
 * A value's number: a string is one value with the number of the same spelling ("1" and 1 are
 * the value "1", numeric 1), so its records are found by numeric filters too.
 */
function numberReader(data: unknown[], path: string) {
  const numeric = new Map<string, number>();
  for (const r of data)
    for (const x of valuesOf(r, path))
      if (typeof x !== 'string') numeric.set(facetKey(String(x)), asNumber(x));
  return (x: string | number | boolean) =>
    typeof x === 'string' ? (numeric.get(facetKey(x)) ?? NaN) : asNumber(x);
}

describe('attribute columns: same answers as a naive loop', () => {
  const data = records(7);
  const attrs = ['kind', 'n', 'mixed', 'tags', 'nested.city'];

  it.each(attrs)(
    '%s: every value filters, counts and ranges as a loop over the records finds',
    (name) => {
      const attr = new AttributeIndex(name, data);
      const keys = new Set(data.flatMap((r) => valuesOf(r, name).map((x) => facetKey(String(x)))));
      expect(attr.values.map(facetKey).sort()).toEqual([...keys].sort());
      let frequent = 0;
      let rare = 0;
      for (const value of attr.values) {
        const expected = data.flatMap((r, doc) =>
          valuesOf(r, name).some((x) => facetKey(String(x)) === facetKey(value)) ? [doc] : [],
        );
        for (const asked of [value, value.toUpperCase()]) {
          const bits = attr.bitsFor(asked, SIZE)!;
          expect([...idsOf(bits)]).toEqual(expected);
        }
        if (isFrequent(expected.length, SIZE)) frequent++;
        else rare++;
        // Facet counts over a random half of the documents.
        const half = Uint32Array.from(expected.filter((d) => d % 2 === 0));
        expect(countValues(attr, half)[attr.valueId(value)!]).toBe(half.length);
      }
      // Only the frequent values keep a bitset; a rare one is made anew (and the same) each time.
      expect(attr.keptBitsets()).toBe(frequent);
      if (name === 'kind' || name === 'tags') expect(frequent * rare).toBeGreaterThan(0);
      expect(attr.bitsFor('no such value', SIZE)).toBeUndefined();

      const numberOf = numberReader(data, name);
      const numbers = data.map((r) =>
        valuesOf(r, name)
          .map(numberOf)
          .filter((x) => x === x),
      );
      for (const [lo, hi, loStrict, hiStrict] of [
        [-Infinity, Infinity, false, false],
        [0, 1, false, false],
        [0, 1, true, true],
        [-10, 12.25, false, true],
        [2.5, 2.5, false, false],
        [7, 3, false, false],
      ] as const) {
        const expected = numbers.flatMap((ns, doc) =>
          ns.some((x) => (loStrict ? x > lo : x >= lo) && (hiStrict ? x < hi : x <= hi))
            ? [doc]
            : [],
        );
        expect([...idsOf(attr.numericRange(lo, hi, SIZE, loStrict, hiStrict))]).toEqual(expected);
      }
      // The stats column: each document's first number.
      expect([...attr.numColumn]).toEqual(numbers.map((ns) => (ns.length ? ns[0] : NaN)));
      expect(attr.hasNumbers).toBe(numbers.some((ns) => ns.length > 0));
      // Stats over every third document: each one's first number (read through the value column when single-valued).
      const some = Uint32Array.from(data.map((_, d) => d).filter((d) => d % 3 === 0));
      const firsts = [...some].map((d) => numbers[d][0]).filter((x) => x !== undefined);
      const stats = facetStats(attr, some);
      if (!attr.hasNumbers || attr.hasStrings) expect(stats).toBeUndefined();
      else
        expect(stats).toEqual({
          min: Math.min(...firsts),
          max: Math.max(...firsts),
          sum: firsts.reduce((a, b) => a + b, 0),
          avg: firsts.reduce((a, b) => a + b, 0) / firsts.length,
        });
    },
  );

  it('a computed attribute reads each record through the function, without copies', () => {
    const attr = new AttributeIndex('big', data, (r) => (r as Rec).rank > 25);
    expect(countBits(attr.bitsFor('true', SIZE)!)).toBe(data.filter((r) => r.rank > 25).length);
    expect(countBits(attr.numericRange(1, 1, SIZE))).toBe(data.filter((r) => r.rank > 25).length);
  });
});

describe('attributes built together in one pass over the records', () => {
  const data = records(13);
  const computed = (r: Record<string, unknown>) => (r as Rec).rank > 25;
  const sources = [
    { name: 'kind' },
    { name: 'n' },
    { name: 'mixed' },
    { name: 'tags' },
    { name: 'nested.city' },
    { name: 'big', compute: computed },
    { name: 'vin' },
    { name: 'absent' },
  ];
  /** Everything an attribute index answers from, for comparing two builds. */
  const answers = (attr: AttributeIndex) => ({
    values: attr.values,
    single: attr.single && [...attr.single],
    offsets: attr.offsets && [...attr.offsets],
    multi: attr.multi && [...attr.multi],
    postings: attr.values.map((_, id) => [...attr.docsOf(id)]),
    numbers: attr.values.map((_, id) => attr.numberOfValue(id)),
    ranks: attr.numberRanks(),
    range: [...idsOf(attr.numericRange(-5, 20, SIZE, false, true))],
    hasNumbers: attr.hasNumbers,
    hasStrings: attr.hasStrings,
  });

  it('each attribute is the same as built alone', () => {
    const together = AttributeIndex.many(data, sources);
    expect(together.map((a) => a.name)).toEqual(sources.map((s) => s.name));
    together.forEach((attr, i) =>
      expect(answers(attr)).toEqual(
        answers(new AttributeIndex(sources[i].name, data, sources[i].compute)),
      ),
    );
  });

  it.each([
    [100, Int8Array],
    [301, Int16Array],
    [40_001, Int32Array],
  ] as const)(
    "%i distinct values: a value column as narrow as they allow, with every document's value",
    (distinct, kind) => {
      // Every third record has no value; values repeat in a scrambled order, so a column widens mid-way.
      const many = Array.from({ length: 90_000 }, (_, i) => ({
        v: i % 3 === 2 ? undefined : (i * 7919) % distinct,
      }));
      const attr = new AttributeIndex('v', many);
      expect(attr.single).toBeInstanceOf(kind);
      const firstSeen = new Map<number, number>();
      many.forEach(
        (r) => r.v !== undefined && !firstSeen.has(r.v) && firstSeen.set(r.v, firstSeen.size),
      );
      expect(firstSeen.size).toBe(distinct);
      expect(attr.values).toEqual([...firstSeen.keys()].map(String));
      expect([...attr.single!]).toEqual(
        many.map((r) => (r.v === undefined ? -1 : firstSeen.get(r.v)!)),
      );
      const last = attr.values.length - 1;
      expect([...attr.docsOf(last)]).toEqual(
        many.flatMap((r, doc) => (r.v !== undefined && firstSeen.get(r.v) === last ? [doc] : [])),
      );
    },
  );

  it('an index builds its eager attributes together and answers as when they are built on first use', () => {
    const settings = {
      searchableAttributes: [],
      attributesForFaceting: ['kind', 'tags'],
      customRanking: [{ attribute: 'rank', order: 'desc' }] as SortSpec[],
      computedAttributes: { big: computed },
    };
    const eager = new SearchIndex('t', data, {
      ...settings,
      eagerAttributes: ['kind', 'n', 'tags', 'big', 'nested.city', 'kind'],
    });
    const lazy = new SearchIndex('t', data, settings);
    expect(eager.attributeCount()).toBe(5);
    for (const name of ['kind', 'n', 'tags', 'big', 'nested.city'])
      expect(answers(eager.attribute(name))).toEqual(answers(lazy.attribute(name)));
  });
});

describe('orders: a counting sort per attribute gives the comparison sort', () => {
  /** The order as a comparison sort gives it: attribute by attribute, missing last either way, then record order. */
  function naiveOrder(data: Rec[], specs: SortSpec[]): number[] {
    const readers = new Map(specs.map((s) => [s.attribute, numberReader(data, s.attribute)]));
    const first = (r: Rec, path: string) =>
      valuesOf(r, path)
        .map(readers.get(path)!)
        .find((x) => x === x) ?? NaN;
    return data
      .map((_, i) => i)
      .sort((a, b) => {
        for (const { attribute, order } of specs) {
          const va = first(data[a], attribute);
          const vb = first(data[b], attribute);
          if (Number.isNaN(va) || Number.isNaN(vb)) {
            if (Number.isNaN(va) !== Number.isNaN(vb)) return Number.isNaN(va) ? 1 : -1;
            continue;
          }
          if (va !== vb) return (va - vb) * (order === 'asc' ? 1 : -1);
        }
        return a - b;
      });
  }

  it.each([
    [[] as SortSpec[]],
    [[{ attribute: 'n', order: 'asc' }] as SortSpec[]],
    [[{ attribute: 'n', order: 'desc' }] as SortSpec[]],
    [
      [
        { attribute: 'mixed', order: 'desc' },
        { attribute: 'n', order: 'asc' },
      ] as SortSpec[],
    ],
    [[{ attribute: 'tags', order: 'asc' }] as SortSpec[]],
    [[{ attribute: 'kind', order: 'asc' }] as SortSpec[]],
  ])('sort %j then custom ranking', (sort) => {
    const data = records(11);
    const custom: SortSpec[] = [{ attribute: 'rank', order: 'desc' }];
    const index = new SearchIndex('t', data, {
      searchableAttributes: [],
      attributesForFaceting: [],
      customRanking: custom,
    });
    expect([...index.order(sort)]).toEqual(naiveOrder(data, [...sort, ...custom]));
  });

  it('every replica starts from the custom ranking order without changing it', () => {
    const data = records(17);
    const custom: SortSpec[] = [
      { attribute: 'rank', order: 'desc' },
      { attribute: 'mixed', order: 'asc' },
    ];
    const index = new SearchIndex('t', data, {
      searchableAttributes: [],
      attributesForFaceting: [],
      customRanking: custom,
    });
    const base = [...index.order()];
    const sorts: SortSpec[][] = [
      [{ attribute: 'n', order: 'desc' }],
      [
        { attribute: 'kind', order: 'asc' },
        { attribute: 'n', order: 'asc' },
      ],
      [{ attribute: 'rank', order: 'asc' }],
    ];
    for (const sort of sorts)
      expect([...index.order(sort)]).toEqual(naiveOrder(data, [...sort, ...custom]));
    expect([...index.order([])]).toEqual(base);
    expect(base).toEqual(naiveOrder(data, custom));
  });
});

describe('identifiers: the prefix index finds what a loop over the words finds', () => {
  const data = records(3);
  const text = new TextIndex(data, { attributes: ['code', 'vin'], exactOnly: ['code', 'vin'] });
  /** Lower-cased words of a field, and "ab12-q" joined as "ab12q" too (the text index's tokens). */
  const tokens = (value: unknown) => {
    if (typeof value !== 'string') return [];
    const lower = value.toLowerCase();
    const parts = lower.match(/[a-z0-9]+/g) ?? [];
    return lower.includes('-') ? [...parts, lower.replace(/-/g, '')] : parts;
  };

  it.each([
    ['ab', undefined],
    ['abc1', undefined],
    ['ab12q', undefined],
    ['q', undefined],
    ['qq', ['code']],
    ['v1', ['vin']],
    ['v1', ['code']],
    ['xy999', undefined],
    ['zz', undefined],
  ] as const)('"%s" in %j', (word, fields) => {
    const found = text.match(
      [{ text: word, prefix: false, maxTypos: 2 }],
      fields ? [...fields] : undefined,
    );
    const expected: number[] = [];
    const tiers: number[] = [];
    data.forEach((r, doc) => {
      const words = (fields ?? ['code', 'vin']).flatMap((f) => tokens(r[f as 'code' | 'vin']));
      const matching = words.filter((w) => w.startsWith(word));
      if (!matching.length) return;
      expected.push(doc);
      tiers.push(matching.includes(word) ? 0 : 1);
    });
    const docs = [...idsOf(found.bits)];
    expect(docs).toEqual(expected);
    expect(docs.map((d) => found.tiers[d])).toEqual(tiers);
  });
});
