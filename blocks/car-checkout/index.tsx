/**
 * Reserve online (/cars/:slug/checkout, or /cars/:slug/buy-online where the site says so)
 * and the online purchase journey (/checkout-journey?car_id={slug or id}, journey
 * "purchase": used cars only, a new or demo car refused with a way to enquire): the car, the
 * deposit (the site's reserveDeposit, default $200, 100% refundable, car held for 48
 * hours) and the reservation form (ReservationForm.tsx: POST {api}/reservations, which holds
 * the car; docs/api.md, "Reservations").
 * The page is gated behind sign-in with the page's `gate` (scripts/car-pages.ts sets it).
 *
 * The car is the route's :slug when the page has one, otherwise ?car_id= (a slug or a car
 * id). An unknown car answers 404 (noindex) like the car page, with a way on to the stock
 * search; a page without a car (no car_id) says how to pick one.
 */
import { defineBlock, type BlockLoadContext } from '../../engine/render/block.ts';
import type { PageHead } from '../../engine/render/head.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import type { CarCheckoutProps } from '../../schemas/resolved.gen.ts';
import type { CarSummary } from '../_forms/car.ts';
import { CarContext } from '../_forms/CarContext.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { PriceView } from '../_cars/parts.tsx';
import { findCarBySlug, findCarsByIds, type FindOptions } from '../_cars/data.ts';
import { cardPhoto } from '../_cars/images.ts';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import {
  carPath,
  DEFAULT_RESERVE_DEPOSIT,
  isReservable,
  priceDisplay,
  RESERVE_HOLD_HOURS,
  SIMILAR_HEADING,
  similarHref,
} from '../_cars/rules.ts';
import { NOT_FOR_PURCHASE, purchasable } from '../../engine/api/reservations/terms.ts';
import { ReservationForm } from './ReservationForm.tsx';
import { missingCarHead } from '../_cars/seo.ts';
import '../_forms/forms.css';
import '../_cars/styles/card.css';
import '../_cars/styles/visitor-actions.css';
import '../_cars/styles/promo-and-lists.css';
import '../_cars/car-detail.css';

export interface CarCheckoutData {
  car?: Car;
  /** The car asked for (route slug or ?car_id=) when the site has no such car: the page answers 404. */
  requested?: string;
  /** No car was named (a purchase page opened without ?car_id=). */
  noCar?: boolean;
  head?: PageHead;
}

/** Where every "find a car" link of this block goes: the whole stock search. */
export const STOCK_SEARCH_HREF = similarHref(undefined);

/** The car's photo beside its name: 320 px wide (its width attribute), the screen's width at most. */
export const CHECKOUT_PHOTO: PhotoLayout = {
  min: 320,
  max: 1024,
  sizes: '(min-width: 360px) 320px, 90vw',
  fallback: 480,
};

/** The car a checkout page is for: the route's :slug, else ?car_id=; undefined when neither names one. */
export function checkoutCarKey(
  params: Record<string, string | undefined>,
  url: URL,
): string | undefined {
  const key = params.slug?.trim() || url.searchParams.get('car_id')?.trim();
  return key || undefined;
}

/** A car of the site by slug, or by id when the key is all digits (ids first, then slugs). */
export async function findCheckoutCar(
  site: Parameters<typeof findCarBySlug>[0],
  key: string,
  options: FindOptions = {},
): Promise<Car | undefined> {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(key)) return undefined;
  if (/^\d+$/.test(key)) {
    const [byId] = await findCarsByIds(site, [key], options);
    if (byId) return byId;
  }
  return findCarBySlug(site, key, options);
}

export async function loadCarCheckout(
  { params, site, url }: Pick<BlockLoadContext<CarCheckoutProps>, 'params' | 'site' | 'url'>,
  search?: FindOptions['search'],
): Promise<CarCheckoutData> {
  const key = checkoutCarKey(params, url);
  if (!key) return { noCar: true, head: { meta: [{ name: 'robots', content: 'noindex' }] } };
  const car = await findCheckoutCar(site, key, { origin: url.origin, search });
  return car ? { car } : { requested: key, head: missingCarHead(site) };
}

/** The deposit sentence (docs/cars.md, "Reserve online"): amount, refundable, held 48 hours. */
export function depositText(amount: string): string {
  return `Reserve this car with a ${amount} deposit. Your deposit is 100% refundable, and we hold the car for you for ${RESERVE_HOLD_HOURS} hours.`;
}

