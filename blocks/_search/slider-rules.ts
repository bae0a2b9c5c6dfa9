/**
 * Range slider rules (docs/search-ui.md, "Filters"), as pure functions:
 *  - values are clamped to the range min and max;
 *  - the lower thumb cannot pass the upper thumb and vice versa;
 *  - price and km snap to multiples of 1000;
 *  - a proposed value below the range min or above the range max is ignored (and logged);
 *  - default range 0 to 100000; step is the range divided by 100, rounded;
 *  - the range max is taken from facet stats only when positive;
 *  - a range is stored in the query as min:max.
 *
 * Where each rule applies: a visitor's move (drag, key, typed value) goes through
 * `proposeRange` — out-of-range proposals are ignored and logged, others are snapped,
 * clamped and kept from crossing. A refinement read from the URL is shown through
 * `thumbsFor`, which clamps it into the current range (the URL keeps what it said).
 */

import { CAR_RANGE_FACETS } from '../../schemas/car-attributes.gen.ts';

export interface Bounds {
  min: number;
  max: number;
}

export const DEFAULT_BOUNDS: Readonly<Bounds> = Object.freeze({ min: 0, max: 100000 });
export const SNAP_UNIT = 1000;
/** Attributes whose values snap to multiples of SNAP_UNIT. */
export const SNAPPED_ATTRIBUTES: ReadonlySet<string> = new Set(['price', 'km']);

export interface FacetStatsLike {
  min?: number | null;
  max?: number | null;
}

export interface SliderOptions {
  attribute: string;
  /** Minimum distance between the thumbs (0: they may meet; the budget finder uses 1). */
  minGap?: number;
  /** Fixed step; otherwise derived from the range. */
  step?: number;
  /** Where slider errors go (they are logged only). */
  log?: (message: string) => void;
}

const defaultLog = (message: string) => console.warn(`[forecourt] ${message}`);

export const snaps = (attribute: string) => SNAPPED_ATTRIBUTES.has(attribute);

export function snap(value: number, attribute: string): number {
  return snaps(attribute) ? Math.round(value / SNAP_UNIT) * SNAP_UNIT : value;
}

/**
 * The slider's range from the index's facet stats. The stats count only when their max is
 * positive (then min is theirs too, when it is a number below that max); otherwise the
 * default range 0–100000.
 * Snapped attributes widen the range outward to whole thousands so every car stays inside.
 */
export function sliderBounds(
  attribute: string,
  stats?: FacetStatsLike | null,
  defaults: Bounds = DEFAULT_BOUNDS,
): Bounds {
  const usable = typeof stats?.max === 'number' && Number.isFinite(stats.max) && stats.max > 0;
  const max = usable ? stats!.max! : defaults.max;
  let min =
    usable && typeof stats?.min === 'number' && Number.isFinite(stats.min) && stats.min < max
      ? stats.min
      : defaults.min;
  if (min >= max) min = Math.min(defaults.min, max - 1);
  if (!snaps(attribute)) return { min: Math.floor(min), max: Math.ceil(max) };
  return {
    min: Math.floor(min / SNAP_UNIT) * SNAP_UNIT,
    max: Math.ceil(max / SNAP_UNIT) * SNAP_UNIT,
  };
}

/** Range divided by 100, rounded (at least 1); snapped attributes step by whole thousands. */
export function sliderStep(attribute: string, bounds: Bounds): number {
  const step = Math.max(1, Math.round((bounds.max - bounds.min) / 100));
  if (!snaps(attribute)) return step;
  return Math.max(SNAP_UNIT, Math.round(step / SNAP_UNIT) * SNAP_UNIT);
}

export function clamp(value: number, bounds: Bounds): number {
  return Math.min(bounds.max, Math.max(bounds.min, value));
}

export type Thumbs = [number, number];

/**
 * Applies a visitor's proposal for both thumbs (`moved` says which one they moved).
 * Returns the new thumbs, or null when the proposal is ignored.
 */
export function proposeRange(
  current: Thumbs,
  proposal: Thumbs,
  moved: 0 | 1,
  bounds: Bounds,
  options: SliderOptions,
): Thumbs | null {
  const log = options.log ?? defaultLog;
  const gap = Math.max(0, options.minGap ?? 0);
  const value = proposal[moved];
  if (!Number.isFinite(value)) {
    log(`${options.attribute} slider: ignored a value that is not a number`);
    return null;
  }
  if (value < bounds.min || value > bounds.max) {
    log(`${options.attribute} slider: ignored ${value}, outside ${bounds.min}–${bounds.max}`);
    return null;
  }
  const next: Thumbs = [current[0], current[1]];
  const stepped = options.step
    ? bounds.min + Math.round((value - bounds.min) / options.step) * options.step
    : value;
  next[moved] = clamp(snap(stepped, options.attribute), bounds);
  // The moved thumb stops at the other one (less the gap); neither crosses.
  if (moved === 0) next[0] = Math.min(next[0], next[1] - gap);
  else next[1] = Math.max(next[1], next[0] + gap);
  next[0] = clamp(next[0], bounds);
  next[1] = clamp(next[1], bounds);
  if (next[0] > next[1] - gap) {
    log(`${options.attribute} slider: thumbs cannot cross`);
    return null;
  }
  return next;
}

