/**
 * A two-thumb range slider made of two native range inputs (touch, pointer and screen
 * readers work as with any slider; aria-valuetext reads the formatted value). Keys are
 * handled here so they follow the slider rules' step (the range divided by 100) whatever
 * the native step: arrows step, Page Up/Down step by ten, Home/End go to the ends. The
 * native step is the snapping unit (1000 for price and km), so any stored value is a
 * valid position. Every move goes through the slider rules; the value is committed
 * (`onCommit`) once the visitor pauses, so a drag makes one search, not fifty.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { proposeRange, snaps, SNAP_UNIT, stepThumb, type Bounds, type Thumbs } from './slider-rules.ts';
import { useDebouncedCallback } from './hooks.ts';

export interface RangeSliderProps {
  /** Attribute the rules apply to (price and km snap to thousands). */
  attribute: string;
  /** What the slider is about, for labels: "price" → "Minimum price". */
  label: string;
  bounds: Bounds;
  step: number;
  value: Thumbs;
  format: (value: number) => string;
  onCommit: (value: Thumbs) => void;
  /** Minimum distance between the thumbs. */
  minGap?: number;
  /** Pause before committing, ms (0 commits on every move). */
  commitDelay?: number;
  disabled?: boolean;
  className?: string;
}

export function RangeSlider(props: RangeSliderProps) {
  const { bounds, step, format, attribute } = props;
  const [draft, setDraft] = useState<Thumbs | null>(null);
  const shown = draft ?? props.value;
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const commit = useDebouncedCallback((value: Thumbs) => {
    props.onCommit(value);
  }, props.commitDelay ?? 350);

  // A new value from outside (results, back button) replaces an old draft.
  const key = `${props.value[0]}:${props.value[1]}:${bounds.min}:${bounds.max}`;
  const lastKey = useRef(key);
  useEffect(() => {
    if (lastKey.current !== key) {
      lastKey.current = key;
      setDraft(null);
    }
  }, [key]);

  const rules = { attribute, minGap: props.minGap, step: props.minGap ? step : undefined };
  const apply = (next: Thumbs | null) => {
    if (!next) return;
    setDraft(next);
    if ((props.commitDelay ?? 350) === 0) commit.flush(next);
    else commit.call(next);
  };
  const move = (thumb: 0 | 1, raw: number) => {
    const proposal: Thumbs = [shown[0], shown[1]];
    proposal[thumb] = raw;
    apply(proposeRange(shown, proposal, thumb, bounds, rules));
  };
  const onKeyDown = (thumb: 0 | 1) => (e: React.KeyboardEvent) => {
    const steps: Record<string, number> = { ArrowLeft: -1, ArrowDown: -1, ArrowRight: 1, ArrowUp: 1, PageDown: -10, PageUp: 10 };
    let next: Thumbs | null | undefined;
    if (e.key in steps) next = stepThumb(shown, thumb, steps[e.key], bounds, { ...rules, step });
    else if (e.key === 'Home' || e.key === 'End') {
      const proposal: Thumbs = [shown[0], shown[1]];
      proposal[thumb] = e.key === 'Home' ? (thumb === 0 ? bounds.min : shown[0]) : thumb === 1 ? bounds.max : shown[1];
      next = proposeRange(shown, proposal, thumb, bounds, rules);
    } else return;
    e.preventDefault();
    apply(next);
  };
  const nativeStep = props.minGap ? step : snaps(attribute) ? SNAP_UNIT : 1;

  const span = Math.max(1, bounds.max - bounds.min);
  const pct = (v: number) => ((v - bounds.min) / span) * 100;
  const fill: CSSProperties = { left: `${pct(shown[0])}%`, right: `${100 - pct(shown[1])}%` };
  const thumbProps = (thumb: 0 | 1) => ({
    type: 'range' as const,
    min: bounds.min,
    max: bounds.max,
    step: nativeStep,
    value: shown[thumb],
    disabled: props.disabled,
    'aria-valuetext': format(shown[thumb]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => move(thumb, Number(e.target.value)),
    // A released thumb commits at once.
    onPointerUp: () => draftRef.current && commit.flush(draftRef.current),
    onKeyDown: onKeyDown(thumb),
    onKeyUp: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && draftRef.current) commit.flush(draftRef.current);
    },
  });
  return (
    <div className={`fc-search-range${props.className ? ` ${props.className}` : ''}`}>
      <div className="fc-search-range__values" aria-hidden="true">
        <span>{format(shown[0])}</span>
        <span>{format(shown[1])}</span>
      </div>
      <div className="fc-search-range__track">
        <div className="fc-search-range__fill" style={fill} />
        <input {...thumbProps(0)} className="fc-search-range__input fc-search-range__input--min" aria-label={`Minimum ${props.label}`} />
        <input {...thumbProps(1)} className="fc-search-range__input fc-search-range__input--max" aria-label={`Maximum ${props.label}`} />
      </div>
    </div>
  );
}
