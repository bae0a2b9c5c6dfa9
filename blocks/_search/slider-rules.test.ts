import { describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_BOUNDS,
  formatRangeValue,
  parseRangeValue,
  proposeRange,
  sliderBounds,
  sliderStep,
  snap,
  stepThumb,
  thumbsFor,
  tidyRangeValue,
  tidyRanges,
} from './slider-rules.ts';

const quiet = { log: () => {} };

describe('slider bounds', () => {
  it('defaults to 0–100000 without facet stats', () => {
    expect(sliderBounds('year', undefined)).toEqual(DEFAULT_BOUNDS);
    expect(sliderBounds('km', null)).toEqual({ min: 0, max: 100000 });
  });
  it('takes the max from facet stats only when it is positive', () => {
    expect(sliderBounds('year', { min: 2008, max: 2025 })).toEqual({ min: 2008, max: 2025 });
    expect(sliderBounds('subscription_price', { min: 0, max: 0 })).toEqual({ min: 0, max: 100000 });
    expect(sliderBounds('subscription_price', { min: -5, max: -1 })).toEqual({
      min: 0,
      max: 100000,
    });
    expect(sliderBounds('year', { min: 2008, max: Number.NaN })).toEqual({ min: 0, max: 100000 });
  });
  it('widens price and km outward to whole thousands so every car stays inside', () => {
    expect(sliderBounds('price', { min: 4990, max: 87450 })).toEqual({ min: 4000, max: 88000 });
    expect(sliderBounds('km', { min: 12, max: 250001 })).toEqual({ min: 0, max: 251000 });
  });
  it('step is the range divided by 100, rounded (at least 1); price and km step by thousands', () => {
    expect(sliderStep('year', { min: 2008, max: 2025 })).toBe(1);
    expect(sliderStep('year', { min: 0, max: 100000 })).toBe(1000);
    expect(sliderStep('seats', { min: 0, max: 250 })).toBe(3);
    expect(sliderStep('price', { min: 0, max: 250000 })).toBe(3000);
    expect(sliderStep('km', { min: 0, max: 20000 })).toBe(1000);
  });
});

