/** What every block can read about the site it renders in. */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { linkTarget } from '../site/link-target.ts';
import { formatDistance, formatMoney, formatNumber, regionSettings, spell, type RegionSettings } from '../region.ts';
import { messagesFor, type Messages } from '../messages/index.ts';
import type { ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';

export type RenderMode = 'development' | 'production';

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

export function SiteProvider(props: { site: ResolvedSite; data: SiteData; mode: RenderMode; children: ReactNode }) {
  const { site, data, mode } = props;
  const value = useMemo<SiteContextValue>(() => {
    const r = site.region;
    return {
      site,
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
  }, [site, data, mode]);
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() must be used inside <SiteProvider>');
  return value;
}

/**
 * Where a link written in the document takes the visitor on this site (the site's link
 * rewrite, engine/site/link-target.ts); unchanged outside a site (the editor's own UI).
 */
export function useLinkTarget(): (href: string) => string {
  const features = useContext(SiteContext)?.site.features;
  return (href) => (features ? linkTarget(href, features) : href);
}
