/**
 * A two-thumb range slider made of two native range inputs (touch, pointer and screen
 * readers work as with any slider; aria-valuetext reads the formatted value). Keys are
 * handled here so they follow the slider rules' step (the range divided by 100) whatever
 * the native step: arrows step, Page Up/Down step by ten, Home/End go to the ends. The
 * native step is the snapping unit (1000 for price and km), so any stored value is a
 * valid position. Every move goes through the slider rules; the value is committed
 * (`onCommit`) once the visitor pauses, so a drag makes one search, not fifty.
 *
 * With `stops` (slider-scale.ts) the thumbs move through those values instead of equal
 * steps: the native inputs then hold a stop's position and a key moves one stop (ten with
 * Page Up/Down). With `typed`, labelled Min and Max boxes take a typed amount, committed
 * on Enter or on leaving the box (docs/search-ui.md, "Filters").
 */
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import {
  clamp,
  proposeRange,
  snap,
  snaps,
  SNAP_UNIT,
  stepThumb,
  type Bounds,
  type Thumbs,
} from './slider-rules.ts';
import { stopIndex, stopsFor } from './slider-scale.ts';
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
  /** Values the thumbs move through, ascending, from bounds.min to bounds.max (instead of equal steps). */
  stops?: readonly number[];
  /** Move through the attribute's own scale (slider-scale.ts), when it has one. */
  scaled?: boolean;
  /** Show Min and Max boxes to type an amount in. */
  typed?: boolean;
  /** Minimum distance between the thumbs. */
  minGap?: number;
  /** Pause before committing, ms (0 commits on every move). */
  commitDelay?: number;
  disabled?: boolean;
  className?: string;
}

/** "$12,500" or "12 500 km" → 12500; anything without digits → undefined. */
/** Said under the boxes when a negative amount is typed (it is refused, not read as positive). */
export const NEGATIVE_AMOUNT_NOTE = 'Enter an amount of 0 or more.';
/** Said under the boxes when a typed end would pass the other one, and where it stopped. */
export const crossedNote = (thumb: 0 | 1, stoppedAt: string) =>
  thumb === 0
    ? `The minimum can’t be above the maximum, so it is ${stoppedAt}.`
    : `The maximum can’t be below the minimum, so it is ${stoppedAt}.`;

/** A minus sign before the digits ("-5000", "$-5,000", "− 5000"). */
export const isNegativeAmount = (text: string) => /[-−–]\s*\$?\s*\d/.test(text);

export function typedAmount(text: string): number | undefined {
  const digits = text.replace(/[^\d.]/g, '');
  if (!/\d/.test(digits)) return undefined;
  const n = Number.parseFloat(digits);
  return Number.isFinite(n) ? n : undefined;
}

export function RangeSlider(props: RangeSliderProps) {
  const { bounds, step, format, attribute } = props;
  const given = props.stops ?? (props.scaled ? stopsFor(attribute, bounds) : undefined);
  const stops = given && given.length > 1 ? given : undefined;
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
  const apply = (next: Thumbs | null, at?: 'once') => {
    if (!next) return;
    setDraft(next);
    if ((props.commitDelay ?? 350) === 0 || at === 'once') commit.flush(next);
    else commit.call(next);
  };
  const move = (thumb: 0 | 1, raw: number) => {
    const proposal: Thumbs = [shown[0], shown[1]];
    proposal[thumb] = raw;
    apply(proposeRange(shown, proposal, thumb, bounds, rules));
  };
  /** Moves a thumb to the stop `steps` away from where it sits. */
  const moveStops = (thumb: 0 | 1, steps: number) => {
    if (!stops) return null;
    const i = Math.min(
      stops.length - 1,
      Math.max(0, stopIndex(stops, shown[thumb], thumb) + steps),
    );
    const proposal: Thumbs = [shown[0], shown[1]];
    proposal[thumb] = stops[i];
    return proposeRange(shown, proposal, thumb, bounds, rules);
  };
  const onKeyDown = (thumb: 0 | 1) => (e: React.KeyboardEvent) => {
    const steps: Record<string, number> = {
      ArrowLeft: -1,
      ArrowDown: -1,
      ArrowRight: 1,
      ArrowUp: 1,
      PageDown: -10,
      PageUp: 10,
    };
    let next: Thumbs | null | undefined;
    if (e.key in steps)
      next = stops
        ? moveStops(thumb, steps[e.key])
        : stepThumb(shown, thumb, steps[e.key], bounds, { ...rules, step });
    else if (e.key === 'Home' || e.key === 'End') {
      const proposal: Thumbs = [shown[0], shown[1]];
      proposal[thumb] =
        e.key === 'Home'
          ? thumb === 0
            ? bounds.min
            : shown[0]
          : thumb === 1
            ? bounds.max
            : shown[1];
      next = proposeRange(shown, proposal, thumb, bounds, rules);
    } else return;
    e.preventDefault();
    apply(next);
  };
  const nativeStep = stops ? 1 : props.minGap ? step : snaps(attribute) ? SNAP_UNIT : 1;

  // Positions along the track: stop numbers with a scale, values without.
  const position = (v: number, thumb: 0 | 1) => (stops ? stopIndex(stops, v, thumb) : v);
  const lo = stops ? 0 : bounds.min;
  const hi = stops ? stops.length - 1 : bounds.max;
  const span = Math.max(1, hi - lo);
  const pct = (p: number) => ((p - lo) / span) * 100;
  const fill: CSSProperties = {
    left: `${pct(position(shown[0], 0))}%`,
    right: `${100 - pct(position(shown[1], 1))}%`,
  };
  const thumbProps = (thumb: 0 | 1) => ({
    type: 'range' as const,
    min: lo,
    max: hi,
    step: nativeStep,
    value: position(shown[thumb], thumb),
    disabled: props.disabled,
    'aria-valuetext': format(shown[thumb]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const p = Number(e.target.value);
      move(thumb, stops ? stops[Math.min(stops.length - 1, Math.max(0, Math.round(p)))] : p);
    },
    // A released thumb commits at once.
    onPointerUp: () => draftRef.current && commit.flush(draftRef.current),
    onKeyDown: onKeyDown(thumb),
    onKeyUp: (e: React.KeyboardEvent) => {
      if (e.key === 'Enter' && draftRef.current) commit.flush(draftRef.current);
    },
  });
  return (
    <div className={`fc-search-range${props.className ? ` ${props.className}` : ''}`}>
      {props.typed ? (
        <TypedBounds {...props} shown={shown} onTyped={(next) => apply(next, 'once')} />
      ) : (
        <div className="fc-search-range__values" aria-hidden="true">
          <span>{format(shown[0])}</span>
          <span>{format(shown[1])}</span>
        </div>
      )}
      <div className="fc-search-range__track">
        <div className="fc-search-range__fill" style={fill} />
        <input
          {...thumbProps(0)}
          className="fc-search-range__input fc-search-range__input--min"
          aria-label={`Minimum ${props.label}`}
        />
        <input
          {...thumbProps(1)}
          className="fc-search-range__input fc-search-range__input--max"
          aria-label={`Maximum ${props.label}`}
        />
      </div>
    </div>
  );
}

