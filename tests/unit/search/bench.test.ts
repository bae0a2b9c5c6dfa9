/** The search benchmark must compare equal work: both engines give the same answers, down to the page, facet counts and stats. */
import { describe, expect, it } from 'vitest';
import { buildReport, prepareBench, sameAnswer } from '../../../scripts/bench/search.ts';
import { answerDifferences, type QueryOutcome } from '../../../scripts/bench/search-orama.ts';

describe('search benchmark', () => {
  it('the embedded engine and Orama give the same hits, page, facet counts and stats for (a), (b) and (c)', async () => {
    const bench = await prepareBench(3000);
    for (const q of bench.queries) {
      const ours = bench.forecourt(q);
      const theirs = await bench.orama(q);
      expect(ours.nbHits, q.key).toBeGreaterThan(21);
      expect(ours.page, q.key).toHaveLength(21);
      expect(Object.keys(ours.facets.model).length, q.key).toBeGreaterThan(1);
      expect(ours.stats.price, q.key).toBeDefined();
      expect(answerDifferences(ours, theirs), q.key).toEqual([]);
    }
  }, 120_000);

  it('any difference is caught: hit count, page order, one facet count, one stat', () => {
    const base: QueryOutcome = {
      nbHits: 3,
      page: ['1', '2'],
      facets: { make: { Ford: 2, Kia: 1 } },
      stats: { price: { min: 1, max: 9, sum: 12 }, km: undefined, year: undefined },
    };
    const variant = (change: Partial<QueryOutcome>) => ({ ...base, ...change });
    expect(sameAnswer(base, variant({}))).toBe(true);
    expect(sameAnswer(base, variant({ nbHits: 4 }))).toBe(false);
    expect(sameAnswer(base, variant({ page: ['2', '1'] }))).toBe(false);
    expect(sameAnswer(base, variant({ facets: { make: { Ford: 2, Kia: 2 } } }))).toBe(false);
    expect(sameAnswer(base, variant({ facets: { make: { Ford: 2 } } }))).toBe(false);
    expect(
      sameAnswer(base, variant({ stats: { ...base.stats, price: { min: 1, max: 8, sum: 12 } } })),
    ).toBe(false);
    expect(sameAnswer(base, variant({ stats: { ...base.stats, price: undefined } }))).toBe(false);
  });

  it('the build report prints each size for both sides and the growth aim with meets or MISSES', () => {
    const fig = (ms: number, mb: number) => ({ ms, cpuMs: ms, mb });
    const report = buildReport([
      { cars: 20000, forecourt: fig(1000, 30), orama: fig(2000, 100) },
      { cars: 200000, forecourt: fig(10500, 200), orama: fig(25000, 1000) },
    ]).join('\n');
    expect(report).toMatch(
      /build wall time for 10× the cars: 10\.5× \(aim ≤ 11\.0×\) meets; Orama 12\.5×/,
    );
    const slow = buildReport([
      { cars: 20000, forecourt: fig(1000, 30), orama: fig(2000, 100) },
      { cars: 200000, forecourt: fig(15000, 200), orama: fig(25000, 1000) },
    ]).join('\n');
    expect(slow).toMatch(/15\.0× \(aim ≤ 11\.0×\) MISSES/);
  });
});