describe('moving thumbs', () => {
  const bounds = { min: 0, max: 100000 };
  it('snaps price and km to multiples of 1000, not other attributes', () => {
    expect(snap(12499, 'price')).toBe(12000);
    expect(snap(12500, 'km')).toBe(13000);
    expect(snap(2019, 'year')).toBe(2019);
    expect(
      proposeRange([0, 100000], [12345, 100000], 0, bounds, { attribute: 'price', ...quiet }),
    ).toEqual([12000, 100000]);
    expect(
      proposeRange([0, 100000], [12345, 100000], 0, bounds, { attribute: 'year', ...quiet }),
    ).toEqual([12345, 100000]);
  });
  it('keeps the lower thumb from passing the upper one, and the upper from passing the lower', () => {
    expect(
      proposeRange([10000, 20000], [30000, 20000], 0, bounds, { attribute: 'price', ...quiet }),
    ).toEqual([20000, 20000]);
    expect(
      proposeRange([10000, 20000], [10000, 5000], 1, bounds, { attribute: 'price', ...quiet }),
    ).toEqual([10000, 10000]);
  });
  it('keeps a minimum gap when asked (budget finder: at least 1 apart)', () => {
    const b = { min: 5000, max: 250000 };
    expect(
      proposeRange([5000, 20000], [25000, 20000], 0, b, {
        attribute: 'budget',
        minGap: 1,
        ...quiet,
      }),
    ).toEqual([19999, 20000]);
    expect(
      proposeRange([5000, 20000], [5000, 1000], 1, b, { attribute: 'budget', minGap: 1, ...quiet }),
    ).toBeNull();
  });
  it('ignores and logs a value below the range min or above the range max', () => {
    const log = vi.fn();
    expect(
      proposeRange([0, 100000], [-1, 100000], 0, bounds, { attribute: 'price', log }),
    ).toBeNull();
    expect(
      proposeRange([0, 100000], [0, 100001], 1, bounds, { attribute: 'price', log }),
    ).toBeNull();
    expect(
      proposeRange([0, 100000], [Number.NaN, 100000], 0, bounds, { attribute: 'price', log }),
    ).toBeNull();
    expect(log).toHaveBeenCalledTimes(3);
    expect(log.mock.calls[0][0]).toMatch(/price slider: ignored -1, outside 0–100000/);
  });
  it('logs to the console by default (slider errors are logged only)', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    proposeRange([0, 10], [11, 10], 0, { min: 0, max: 10 }, { attribute: 'year' });
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
  it('clamps a snapped value back into the range', () => {
    expect(
      proposeRange(
        [500, 900],
        [500, 900],
        1,
        { min: 500, max: 900 },
        { attribute: 'km', ...quiet },
      ),
    ).toEqual([500, 900]);
    expect(
      proposeRange(
        [500, 900],
        [880, 900],
        0,
        { min: 500, max: 900 },
        { attribute: 'km', ...quiet },
      ),
    ).toEqual([900, 900]);
  });
  it('steps by keyboard within the range', () => {
    const b = { min: 2008, max: 2025 };
    expect(stepThumb([2008, 2025], 0, 1, b, { attribute: 'year', ...quiet })).toEqual([2009, 2025]);
    expect(stepThumb([2008, 2025], 1, 5, b, { attribute: 'year', ...quiet })).toEqual([2008, 2025]);
    expect(stepThumb([2020, 2021], 0, 3, b, { attribute: 'year', ...quiet })).toEqual([2021, 2021]);
  });
  it('rounds to a fixed step when given one', () => {
    const b = { min: 5000, max: 250000 };
    expect(
      proposeRange([5000, 250000], [5000, 61234], 1, b, {
        attribute: 'budget',
        step: 500,
        ...quiet,
      }),
    ).toEqual([5000, 61000]);
  });
});

describe('range values in the URL', () => {
  const bounds = { min: 0, max: 100000 };
  it('stores min:max in whole units, leaving a side at its end of the range open', () => {
    expect(formatRangeValue([10000, 50000], bounds)).toBe('10000:50000');
    expect(formatRangeValue([0, 50000], bounds)).toBe(':50000');
    expect(formatRangeValue([10000, 100000], bounds)).toBe('10000:');
    expect(formatRangeValue([0, 100000], bounds)).toBeUndefined();
  });
  it('reads min:max, open sides and currency symbols', () => {
    expect(parseRangeValue('10000:50000')).toEqual([10000, 50000]);
    expect(parseRangeValue(':54000')).toEqual([undefined, 54000]);
    expect(parseRangeValue('$10,000:$50,000')).toEqual([10000, 50000]);
    expect(parseRangeValue('abc')).toBeUndefined();
    expect(parseRangeValue(':')).toBeUndefined();
  });
  it('shows a refinement clamped into the current range', () => {
    expect(thumbsFor([10000, 50000], bounds)).toEqual([10000, 50000]);
    expect(thumbsFor([undefined, 50000], bounds)).toEqual([0, 50000]);
    expect(thumbsFor([-500, 900000], bounds)).toEqual([0, 100000]);
    expect(thumbsFor(undefined, bounds)).toEqual([0, 100000]);
  });
});

describe('slider values from a URL (tidyRangeValue, tidyRanges)', () => {
  const price = { min: 4000, max: 889_000 };
  it('ignores an inverted range', () => {
    expect(tidyRangeValue('price', '50000:10000', price)).toBeUndefined();
    expect(tidyRangeValue('year', '2024:2010')).toBeUndefined();
  });
  it('ignores a side outside the range, leaving that side open', () => {
    expect(tidyRangeValue('price', '1000:950000', price)).toBeUndefined();
    expect(tidyRangeValue('price', '1000:50000', price)).toBe(':50000');
    expect(tidyRangeValue('price', '20000:950000', price)).toBe('20000:');
    expect(tidyRangeValue('price', '900000:', price)).toBeUndefined();
  });
  it('keeps values inside the range, ends included', () => {
    expect(tidyRangeValue('price', '4000:889000', price)).toBe('4000:889000');
    expect(tidyRangeValue('price', ':54000', price)).toBe(':54000');
  });
  it('without the stock range, still refuses negative values and garbage', () => {
    expect(tidyRangeValue('km', '-5:20000')).toBe(':20000');
    expect(tidyRangeValue('price', 'cheap')).toBeUndefined();
    expect(tidyRangeValue('price', '10000:20000')).toBe('10000:20000');
  });
  it('tidies every range of a state with the stats it has; sliders with no stats keep the structural rules', () => {
    const stats: Record<string, { min: number; max: number }> = {
      price: { min: 4990, max: 888_450 },
    };
    expect(
      tidyRanges({ price: '1000:2000000', km: '30000:10000', year: '2015:' }, (a) => stats[a]),
    ).toEqual({ year: '2015:' });
    expect(tidyRanges({ price: '900:' }, () => ({ min: 0, max: 0 }))).toEqual({ price: '900:' });
    expect(tidyRanges(undefined)).toBeUndefined();
  });
});
