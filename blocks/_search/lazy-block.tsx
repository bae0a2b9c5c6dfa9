/**
 * Search blocks keep react-instantsearch out of the page's initial JavaScript: the block
 * module the page preloads is small (its `load` and this wrapper); the interactive search
 * UI is a separate chunk, fetched only once the visitor starts using the page.
 *
 *  - Server: `ensure()` (called from the block's load) imports the UI first, so the page's
 *    one renderToString renders it in full — results, filters, pagination links.
 *  - First page load in the browser: the wrapper renders a React.lazy of the UI whose
 *    import waits for the visitor: a pointer over or focus inside the block (also when it
 *    came before the scripts), or any deliberate input on the page (a tap, a key, a scroll).
 *    Until then React leaves the server HTML in place (the Suspense boundary around the wrapper stays dehydrated; a
 *    block has no other boundary of its own, docs/render.md): cars, links and text are all
 *    there from the first paint, and a visitor who only reads never downloads or runs the search UI. That keeps the page's load
 *    within the JavaScript budget and off the main thread while it paints.
 *    A returning visitor whose browser remembers something the UI shows (saved cars, recent
 *    searches: remembered.ts) gets the UI at once instead.
 *  - A click or form submission inside the block before its UI has hydrated is held
 *    (default prevented, so a checkbox never flips without a search behind it) and
 *    replayed on the same element once it has; hydration keeps the server's DOM nodes,
 *    so the element is still the one the visitor chose. If the UI cannot load, held
 *    actions are replayed without it (links still navigate). A control marked
 *    `data-lazy-native` (a link that works by itself) is not held.
 *  - Client-side navigation: the block's load calls `ensure()` too, so the UI renders at
 *    once, without a fallback.
 */
import { lazy, Suspense, useEffect, useRef, useState, type ComponentType } from 'react';
import type { BlockRenderProps } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { RENDERED_ANEW_EVENT } from '../../engine/render/dom-ids.ts';
import { remembersVisitor } from './remembered.ts';

/** Marks a lazily hydrated block's element; the value names its UI (see lazyBlock). */
export const LAZY_UI_ATTRIBUTE = 'data-lazy-ui';

/** Starts loading a UI by name (registered by lazyBlock). */
const starters = new Map<string, () => Promise<unknown>>();
/** Blocks whose UI has hydrated (or failed to load): their events pass untouched. */
const live = new WeakSet<Element>();
/** Actions held per block until its UI is live. */
const held = new Map<Element, (() => void)[]>();

function regionOf(event: Event): Element | null {
  return event.target instanceof Element ? event.target.closest(`[${LAZY_UI_ATTRIBUTE}]`) : null;
}

/** Blocks whose UI is loading (pointer events come by the dozen: start once). */
const starting = new WeakSet<Element>();

function start(region: Element): void {
  if (starting.has(region)) return;
  starting.add(region);
  const load = starters.get(region.getAttribute(LAZY_UI_ATTRIBUTE) ?? '');
  // A UI that cannot load: let the held actions happen without it.
  load?.().catch(() => goLive(region));
}

function startAll(): void {
  for (const region of document.querySelectorAll(`[${LAZY_UI_ATTRIBUTE}]`))
    if (!live.has(region)) start(region);
}

function goLive(region: Element): void {
  live.add(region);
  const actions = held.get(region) ?? [];
  held.delete(region);
  // After the effects of the hydrating commit (InstantSearch starts in an effect).
  setTimeout(() => actions.forEach((replay) => replay()));
}

function hold(event: Event): void {
  const region = regionOf(event);
  if (!region || live.has(region)) return;
  // A link that works without the UI (the filter sheet's, docs/search-ui.md "Filters on a phone") does so at once.
  if ((event.target as Element).closest('[data-lazy-native]')) return start(region);
  event.preventDefault();
  event.stopPropagation();
  // An icon inside a button is an SVG element, which has no click(): replay on its HTML host.
  let target = event.target as Element;
  while (!(target instanceof HTMLElement) && target.parentElement) target = target.parentElement;
  const host = target as HTMLElement;
  const replay =
    event.type === 'submit'
      ? () => host.isConnected && (host as HTMLFormElement).requestSubmit()
      : () => host.isConnected && host.click();
  held.set(region, [...(held.get(region) ?? []), replay]);
  start(region);
}

