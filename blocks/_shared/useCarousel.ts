/**
 * Carousel behaviour shared by the carousel and feature-banner blocks (and any later
 * slider): the current slide, previous/next with optional looping, left/right keys,
 * touch swipes, and the attributes that keep inactive slides away from assistive
 * technology.
 *
 * Server render and hydration: the first render never depends on `window`. Until the
 * component has mounted (and, with `media`, until the media query is known to match)
 * `active` is false, every slide is reachable and the stylesheet shows them as a
 * swipeable row with the starting slide first (`order`). That is also what visitors
 * without JavaScript get. Once mounted, inactive slides become `inert` and hidden.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type CSSProperties,
  type KeyboardEvent,
  type RefObject,
  type TouchEvent,
} from 'react';

/**
 * One MediaQueryList per query for the page's life: React asks for the answer on every render
 * and after every commit, and each `matchMedia` call parses the query again. Kept per
 * `matchMedia` function, so a replaced one (a test's) is asked afresh.
 */
const mediaLists = new WeakMap<Window['matchMedia'], Map<string, MediaQueryList>>();
function mediaList(query: string): MediaQueryList | undefined {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return undefined;
  const match = window.matchMedia;
  let lists = mediaLists.get(match);
  if (!lists) mediaLists.set(match, (lists = new Map()));
  let list = lists.get(query);
  if (!list) lists.set(query, (list = window.matchMedia(query)));
  return list;
}

/** True while `query` matches; false on the server and during hydration. */
export function useMediaQuery(query: string | undefined): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = query ? mediaList(query) : undefined;
      list?.addEventListener('change', notify);
      return () => list?.removeEventListener('change', notify);
    },
    [query],
  );
  const snapshot = () => Boolean(query && mediaList(query)?.matches);
  return useSyncExternalStore(subscribe, snapshot, () => false);
}

/** False during the server render and hydration, true after the component mounted. */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export interface CarouselOptions {
  count: number;
  /** Slide shown first (clamped to the slides). */
  initialIndex?: number;
  /** After the last slide comes the first, and before the first the last. */
  loop?: boolean;
  /** Media query under which the carousel applies (e.g. below 992 px); always when left out. */
  media?: string;
}

export interface SlideProps {
  'aria-hidden'?: true;
  inert?: boolean;
  'data-active': boolean;
  style: CSSProperties;
}

export interface Carousel {
  index: number;
  count: number;
  /** Carousel behaviour is on: mounted, and `media` (if given) matches. */
  active: boolean;
  /**
   * The visitor has changed slides. Stylesheets animate slide changes only from then
   * on, so switching to the carousel layout at hydration never animates (and never
   * counts as a layout shift).
   */
  moved: boolean;
  canPrev: boolean;
  canNext: boolean;
  goTo(index: number): void;
  prev(): void;
  next(): void;
  /** Ref for the focusable carousel region (receives focus when a slide it was in is hidden). */
  rootRef: RefObject<HTMLElement | null>;
  /** Left/right (and Home/End) keys on the focused carousel region. */
  onKeyDown(event: KeyboardEvent<HTMLElement>): void;
  onTouchStart(event: TouchEvent<HTMLElement>): void;
  onTouchEnd(event: TouchEvent<HTMLElement>): void;
  /** Attributes for slide `i`. */
  slideProps(i: number): SlideProps;
}

const SWIPE_PX = 40;

export function useCarousel({
  count,
  initialIndex = 0,
  loop = true,
  media,
}: CarouselOptions): Carousel {
  const start = count > 0 ? Math.min(Math.max(0, Math.trunc(initialIndex)), count - 1) : 0;
  const [index, setIndex] = useState(start);
  const [moved, setMoved] = useState(false);
  const mounted = useMounted();
  const matches = useMediaQuery(media);
  const active = mounted && (media ? matches : true) && count > 1;
  const rootRef = useRef<HTMLElement | null>(null);
  const touchX = useRef<number | null>(null);

  // Slides may be removed (editor): keep the index in range.
  const current = count > 0 ? Math.min(index, count - 1) : 0;

  const goTo = useCallback(
    (target: number) => {
      if (count < 1) return;
      let next = target;
      if (loop) next = ((target % count) + count) % count;
      else next = Math.min(Math.max(0, target), count - 1);
      setIndex(next);
      setMoved(true);
    },
    [count, loop],
  );

  const canPrev = loop ? count > 1 : current > 0;
  const canNext = loop ? count > 1 : current < count - 1;
  const prev = useCallback(() => goTo(current - 1), [goTo, current]);
  const next = useCallback(() => goTo(current + 1), [goTo, current]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    let handled = true;
    if (event.key === 'ArrowLeft') prev();
    else if (event.key === 'ArrowRight') next();
    else if (event.key === 'Home') goTo(0);
    else if (event.key === 'End') goTo(count - 1);
    else handled = false;
    if (!handled) return;
    event.preventDefault();
    // Focus inside a slide that is about to be hidden would be lost: keep it on the region.
    if (target !== rootRef.current && target.closest('[aria-roledescription="slide"]'))
      rootRef.current?.focus();
  };

  const onTouchStart = (event: TouchEvent<HTMLElement>) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent<HTMLElement>) => {
    const startX = touchX.current;
    touchX.current = null;
    const endX = event.changedTouches[0]?.clientX;
    if (!active || startX === null || endX === undefined) return;
    const dx = endX - startX;
    if (dx <= -SWIPE_PX) next();
    else if (dx >= SWIPE_PX) prev();
  };

  const slideProps = (i: number): SlideProps => {
    const isCurrent = i === current;
    return {
      'data-active': isCurrent,
      // Before the carousel applies, slides form a row that starts at the initial slide.
      style: { '--fc-slide-order': (i - start + count) % Math.max(count, 1) } as CSSProperties,
      ...(active && !isCurrent ? { 'aria-hidden': true as const, inert: true } : {}),
    };
  };

  return {
    index: current,
    count,
    active,
    moved,
    canPrev,
    canNext,
    goTo,
    prev,
    next,
    rootRef,
    onKeyDown,
    onTouchStart,
    onTouchEnd,
    slideProps,
  };
}
