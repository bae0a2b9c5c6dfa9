// @vitest-environment node
/** The search benchmark must compare equal work: both engines find the same cars for each query. */
import { describe, expect, it } from 'vitest';
import { prepareBench, sameAnswer } from '../../../scripts/bench/search.ts';

describe('search benchmark', () => {
  it('the embedded engine and Orama give the same hit and make counts for (a), (b) and (c)', async () => {
    const bench = await prepareBench(3000);
    for (const q of bench.queries) {
      const ours = bench.forecourt(q);
      const theirs = await bench.orama(q);
      expect(ours.nbHits, q.key).toBeGreaterThan(0);
      expect(sameAnswer(ours, theirs), `${q.key}: ${ours.nbHits} vs ${theirs.nbHits}`).toBe(true);
    }
    expect(sameAnswer({ nbHits: 2, makes: { a: 1 } }, { nbHits: 3, makes: { a: 1 } })).toBe(false);
    expect(sameAnswer({ nbHits: 2, makes: { a: 1, b: 1 } }, { nbHits: 2, makes: { a: 2, b: 0 } })).toBe(false);
  }, 60_000);
});