let listening = false;
function listen(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  const intent = (event: Event) => {
    const region = regionOf(event);
    if (region && !live.has(region)) start(region);
  };
  const options = { capture: true, passive: true };
  document.addEventListener('pointerover', intent, options);
  document.addEventListener('focusin', intent, options);
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'scroll', 'wheel'])
    document.addEventListener(type, startAll, { ...options, once: true });
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
  // The page was rendered anew instead of hydrated: no server HTML is left to keep, so every UI loads now.
  window.addEventListener(RENDERED_ANEW_EVENT, () =>
    starters.forEach((startLoading) => startLoading().catch(() => undefined)),
  );
}

export function lazyBlock<P>(
  name: string,
  importer: () => Promise<{ default: ComponentType<BlockRenderProps<P>> }>,
) {
  let loaded: ComponentType<BlockRenderProps<P>> | undefined;
  let loading: Promise<ComponentType<BlockRenderProps<P>>> | undefined;
  const load = () =>
    (loading ??= importer().then(
      (m) => (loaded = m.default),
      (err: unknown) => {
        loading = undefined;
        throw err;
      },
    ));
  let begin!: () => void;
  const begun = new Promise<void>((resolve) => (begin = resolve));
  const startLoading = () => {
    begin();
    return load();
  };
  starters.set(name, startLoading);
  listen();
  // Part of this UI was opened by its fragment before the scripts ran (a tap on the filter sheet's link): it is in use.
  const opened = typeof location === 'object' && location.hash.length > 1;
  if (
    opened &&
    document.getElementById(location.hash.slice(1))?.closest(`[${LAZY_UI_ATTRIBUTE}="${name}"]`)
  )
    startLoading().catch(() => undefined);
  // The pointer or the focus came to the block before its scripts did (they are asked for after
  // the first paint, docs/render.md): it is in use, though no event will say so.
  const regions =
    typeof document === 'object'
      ? document.querySelectorAll(`[${LAZY_UI_ATTRIBUTE}="${name}"]`)
      : [];
  if ([...regions].some((region) => region.matches(':hover, :focus-within')))
    startLoading().catch(() => undefined);
  const Lazy = lazy(() => begun.then(load).then((component) => ({ default: component })));

  function LazyBlockUi(props: BlockRenderProps<P>) {
    // The component type must not change while mounted (that would remount the block).
    const [Component] = useState<ComponentType<BlockRenderProps<P>>>(() => loaded ?? Lazy);
    const { site } = useSite();
    useState(() => {
      if (!loaded && typeof window !== 'undefined' && remembersVisitor(site.slug))
        startLoading().catch(() => undefined);
    });
    const ref = useRef<HTMLDivElement>(null);
    // Runs once this block has hydrated (or mounted after client-side navigation).
    useEffect(() => {
      if (ref.current) goLive(ref.current);
    }, []);
    return (
      <div ref={ref} style={{ display: 'contents' }} {...{ [LAZY_UI_ATTRIBUTE]: name }}>
        <Component {...props} />
      </div>
    );
  }
  // The boundary wraps the whole wrapper, so its effect (goLive) runs only once the UI has hydrated.
  function LazyBlock(props: BlockRenderProps<P>) {
    return (
      <Suspense fallback={null}>
        <LazyBlockUi {...props} />
      </Suspense>
    );
  }
  return {
    Component: LazyBlock,
    /** Imports the UI (once) and returns it. */
    ensure: (): Promise<ComponentType<BlockRenderProps<P>>> =>
      loaded ? Promise.resolve(loaded) : load(),
  };
}
