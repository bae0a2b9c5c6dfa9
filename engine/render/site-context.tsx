/**
 * What every block can read about the site it renders in.
 *
 * Two contexts, so an edit in the editor's preview re-renders only the blocks it touches
 * (docs/editor-design.md, "Speed"): `useSite()` keeps the same value while only the site's pages
 * and layout change, which is what a block's edit changes (its `site.pages` and
 * `site.layout` read the newest ones, for whatever renders anyway); `usePages()` changes
 * with the pages, for the few blocks that show other pages or blocks (the search target, a
 * page's promo tiles). A block's own props reach it through BlockView. On a dealer site the
 * site never changes while a page is shown, so both are set once, as before.
 */
import {
  createContext,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { linkTarget } from '../site/link-target.ts';
import {
  formatDistance,
  formatMoney,
  formatNumber,
  regionSettings,
  spell,
  type RegionSettings,
} from '../region.ts';
import { messagesFor, type Messages } from '../messages/index.ts';
import type { Page, ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';

export type RenderMode = 'development' | 'production';

/** The site without its pages and layout (where the blocks are). */
type SiteSettings = Omit<ResolvedSite, 'pages' | 'layout'>;

export interface SiteContextValue {
  site: ResolvedSite;
  data: SiteData;
  mode: RenderMode;
  region: RegionSettings;
  money(amount: number): string;
  number(value: number): string;
  distance(km: number): string;
  /** UI text in the site's wording and spelling: a whole en-AU message in the region's words (docs/regions.md), then US spelling (color, personalized). */
  t(text: string): string;
  /** The region's wording of a message (engine/messages, docs/regions.md). */
  m: Messages['m'];
  /** A stored body or fuel value in the region's words ("Ute" → "Pickup Truck" in the US); other values unchanged. */
  display: Messages['display'];
}

const SiteContext = createContext<SiteContextValue | null>(null);

/**
 * The pages as a small store, not a context value: a changed context value makes React walk
 * every rendered block looking for its readers, which on a 1,000-block page costs more than
 * a keystroke may; a store tells its readers alone.
 */
class PagesStore {
  private listeners = new Set<() => void>();
  constructor(public pages: Page[]) {}
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => void this.listeners.delete(fn);
  };
  get = () => this.pages;
  set(pages: Page[]) {
    if (pages === this.pages) return;
    this.pages = pages;
    for (const fn of this.listeners) fn();
  }
}

const PagesContext = createContext<PagesStore | null>(null);

/** The site's settings, the same object as long as none of them changed (compared key by key). */
export function settingsOf(site: ResolvedSite, previous?: SiteSettings): SiteSettings {
  const { pages: _pages, layout: _layout, ...settings } = site;
  if (!previous) return settings;
  const keys = Object.keys(settings) as Array<keyof SiteSettings>;
  const same =
    keys.length === Object.keys(previous).length &&
    keys.every((k) => Object.is(settings[k], previous[k]));
  return same ? previous : settings;
}

export function SiteProvider(props: {
  site: ResolvedSite;
  data: SiteData;
  mode: RenderMode;
  children: ReactNode;
}) {
  const { site, data, mode } = props;
  const last = useRef<SiteSettings>(undefined);
  const settings = settingsOf(site, last.current);
  last.current = settings;
  // The newest pages and layout, for blocks that render while the value stays the same.
  const latest = useRef(site);
  latest.current = site;
  const value = useMemo<SiteContextValue>(() => {
    const r = settings.region;
    const shown = { ...settings } as ResolvedSite;
    for (const key of ['pages', 'layout'] as const)
      Object.defineProperty(shown, key, { enumerable: true, get: () => latest.current[key] });
    return {
      site: shown,
      data,
      mode,
      region: regionSettings(r),
      money: (amount) => formatMoney(amount, r),
      number: (v) => formatNumber(v, r),
      distance: (km) => formatDistance(km, r),
      t: (text) => spell(messagesFor(r).phrase(text), r),
      m: messagesFor(r).m,
      display: messagesFor(r).display,
    };
  }, [settings, data, mode]);
  const [pages] = useState(() => new PagesStore(site.pages));
  // After the commit (on the server, where the site never changes, never): the readers follow in the same frame.
  useLayoutEffect(() => pages.set(site.pages), [pages, site.pages]);
  return (
    <SiteContext.Provider value={value}>
      <PagesContext.Provider value={pages}>{props.children}</PagesContext.Provider>
    </SiteContext.Provider>
  );
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() must be used inside <SiteProvider>');
  return value;
}

/** The site's pages (with their blocks): a block using it re-renders on every edit of any page in the editor. */
export function usePages(): Page[] {
  const store = useContext(PagesContext);
  if (!store) throw new Error('usePages() must be used inside <SiteProvider>');
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/**
 * Where a link written in the document takes the visitor on this site (the site's link
 * rewrite, engine/site/link-target.ts); unchanged outside a site (the editor's own UI).
 */
export function useLinkTarget(): (href: string) => string {
  const features = useContext(SiteContext)?.site.features;
  return (href) => (features ? linkTarget(href, features) : href);
}