export default defineBlock<CarCheckoutProps>({
  load: (ctx) => loadCarCheckout(ctx),
  component: function CarCheckout({ props, block, data }) {
    const { site, money, t } = useSite();
    const d = (data ?? {}) as CarCheckoutData;
    const car = d.car;
    const headingId = `${block.id}-heading`;
    const amount = money(site.features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT);
    if (!car && d.noCar) {
      return (
        <section
          className="fc-car-checkout fc-car-list-page"
          data-block-id={block.id}
          aria-labelledby={headingId}
          data-car-missing="none"
        >
          <div className="fc-container">
            <h1 id={headingId}>{t('Choose a car to buy online')}</h1>
            <p>
              {t(
                'Find the car you want in our stock, then choose Reserve Now on its page to continue here.',
              )}
            </p>
            <SiteLink className="fc-button" href={STOCK_SEARCH_HREF} data-button="browseStock">
              {t('Browse our stock')}
            </SiteLink>
          </div>
        </section>
      );
    }
    if (car && props.journey === 'purchase' && !purchasable(car)) {
      // The online purchase journey sells used cars only (docs/cars.md, "Reserve online"); the API refuses the rest too.
      return (
        <section
          className="fc-car-checkout fc-car-list-page"
          data-block-id={block.id}
          aria-labelledby={headingId}
          data-not-for-purchase="true"
        >
          <div className="fc-container">
            <h1 id={headingId}>{t('This car cannot be bought online')}</h1>
            <p>{t(NOT_FOR_PURCHASE)}</p>
            <SiteLink className="fc-button" href={carPath(car)} data-button="enquire">
              {t('Enquire about the')} {car.name}
            </SiteLink>
          </div>
        </section>
      );
    }
    if (!car || !isReservable(car)) {
      return (
        <section
          className="fc-car-checkout fc-car-list-page"
          data-block-id={block.id}
          aria-labelledby={headingId}
          {...(car ? {} : { 'data-car-missing': 'true' })}
        >
          <div className="fc-container">
            <h1 id={headingId}>
              {t(car ? 'This car cannot be reserved online' : 'This car is no longer available')}
            </h1>
            {car ? (
              <p>
                <SiteLink href={carPath(car)}>{car.name}</SiteLink>{' '}
                {t('may already be reserved or sold.')}
              </p>
            ) : (
              <p>
                {t(
                  'We could not find the car you asked for: it may have been sold or taken off our website.',
                )}{' '}
                <SiteLink href={STOCK_SEARCH_HREF} data-button="browseStock">
                  {t('Browse all our stock')}
                </SiteLink>
              </p>
            )}
            <div className="fc-car-similar">
              <h2>{t(SIMILAR_HEADING)}</h2>
              <SiteLink className="fc-button" href={similarHref(car)}>
                {site.features.findSimilarLabel}
              </SiteLink>
            </div>
          </div>
        </section>
      );
    }
    const photo = cardPhoto(car);
    return (
      <section
        className="fc-car-checkout fc-car-list-page"
        data-block-id={block.id}
        aria-labelledby={headingId}
      >
        <div className="fc-container fc-form-block__inner">
          <h1 id={headingId}>{t(props.heading)}</h1>
          <div className="fc-car-checkout__car">
            {photo && (
              <img {...photoAttributes(photo, CHECKOUT_PHOTO)} alt="" width={320} height={240} />
            )}
            <div>
              <h2>
                <SiteLink href={carPath(car)}>{car.name}</SiteLink>
              </h2>
              <PriceView display={priceDisplay(car, site.features)} priceType={car.price_type} />
              {car.stocknum && <p>Stock no. {car.stocknum}</p>}
            </div>
          </div>
          <p className="fc-car-checkout__deposit" data-deposit={amount}>
            {t(depositText(amount))}
          </p>
          <CarContext car={car as unknown as CarSummary} label="Your reservation is for" />
          <ReservationForm
            car={car as unknown as CarSummary}
            submitLabel={`Reserve with a ${amount} deposit`}
            formId={block.id}
            labelledBy={headingId}
            journey={props.journey}
          />
        </div>
      </section>
    );
  },
});
