/**
 * Locations block: the dealer's locations as cards (opening hours, holiday hours dialog,
 * Get Directions, contact details where they exist, licence numbers) with a map drawn
 * from latitude/longitude (no map service).
 *
 * Which locations: the `filter` prop (blocks/_shared/locations.ts filterLocations).
 * Which variant, on "auto" (chooseLocationsVariant): one location → a single card beside
 * a map; locations of several dealerships → a hero map then the card grid; only service
 * or parts centres → a list of cards without a map; otherwise a map above the card grid.
 *
 * With two or more locations visitors may enter a postcode: it is geocoded by the API
 * (GET {api}/geocode?postcode=), the cards are sorted by haversine distance and show it
 * in km or miles by region. "Invalid postcode" when the API finds nothing or fails.
 */
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
import type { LocationsProps } from '../../schemas/resolved.gen.ts';
import { LocationCard } from '../_shared/LocationCard.tsx';
import { DeferredMap } from '../_shared/DeferredMap.tsx';
import { loadStaticMap } from '../_shared/static-map-code.ts';
import { INVALID_POSTCODE, haversineKm, pointOf, type LatLong } from '../_shared/distance.ts';
import {
  chooseLocationsVariant,
  filterLocations,
  mapPoints,
  type LocationsVariant,
} from '../_shared/locations.ts';
import './locations.css';

/** The variant a block renders: its own setting, or the automatic rule. */
export function resolveVariant(
  variant: LocationsProps['variant'],
  locations: readonly Location[],
): LocationsVariant {
  return variant && variant !== 'auto' ? variant : chooseLocationsVariant(locations);
}

interface Origin {
  point: LatLong;
  postcode: string;
  place?: string;
}

function PostcodeSearch({
  onOrigin,
  onClear,
  active,
}: {
  onOrigin(origin: Origin): void;
  onClear(): void;
  active: boolean;
}) {
  const { site, region } = useSite();
  const inputId = `${useId()}-postcode`;
  const errorId = `${inputId}-error`;
  const [postcode, setPostcode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const request = useRef<AbortController | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setBusy(true);
    setError(undefined);
    // Loaded at the first search, not with the page (geocode.ts).
    let geocode: typeof import('../_shared/geocode.ts') | undefined;
    try {
      const code = postcode.trim();
      geocode = await import('../_shared/geocode.ts');
      const point = await geocode.geocodePostcode(code, {
        apiBaseUrl: `${site.api.baseUrl}`,
        pattern: region.postcode.pattern,
        region: region.region,
        signal: controller.signal,
      });
      onOrigin({ point, postcode: code, place: point.place });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError') return;
      setError(geocode && err instanceof geocode.GeocodeError ? err.message : INVALID_POSTCODE);
    } finally {
      if (request.current === controller) setBusy(false);
    }
  };

  return (
    <form
      className="fc-locations__search"
      onSubmit={submit}
      noValidate
      role="search"
      aria-label="Find the nearest location"
    >
      <div className="fc-locations__field">
        <label htmlFor={inputId}>{region.postcode.ask}</label>
        <input
          id={inputId}
          name="postcode"
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={region.postcode.maxLength}
          value={postcode}
          onChange={(e) => setPostcode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
      <button type="submit" className="fc-button" disabled={busy}>
        {busy ? 'Finding…' : 'Find nearest'}
      </button>
      {active && (
        <button
          type="button"
          className="fc-button fc-button--secondary"
          onClick={() => {
            setPostcode('');
            setError(undefined);
            onClear();
          }}
        >
          Clear
        </button>
      )}
      {error && (
        <p className="fc-locations__error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export default defineBlock<LocationsProps>({
  // The server draws the map into the page, so it loads the map's code first; a hydrating page
  // does not run this, and keeps the server's map (DeferredMap.tsx).
  load: async () => {
    await loadStaticMap().catch(() => {});
  },
  component: function Locations({ props, block }) {
    const { site, t, distance, region } = useSite();
    const [origin, setOrigin] = useState<Origin | undefined>();
    const locations = useMemo(
      () => filterLocations(site.locations, props.filter),
      [site.locations, props.filter],
    );
    const variant = resolveVariant(props.variant, locations);
    const headingId = `${block.id}-heading`;
    const statusId = `${block.id}-status`;
    const pageBase = props.pageBase === 'none' ? undefined : props.pageBase;
    const points = mapPoints(locations);
    const zoom = props.zoom;
    const unit = region.distanceUnit;

    const ordered = useMemo(() => {
      const withDistance = locations.map((location) => {
        const p = pointOf(location.address);
        return { location, km: origin && p ? haversineKm(origin.point, p) : undefined };
      });
      if (origin) withDistance.sort((a, b) => (a.km ?? Infinity) - (b.km ?? Infinity));
      return withDistance;
    }, [locations, origin]);

    if (!locations.length) return null;
    const single = locations.length === 1;
    const mapLabel = single
      ? `Map showing ${locations[0].name}`
      : `Map of ${locations.length} locations`;
    const showSearch = props.postcodeSearch && !single && points.length > 1;
    const heading = props.heading;

    const cards = ordered.map(({ location, km }) => (
      <li key={location.id} className="fc-locations__item">
        <LocationCard
          location={location}
          pageBase={pageBase}
          distance={
            km === undefined ? undefined : km < 0.1 ? `under ${distance(0.1)}` : distance(km)
          }
          showOpeningHours={props.showOpeningHours}
          headingLevel={heading ? 3 : 2}
        />
      </li>
    ));

    return (
      <section
        className={`fc-locations fc-locations--${variant}${single ? ' fc-locations--single' : ''}`}
        aria-labelledby={heading ? headingId : undefined}
        aria-label={heading ? undefined : 'Locations'}
        data-block-id={block.id}
        data-variant={variant}
      >
        {variant === 'hero-map' && points.length > 0 && (
          <div className="fc-locations__hero-map">
            <DeferredMap
              points={points}
              zoom={zoom}
              width={1200}
              height={420}
              label={mapLabel}
              unit={unit}
            />
          </div>
        )}
        <div className="fc-container">
          {heading && (
            <h2 className="fc-locations__heading" id={headingId}>
              {t(heading)}
            </h2>
          )}
          {props.intro && <p className="fc-locations__intro">{t(props.intro)}</p>}
          {showSearch && (
            <PostcodeSearch
              onOrigin={setOrigin}
              onClear={() => setOrigin(undefined)}
              active={Boolean(origin)}
            />
          )}
          <p className="fc-visually-hidden" id={statusId} role="status">
            {origin
              ? `Sorted by distance from ${origin.place ? `${origin.place} ` : ''}${origin.postcode}`
              : ''}
          </p>
          {single ? (
            <div className="fc-locations__single">
              <ul className="fc-locations__grid fc-locations__grid--single" role="list">
                {cards}
              </ul>
              {variant !== 'list' && points.length > 0 && (
                <div className="fc-locations__map">
                  <DeferredMap
                    points={points}
                    zoom={zoom}
                    width={640}
                    height={480}
                    label={mapLabel}
                    unit={unit}
                  />
                </div>
              )}
            </div>
          ) : (
            <>
              {variant === 'map' && points.length > 0 && (
                <div className="fc-locations__map fc-locations__map--wide">
                  <DeferredMap
                    points={points}
                    zoom={zoom}
                    width={1200}
                    height={360}
                    label={mapLabel}
                    unit={unit}
                  />
                </div>
              )}
              <ul
                className="fc-locations__grid"
                role="list"
                aria-describedby={origin ? statusId : undefined}
              >
                {cards}
              </ul>
            </>
          )}
        </div>
      </section>
    );
  },
});
