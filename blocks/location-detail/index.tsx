/**
 * A location's own page (/locations/:slug, /contact-us/:slug): the location named by the
 * route's `slug` (or the block's `location` prop; with neither, the primary location),
 * shown as a full card with a map, plus schema.org AutoDealer structured data
 * (JSON-LD, escaped for <script>). An unknown slug shows a not-found message with a link
 * to every location.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { LocationDetailProps } from '../../schemas/resolved.gen.ts';
import { LocationCard } from '../_shared/LocationCard.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { DeferredMap } from '../_shared/DeferredMap.tsx';
import { loadStaticMap } from '../_shared/static-map-code.ts';
import {
  autoDealerJsonLd,
  filterLocations,
  findLocation,
  jsonForScript,
  mapPoints,
} from '../_shared/locations.ts';
import './location-detail.css';

export interface LocationDetailData {
  /** The location asked for (route parameter or prop); absent for "the primary location". */
  slug?: string;
  /** Canonical address of the page, for the structured data. */
  url?: string;
}

export default defineBlock<LocationDetailProps>({
  async load({
    props,
    params,
    url,
    site,
  }): Promise<LocationDetailData & { head?: { status: number } }> {
    // The server draws the map into the page (DeferredMap.tsx keeps it while the page hydrates).
    if (props.showMap) await loadStaticMap().catch(() => {});
    const slug = props.location || params.slug || undefined;
    // An address naming no location answers 404, not a soft "not found" page.
    const missing = slug !== undefined && !findLocation(site.locations, slug);
    return { slug, url: url.origin + url.pathname, ...(missing ? { head: { status: 404 } } : {}) };
  },
  component: function LocationDetail({ props, block, data }) {
    const { site, t, region } = useSite();
    const loaded = (data ?? {}) as LocationDetailData;
    const slug = props.location || loaded.slug;
    const location = slug
      ? findLocation(site.locations, slug)
      : filterLocations(site.locations, 'primary')[0];

    if (!location) {
      return (
        <section
          className="fc-location-detail fc-location-detail--missing"
          data-block-id={block.id}
        >
          <div className="fc-container">
            <h1>Location not found</h1>
            <p>{t(props.notFoundText)}</p>
            <p>
              <SiteLink className="fc-button" href="/contact">
                See all our locations
              </SiteLink>
            </p>
          </div>
        </section>
      );
    }

    const points = mapPoints([location]);
    const jsonLd = props.structuredData
      ? jsonForScript(autoDealerJsonLd(location, site, { url: loaded.url }))
      : undefined;

    return (
      <section
        className="fc-location-detail"
        data-block-id={block.id}
        data-location={location.slug}
      >
        <div className="fc-container fc-location-detail__inner">
          <LocationCard location={location} headingLevel={1} />
          {props.showMap && points.length > 0 && (
            <div className="fc-location-detail__map">
              <DeferredMap
                points={points}
                zoom={props.zoom}
                width={720}
                height={540}
                label={`Map showing ${location.name}`}
                unit={region.distanceUnit}
              />
            </div>
          )}
        </div>
        {jsonLd && (
          <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} />
        )}
      </section>
    );
  },
});
