/**
 * Similar cars under the car page (similar.ts finds them on the server): compact cards of
 * photo, title, price and kilometres, each one link. No buttons, so they add no script a
 * buyer waits for; the full card's actions are a tap away on the car's own page (docs/cars.md,
 * "Car page on a phone").
 */
import type { Car } from '../../schemas/types.gen.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage, cardPhoto } from '../_cars/images.ts';
import { PriceView } from '../_cars/parts.tsx';
import { carPath, priceDisplay } from '../_cars/rules.ts';

export const SIMILAR_CARS_HEADING = 'Similar cars';

export function SimilarCars({ cars, headingId }: { cars: Car[]; headingId: string }) {
  const { site, number, t } = useSite();
  if (!cars.length) return null;
  return (
    <section className="fc-similar-cars" aria-labelledby={headingId} data-similar-cars="true">
      <h2 id={headingId}>{t(SIMILAR_CARS_HEADING)}</h2>
      <ul className="fc-similar-cars__list">
        {cars.map((c) => {
          const photo = cardPhoto(c);
          const unit = c.odometer_unit === 'mi' ? 'mi' : 'km';
          return (
            <li
              key={c.objectID ?? c.id}
              className="fc-similar-card"
              data-car-id={c.objectID ?? c.id}
            >
              {photo ? (
                <img
                  {...cardImage(photo)}
                  alt=""
                  width={CARD_IMAGE_WIDTH}
                  height={CARD_IMAGE_HEIGHT}
                  loading="lazy"
                  decoding="async"
                />
              ) : null}
              <div className="fc-similar-card__body">
                <h3>
                  <SiteLink href={carPath(c)}>{c.name}</SiteLink>
                </h3>
                <PriceView display={priceDisplay(c, site.features)} priceType={c.price_type} />
                {typeof c.km === 'number' && (
                  <p className="fc-similar-card__meta">
                    {number(c.km)} {unit}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
