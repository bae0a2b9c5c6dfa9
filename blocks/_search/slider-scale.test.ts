import { describe, expect, it } from 'vitest';
import { PRICE_BANDS, scaleStops, stopIndex, stopsFor } from './slider-scale.ts';
import { sliderBounds } from './slider-rules.ts';

describe('price scale', () => {
  const stops = stopsFor('price', sliderBounds('price', { min: 0, max: 888_450 }))!;
  it('moves $1,000 at a time at low prices, never $9,000, over $0–$889k', () => {
    expect(stops.slice(0, 4)).toEqual([0, 1000, 2000, 3000]);
    expect(stops).toContain(19_000);
    const gaps = stops.slice(1).map((v, i) => [stops[i], v - stops[i]]);
    for (const [at, gap] of gaps) if (at < 20_000) expect(gap).toBe(1000);
    expect(stops.at(-1)).toBe(889_000);
    // About a hundred positions, as the equal-step rule gives, but spent where the cars are.
    expect(stops.length).toBeGreaterThan(60);
    expect(stops.length).toBeLessThan(110);
  });
  it('every stop is a whole thousand (the snapping rule), ascending, ends included', () => {
    for (const s of stops) expect(s % 1000).toBe(0);
    expect([...stops].sort((a, b) => a - b)).toEqual(stops);
    expect(new Set(stops).size).toBe(stops.length);
    expect(scaleStops({ min: 31_000, max: 57_000 }, PRICE_BANDS)).toEqual([
      31_000, 32_000, 34_000, 36_000, 38_000, 40_000, 42_000, 44_000, 46_000, 48_000, 50_000,
      55_000, 57_000,
    ]);
  });
  it('places a value between stops below it for a lower thumb and above it for an upper thumb', () => {
    const s = [0, 1000, 2000, 4000];
    expect(stopIndex(s, 2000, 0)).toBe(2);
    expect(stopIndex(s, 2500, 0)).toBe(2);
    expect(stopIndex(s, 2500, 1)).toBe(3);
    expect(stopIndex(s, 9000, 1)).toBe(3);
  });
  it('year keeps equal steps', () => {
    expect(stopsFor('year', { min: 2008, max: 2025 })).toBeUndefined();
  });
});
