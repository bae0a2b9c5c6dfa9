/**
 * Scales for sliders whose range spans orders of magnitude (docs/search-ui.md, "Filters"):
 * instead of equal steps (1/100 of the range: $9,000 a step over $0–$889,000, so nothing
 * between $0 and $9,000), the thumb moves through round stops that are fine where most
 * cars are and coarse where few are. Every stop is a multiple of the attribute's snapping
 * unit (1000 for price and km), so the snapping rule holds.
 */
import type { Bounds } from './slider-rules.ts';

/** [up to (exclusive), step]: stops below `upTo` are multiples of `step`. */
export type Band = readonly [upTo: number, step: number];

/** Price: $1,000 steps to $20,000, then coarser bands. */
export const PRICE_BANDS: readonly Band[] = [
  [20_000, 1_000],
  [50_000, 2_000],
  [100_000, 5_000],
  [200_000, 10_000],
  [500_000, 25_000],
  [1_000_000, 50_000],
  [2_000_000, 100_000],
  [Number.POSITIVE_INFINITY, 500_000],
];

/** Kilometres (or miles): 1,000 steps to 20,000, then coarser. */
export const KM_BANDS: readonly Band[] = [
  [20_000, 1_000],
  [100_000, 5_000],
  [300_000, 10_000],
  [Number.POSITIVE_INFINITY, 50_000],
];

/** The attributes that slide over stops rather than equal steps. */
export const SCALED_ATTRIBUTES: Readonly<Record<string, readonly Band[]>> = {
  price: PRICE_BANDS,
  km: KM_BANDS,
};

/**
 * The stops of a range: its two ends and every round value of the bands strictly between
 * them, ascending. Empty when the range is empty.
 */
export function scaleStops(bounds: Bounds, bands: readonly Band[]): number[] {
  if (!(bounds.max > bounds.min)) return [];
  const stops = [bounds.min];
  let lower = 0;
  for (const [upTo, step] of bands) {
    let v = Math.max(lower, Math.floor(bounds.min / step) * step + step);
    v = Math.ceil(v / step) * step;
    for (; v < upTo && v < bounds.max; v += step) if (v > stops[stops.length - 1]) stops.push(v);
    if (upTo >= bounds.max) break;
    lower = upTo;
  }
  stops.push(bounds.max);
  return stops;
}

/** The stops for an attribute's slider, or undefined when it slides in equal steps. */
export function stopsFor(attribute: string, bounds: Bounds): number[] | undefined {
  const bands = SCALED_ATTRIBUTES[attribute];
  return bands ? scaleStops(bounds, bands) : undefined;
}

/**
 * Where a value sits on the stops: the stop it is on, else for a lower thumb the last stop
 * below it and for an upper thumb the first stop above it (so a thumb never hides cars its
 * value lets in).
 */
export function stopIndex(stops: readonly number[], value: number, side: 0 | 1): number {
  if (!stops.length) return 0;
  let i = 0;
  while (i < stops.length - 1 && stops[i + 1] <= value) i++;
  if (side === 1 && stops[i] < value && i < stops.length - 1) i++;
  return i;
}
