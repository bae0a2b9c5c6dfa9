/**
 * The demo's deterministic pseudo-randomness: a small seeded PRNG (mulberry32) with the draws
 * the inventory generator needs, and the string hash and pick the seeded reviews, the fake
 * registry and the fake history reports use. Math.random is never used: the same seed must
 * give the same stock, reviews and reports on every machine, so demo sites, tests and
 * benchmarks see the same data.
 */

export type Rng = () => number;

export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** mulberry32 under the name the seeded reviews and the fake registry use: floats in [0, 1). */
export const prng = mulberry32;

/** FNV-1a, 32 bits. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)];
}

/** Mixes two integers into a seed, so each car gets its own stream (car n is the same whatever the count). */
export function mixSeed(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

export class Draw {
  constructor(readonly next: Rng) {}

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  range(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  }

  /** Roughly normal (mean 0, sd 1): sum of uniforms, cheap and bounded. */
  normal(): number {
    return this.next() + this.next() + this.next() + this.next() - 2;
  }

  /** Exponential with the given mean: waiting times such as days on the lot. */
  exponential(mean: number): number {
    return -Math.log(1 - this.next()) * mean;
  }

  /** Picks from a table made once with cumulativeWeights (binary search, no per-draw sums). */
  fromTable<T>(items: readonly T[], cumulative: Float64Array): T {
    const r = this.next() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] > r) hi = mid;
      else lo = mid + 1;
    }
    return items[lo];
  }

  /** k distinct items, in list order. */
  some<T>(items: readonly T[], k: number): T[] {
    if (k >= items.length) return items.slice();
    const chosen = new Set<number>();
    while (chosen.size < k) chosen.add(Math.floor(this.next() * items.length));
    return [...chosen].sort((x, y) => x - y).map((i) => items[i]);
  }
}

export function cumulativeWeights(weights: readonly number[]): Float64Array {
  const out = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((w, i) => (out[i] = sum += w));
  return out;
}