/**
 * The Min and Max boxes. A typed amount is snapped like a thumb and kept inside the range
 * (a typed maximum above today's dearest car means no maximum) and never past the other
 * side; an empty box is that end of the range.
 */
function TypedBounds(
  props: RangeSliderProps & { shown: Thumbs; onTyped: (next: Thumbs | null) => void },
) {
  const { bounds, shown, format, attribute, label } = props;
  const id = useId();
  const text = (thumb: 0 | 1) =>
    shown[thumb] === (thumb === 0 ? bounds.min : bounds.max) ? '' : format(shown[thumb]);
  const [typing, setTyping] = useState<[string | null, string | null]>([null, null]);
  // What the boxes say about the last typed amount (refused, or stopped at the other end).
  const [note, setNote] = useState<{ thumb: 0 | 1; text: string; invalid: boolean } | null>(null);
  const accept = (thumb: 0 | 1) => {
    const raw = typing[thumb];
    setTyping((t) => (thumb === 0 ? [null, t[1]] : [t[0], null]));
    if (raw === null) return;
    if (isNegativeAmount(raw)) {
      setNote({ thumb, text: NEGATIVE_AMOUNT_NOTE, invalid: true });
      return;
    }
    setNote(null);
    const amount = typedAmount(raw);
    const end = thumb === 0 ? bounds.min : bounds.max;
    const value = clamp(amount === undefined ? end : snap(amount, attribute), bounds);
    const proposal: Thumbs = [shown[0], shown[1]];
    proposal[thumb] =
      thumb === 0
        ? Math.min(value, shown[1] - (props.minGap ?? 0))
        : Math.max(value, shown[0] + (props.minGap ?? 0));
    if (proposal[thumb] !== value)
      setNote({ thumb, text: crossedNote(thumb, format(proposal[thumb])), invalid: false });
    if (proposal[0] === shown[0] && proposal[1] === shown[1]) return;
    props.onTyped(
      proposeRange(shown, proposal, thumb, bounds, { attribute, minGap: props.minGap }),
    );
  };
  const box = (thumb: 0 | 1) => {
    const name = thumb === 0 ? 'Min' : 'Max';
    return (
      <div className="fc-search-range__box">
        <label htmlFor={`${id}-${thumb}`}>
          {name}
          <span className="fc-visually-hidden"> {label}</span>
        </label>
        <input
          id={`${id}-${thumb}`}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          placeholder={format(thumb === 0 ? bounds.min : bounds.max)}
          value={typing[thumb] ?? text(thumb)}
          disabled={props.disabled}
          aria-invalid={note?.thumb === thumb && note.invalid ? true : undefined}
          aria-describedby={note?.thumb === thumb ? `${id}-note` : undefined}
          onChange={(e) => {
            const v = e.target.value;
            setTyping((t) => (thumb === 0 ? [v, t[1]] : [t[0], v]));
          }}
          onBlur={() => accept(thumb)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              accept(thumb);
            }
          }}
        />
      </div>
    );
  };
  return (
    <>
      <div className="fc-search-range__boxes">
        {box(0)}
        <span aria-hidden="true">–</span>
        {box(1)}
      </div>
      <p id={`${id}-note`} className="fc-search-range__note" role="status">
        {note?.text}
      </p>
    </>
  );
}
