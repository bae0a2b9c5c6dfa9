/**
 * Typo counting as Algolia does it: a swap of two adjacent letters ("rnager" for "ranger") is
 * one typo, like a missing, extra or wrong letter (optimal string alignment distance, the
 * restricted Damerau–Levenshtein distance). engine/search/README.md, "Text".
 */

/** Distance up to max (returns max + 1 when further), counting an adjacent swap as one edit. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, before[j - 2] + 1);
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return prev[b.length];
}

/**
 * The word with one pair of adjacent letters swapped, each distinct spelling once. MiniSearch
 * counts typos as Levenshtein edits (a swap is two), so the text index also looks these up
 * with one typo fewer: together that is every word within the Algolia typo count.
 */
export function swapVariants(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i + 1 < word.length; i++) {
    if (word[i] === word[i + 1]) continue;
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
  }
  return [...out];
}
