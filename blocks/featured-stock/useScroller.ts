/**
 * A horizontally scrolling row operated by buttons and keys (docs/content-blocks.md,
 * "Featured stock"): previous/next scroll by the cards in view, Left/Right by one card,
 * Home/End to the ends, all on the native scroll (so touch, trackpads and scroll snapping
 * keep working). The buttons know when an end is reached. Smooth unless the visitor
 * prefers reduced motion.
 */
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

export interface Scroller {
  trackRef: React.RefObject<HTMLDivElement | null>;
  /** False until hydrated: the buttons do nothing before. */
  ready: boolean;
  atStart: boolean;
  atEnd: boolean;
  page(direction: -1 | 1): void;
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
}

const behaviour = (): ScrollBehavior =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : 'smooth';

/** One card and the gap after it, in pixels (the step of the arrow keys). */
function cardStride(track: HTMLElement): number {
  const items = track.querySelectorAll<HTMLElement>('[data-scroll-item]');
  if (items.length > 1) return items[1].offsetLeft - items[0].offsetLeft;
  return items[0]?.offsetWidth ?? track.clientWidth;
}

export function useScroller(): Scroller {
  const trackRef = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [edges, setEdges] = useState({ atStart: true, atEnd: false });

  const measure = useCallback(() => {
    const track = trackRef.current;
    if (!track) return;
    const max = track.scrollWidth - track.clientWidth;
    const next = { atStart: track.scrollLeft <= 1, atEnd: track.scrollLeft >= max - 1 };
    setEdges((prev) => (prev.atStart === next.atStart && prev.atEnd === next.atEnd ? prev : next));
  }, []);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    setReady(true);
    measure();
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      cancelAnimationFrame(frame);
      track.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
    };
  }, [measure]);

  const page = useCallback((direction: -1 | 1) => {
    const track = trackRef.current;
    if (!track) return;
    const stride = cardStride(track);
    // Whole cards in view, at least one.
    const cards = Math.max(1, Math.floor((track.clientWidth + 1) / stride));
    track.scrollBy({ left: direction * cards * stride, behavior: behaviour() });
  }, []);

  const onKeyDown = useCallback((event: KeyboardEvent<HTMLElement>) => {
    const track = trackRef.current;
    // Keys on a card's own links and buttons keep their meaning.
    if (!track || event.target !== track || event.altKey || event.ctrlKey || event.metaKey) return;
    const stride = cardStride(track);
    const to: Record<string, number> = {
      ArrowRight: track.scrollLeft + stride,
      ArrowLeft: track.scrollLeft - stride,
      Home: 0,
      End: track.scrollWidth,
    };
    if (!(event.key in to)) return;
    event.preventDefault();
    track.scrollTo({ left: to[event.key], behavior: behaviour() });
  }, []);

  return { trackRef, ready, ...edges, page, onKeyDown };
}
