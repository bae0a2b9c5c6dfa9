/**
 * Featured car block: one car of the site's stock (by slug or id) as a full car card,
 * looked up on the server so the HTML has it. A car that has gone shows a link to similar
 * stock instead.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import type { CarCardProps as CarCardBlockProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { CarCard } from '../_cars/CarCard.tsx';
import { findCarBySlug, findCarsByIds } from '../_cars/data.ts';
import { CARD_FIELDS } from '../_cars/fields.ts';
import { SIMILAR_HEADING } from '../_cars/rules.ts';

export interface CarCardBlockData {
  car?: Car;
  now: number;
}

export default defineBlock<CarCardBlockProps>({
  async load({ props, site, url }): Promise<CarCardBlockData> {
    const options = { origin: url.origin, attributesToRetrieve: CARD_FIELDS };
    const now = Date.now();
    if (props.slug) return { car: await findCarBySlug(site, props.slug, options), now };
    if (props.carId) return { car: (await findCarsByIds(site, [props.carId], options))[0], now };
    return { now };
  },
  component: function FeaturedCar({ props, block, data }) {
    const { site, t } = useSite();
    const d = (data ?? {}) as Partial<CarCardBlockData>;
    const headingId = `${block.id}-heading`;
    return (
      <section
        className="fc-featured-car"
        data-block-id={block.id}
        aria-labelledby={props.heading ? headingId : undefined}
      >
        <div className="fc-container">
          {props.heading && (
            <h2 id={headingId} className="fc-featured-car__heading">
              {t(props.heading)}
            </h2>
          )}
          {d.car ? (
            <div className="fc-featured-car__card">
              <CarCard
                car={d.car}
                position={0}
                eagerCount={1}
                headingLevel={props.heading ? 3 : 2}
                now={d.now}
              />
            </div>
          ) : (
            <div className="fc-featured-car__missing">
              <p>{t(SIMILAR_HEADING)}</p>
              <SiteLink className="fc-button" href="/search/new-used-and-demo-cars">
                {site.features.findSimilarLabel}
              </SiteLink>
            </div>
          )}
        </div>
      </section>
    );
  },
});
