/** A numeric filter (price, kilometres, year…) as a range slider over the index's range. */
import { useRange } from 'react-instantsearch';
import { useSite } from '../../engine/render/site-context.tsx';
import type { SectionWrap } from './filters.tsx';
import { RangeSlider } from './RangeSlider.tsx';
import {
  formatRangeValue,
  parseRangeValue,
  sliderBounds,
  sliderStep,
  thumbsFor,
  type Thumbs,
} from './slider-rules.ts';

export function RangeFilter({
  attribute,
  label,
  wrap,
}: {
  attribute: string;
  label: string;
  wrap: SectionWrap;
}) {
  const { money, number, region } = useSite();
  const { start, range, refine } = useRange({ attribute });
  const bounds = sliderBounds(attribute, range);
  const step = sliderStep(attribute, bounds);
  const refined: [number | undefined, number | undefined] = [
    Number.isFinite(start[0]) ? start[0] : undefined,
    Number.isFinite(start[1]) ? start[1] : undefined,
  ];
  const value = thumbsFor(refined, bounds);
  const unit = region.odometerUnit;
  const format =
    attribute === 'price'
      ? (v: number) => money(v)
      : attribute === 'subscription_price' || attribute === 'weekly_price'
        ? (v: number) => `${money(v)}/wk`
        : attribute === 'km'
          ? (v: number) => `${number(v)} ${unit}`
          : (v: number) => String(v);
  const commit = (thumbs: Thumbs) => {
    // Sides at the ends of the range stay open; inside, the index's own range bounds what refine accepts.
    const text = formatRangeValue(thumbs, bounds);
    const parsed = parseRangeValue(text);
    const lo = parsed?.[0] === undefined ? undefined : Math.max(parsed[0], range.min ?? parsed[0]);
    const hi = parsed?.[1] === undefined ? undefined : Math.min(parsed[1], range.max ?? parsed[1]);
    refine([lo, hi]);
  };
  // Nothing to slide when no car has a value (e.g. subscription prices on a used-car site), unless refined.
  const isRefined = refined[0] !== undefined || refined[1] !== undefined;
  if (!((range.max ?? 0) > 0) && !isRefined) return null;
  return wrap(
    <RangeSlider
      attribute={attribute}
      label={label.toLowerCase()}
      bounds={bounds}
      step={step}
      scaled
      typed
      value={value}
      format={format}
      onCommit={commit}
    />,
    isRefined ? 1 : 0,
  );
}
