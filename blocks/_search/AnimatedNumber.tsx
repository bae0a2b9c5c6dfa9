/** A number on screen that counts from its previous value to the new one. */
import { useEffect, useLayoutEffect, useRef } from 'react';
import { usePrefersReducedMotion } from './hooks.ts';

const useBeforePaint = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Renders `format(value)`; when `value` changes, counts to it from the number shown (ease-out,
 * `duration` ms) by writing the span's text each frame instead of rendering again: a render
 * per frame re-ran the search hooks of the component holding the number, and the page spent
 * its frames on them while a search answered (docs/search-ui.md, "Interaction speed"). Jumps
 * straight to the value with reduced motion and on the server.
 */
export function AnimatedNumber({
  value,
  format,
  className,
  duration = 600,
}: {
  value: number;
  format: (n: number) => string;
  className?: string;
  duration?: number;
}) {
  const ref = useRef<HTMLSpanElement>(null);
  const shown = useRef(value);
  const formatRef = useRef(format);
  formatRef.current = format;
  const reduced = usePrefersReducedMotion();
  useBeforePaint(() => {
    const span = ref.current;
    const from = shown.current;
    if (!span || reduced || from === value || typeof requestAnimationFrame === 'undefined') {
      shown.current = value;
      return;
    }
    // The span's only child is React's text: React sets it whole when the value changes again.
    const draw = (n: number) => {
      shown.current = n;
      span.textContent = formatRef.current(n);
    };
    draw(from);
    const start = performance.now();
    let frame = 0;
    const tick = (now: number) => {
      // A frame's timestamp is when the frame began, which can be before `start`: a negative
      // t would ease away from the target (the count climbed before it counted down).
      const t = Math.min(1, Math.max(0, (now - start) / duration));
      draw(Math.round(from + (value - from) * (1 - Math.pow(1 - t, 3))));
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [value, reduced, duration]);
  return (
    <span ref={ref} className={className}>
      {format(value)}
    </span>
  );
}