/** Moves one thumb by a number of steps (keyboard). */
export function stepThumb(
  current: Thumbs,
  thumb: 0 | 1,
  steps: number,
  bounds: Bounds,
  options: SliderOptions,
): Thumbs | null {
  const step = options.step ?? sliderStep(options.attribute, bounds);
  const target = clamp(current[thumb] + steps * step, bounds);
  const proposal: Thumbs = [current[0], current[1]];
  proposal[thumb] = target;
  return proposeRange(current, proposal, thumb, bounds, options);
}

/** "10000:50000" → [10000, 50000]; empty sides are undefined; anything else → undefined. */
export function parseRangeValue(
  value: string | undefined,
): [number | undefined, number | undefined] | undefined {
  if (!value) return undefined;
  const m = /^\s*(-?\d+(?:\.\d+)?)?\s*:\s*(-?\d+(?:\.\d+)?)?\s*$/.exec(value.replace(/[$,]/g, ''));
  if (!m || (m[1] === undefined && m[2] === undefined)) return undefined;
  return [
    m[1] === undefined ? undefined : Number(m[1]),
    m[2] === undefined ? undefined : Number(m[2]),
  ];
}

/**
 * Thumbs to show for a refinement (from the URL or the search state): each side clamped
 * into the range; a missing side sits at its end of the range; they never cross.
 */
export function thumbsFor(
  refined: [number | undefined, number | undefined] | undefined,
  bounds: Bounds,
): Thumbs {
  const lo =
    refined?.[0] !== undefined && Number.isFinite(refined[0])
      ? clamp(refined[0], bounds)
      : bounds.min;
  const hi =
    refined?.[1] !== undefined && Number.isFinite(refined[1])
      ? clamp(refined[1], bounds)
      : bounds.max;
  return lo <= hi ? [lo, hi] : [hi, lo];
}

/**
 * The refinement to store for thumbs: min:max in whole units, without currency symbols.
 * A thumb at its end of the range leaves that side open ("10000:" — and no range at all
 * when both are), so cars added above today's maximum still match tomorrow.
 */
export function formatRangeValue(thumbs: Thumbs, bounds: Bounds): string | undefined {
  const lo = thumbs[0] <= bounds.min ? '' : String(Math.round(thumbs[0]));
  const hi = thumbs[1] >= bounds.max ? '' : String(Math.round(thumbs[1]));
  return lo === '' && hi === '' ? undefined : `${lo}:${hi}`;
}

/** Attributes no car can have below zero (a negative side in a URL is no limit at all): every range of the car schema. */
const NON_NEGATIVE: ReadonlySet<string> = new Set(CAR_RANGE_FACETS);

/**
 * A slider value read from a URL, as it will be searched (docs/search-ui.md, "Filters"):
 * an inverted range (min above max) is ignored; a side outside the range (`bounds`, the
 * site's stock when known; below zero always) is ignored, as a visitor's value outside the
 * range would be, leaving that side open; undefined when nothing is left.
 */
export function tidyRangeValue(
  attribute: string,
  value: string,
  bounds?: Bounds,
): string | undefined {
  const parsed = parseRangeValue(value);
  if (!parsed) return undefined;
  let [lo, hi] = parsed;
  if (lo !== undefined && hi !== undefined && lo > hi) return undefined;
  const outside = (v: number | undefined) =>
    v !== undefined &&
    (!Number.isFinite(v) ||
      (NON_NEGATIVE.has(attribute) && v < 0) ||
      (!!bounds && (v < bounds.min || v > bounds.max)));
  if (outside(lo)) lo = undefined;
  if (outside(hi)) hi = undefined;
  if (lo === undefined && hi === undefined) return undefined;
  return `${lo ?? ''}:${hi ?? ''}`;
}

/** Every range of a search state tidied (`statsOf` gives an attribute's facet stats for the site's stock, when known). */
export function tidyRanges(
  ranges: Record<string, string> | undefined,
  statsOf: (attribute: string) => FacetStatsLike | undefined = () => undefined,
): Record<string, string> | undefined {
  if (!ranges) return undefined;
  const out: Record<string, string> = {};
  for (const [attribute, value] of Object.entries(ranges)) {
    const stats = statsOf(attribute);
    const usable = typeof stats?.max === 'number' && stats.max > 0;
    const tidy = tidyRangeValue(
      attribute,
      value,
      usable ? sliderBounds(attribute, stats) : undefined,
    );
    if (tidy) out[attribute] = tidy;
  }
  return Object.keys(out).length ? out : undefined;
}
