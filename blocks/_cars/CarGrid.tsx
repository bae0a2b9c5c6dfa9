/**
 * Car results with promotional tiles (promo.ts): the grid search results render. The
 * tiles are the page's promo-tile blocks (placement "results"); the car types in view come from the address (/search/used-cars,
 * refinementList[car_type]) or the site (used only).
 *
 * Order (docs/cars.md, "Promo tiles"): the server and the first browser render use the day's
 * seeded order (same HTML, no hydration mismatch); after hydrating, the browser draws the
 * visit's order once and keeps it for every grid of the visit.
 */
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { usePages, useSite } from '../../engine/render/site-context.tsx';
import { walkList } from '../../engine/tree.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { PromoTileProps } from '../../schemas/resolved.gen.ts';
import { CarCard, type CardCar, type CarCardProps } from './CarCard.tsx';
import { COMPARE_MIN, useCompare } from './local-lists.ts';
import {
  ALL_CAR_TYPES,
  assignTiles,
  eligibleTiles,
  insertPromoTiles,
  isoDay,
  seededRandom,
  type PromoTile,
} from './promo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';
import { pageAt } from '../_shared/page-at.ts';
import { PromoTileView } from './PromoTileView.tsx';
import './styles/card.css';
import './styles/visitor-actions.css';
import './styles/promo-and-lists.css';

/** The promo-tile blocks (placement results) of the page at `pathname`. */
export function pageTiles(site: ResolvedSite, pathname: string): PromoTile[] {
  const page = pageAt(site.pages, pathname);
  if (!page) return [];
  const out: PromoTile[] = [];
  for (const { block } of walkList(page.blocks)) {
    if (block.type !== 'promo-tile') continue;
    const props = block.props as PromoTileProps;
    if (props.placement === 'results') out.push({ ...props, id: String(block.id) });
  }
  return out;
}

/** Car types the results show: the address's car-type filter, else the site's (used only), else all. */
export function carTypesInView(
  site: Pick<ResolvedSite, 'search'>,
  pathname: string,
  search: string,
): string[] {
  const fromQuery = [...new URLSearchParams(search).entries()]
    .filter(([k]) => /^refinementList\[car_type\]/.test(k))
    .map(([, v]) => v);
  if (fromQuery.length) return fromQuery;
  const seg = /\/search\/(new|demo|used|new-and-demo)-cars(?:\/|$)/.exec(pathname)?.[1];
  if (seg) return seg === 'new-and-demo' ? ['new', 'demo'] : [seg];
  if (site.search.usedOnly) return ['used'];
  return ALL_CAR_TYPES;
}

function daySeed(day: string, slug: string): number {
  let h = 2166136261;
  for (const ch of `${day}|${slug}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * The tiles' random order is drawn once per visit (once this document has loaded), not per
 * grid: a grid shown again (Back to a search, a later page) puts the same tile at the same
 * place, so nothing above a restored scroll position changes height.
 */
let visitSeed: number | undefined;

export interface CarGridProps<C extends CardCar = CardCar> {
  cars: C[];
  CarCard?: ComponentType<Omit<CarCardProps, 'car'> & { car: C }>;
  offset?: number;
}

/** Results grid with promo tiles; same props as the search UI's grid. */
export function CarGrid<C extends CardCar>({
  cars,
  CarCard: Card = CarCard,
  offset = 0,
}: CarGridProps<C>) {
  const { site } = useSite();
  // The page's promo tiles are other blocks: follow edits of them (engine/render/site-context.tsx).
  const pages = usePages();
  const { pathname, search } = useLocation();
  // The server's order is the day's (a hydrated page must match it); after that, the visit's.
  const [seed, setSeed] = useState(visitSeed);
  useEffect(() => setSeed((visitSeed ??= Math.floor(Math.random() * 2 ** 32))), []);
  const today = isoDay(Date.now(), dealerTimeZone(site));
  const items = useMemo(() => {
    const tiles = eligibleTiles(
      pageTiles(site, pathname),
      today,
      carTypesInView(site, pathname, search),
    );
    const assigned = tiles.length
      ? assignTiles(
          tiles,
          site.features.promoTilePositions ?? [8],
          seededRandom(seed ?? daySeed(today, site.slug)),
        )
      : new Map();
    return insertPromoTiles(cars, assigned);
    // `pages` is read through pageTiles (the editor preview's live page list): a change re-runs it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [cars, site, pages, pathname, search, today, seed]);
  return (
    <>
      <ol className="fc-search-results-grid fc-car-grid">
        {items.map((item) =>
          item.type === 'car' ? (
            <li key={item.car.objectID ?? item.car.id}>
              <Card car={item.car} position={offset + item.index} />
            </li>
          ) : (
            <li key={`tile-${item.tile.id}-${item.position}`} className="fc-car-grid__tile">
              <PromoTileView tile={item.tile} />
            </li>
          ),
        )}
      </ol>
      {site.features.compare && <CompareBar />}
    </>
  );
}

/** "2 cars to compare — Compare now" under the results once the visitor picked a car. */
export function CompareBar() {
  const { t } = useSite();
  const { ids } = useCompare();
  if (!ids.length) return null;
  return (
    <div className="fc-compare-bar" role="region" aria-label={t('Compare')}>
      <span aria-live="polite">
        {ids.length} {ids.length === 1 ? 'car' : 'cars'} to compare
        {ids.length < COMPARE_MIN ? ' (pick one more)' : ''}
      </span>
      <SiteLink className="fc-button fc-button--light" href="/compare">
        {t('Compare now')}
      </SiteLink>
    </div>
  );
}
