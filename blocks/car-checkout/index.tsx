/**
 * Reserve online (/cars/:slug/checkout, or /cars/:slug/buy-online where the site says so):
 * the car, the deposit (the site's reserveDeposit, default $200, 100% refundable, car held
 * for 48 hours) and a form that sends the reservation request to the dealer as a lead.
 * The page is gated behind sign-in with the page's `gate` (scripts/car-pages.ts sets it).
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car, CarCheckoutProps } from '../../schemas/types.gen.ts';
import type { CarSummary } from '../_forms/car.ts';
import { CarContext } from '../_forms/CarContext.tsx';
import { EnquiryForm } from '../_forms/EnquiryForm.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { PriceView } from '../_cars/parts.tsx';
import { findCarBySlug } from '../_cars/data.ts';
import { atWidth, cardPhoto } from '../_cars/images.ts';
import { carPath, DEFAULT_RESERVE_DEPOSIT, isReservable, priceDisplay, RESERVE_HOLD_HOURS, SIMILAR_HEADING, similarHref } from '../_cars/rules.ts';
import '../_forms/forms.css';
import '../_cars/cars.css';
import '../car-detail/car-detail.css';

export interface CarCheckoutData {
  car?: Car;
}

/** The deposit sentence (001 §9): amount, refundable, held 48 hours. */
export function depositText(amount: string): string {
  return `Reserve this car with a ${amount} deposit. Your deposit is 100% refundable, and we hold the car for you for ${RESERVE_HOLD_HOURS} hours.`;
}

export default defineBlock<CarCheckoutProps>({
  async load({ params, site, url }): Promise<CarCheckoutData> {
    if (!params.slug) return {};
    return { car: await findCarBySlug(site, params.slug, { origin: url.origin }) };
  },
  component: function CarCheckout({ props, block, data }) {
    const { site, money, t } = useSite();
    const car = (data as CarCheckoutData | undefined)?.car;
    const headingId = `${block.id}-heading`;
    const amount = money(site.features.reserveDeposit || DEFAULT_RESERVE_DEPOSIT);
    if (!car || !isReservable(car)) {
      return (
        <section className="fc-car-checkout fc-car-list-page" data-block-id={block.id} aria-labelledby={headingId}>
          <div className="fc-container">
            <h1 id={headingId}>{t(car ? 'This car cannot be reserved online' : 'This car is no longer available')}</h1>
            {car && (
              <p>
                <SiteLink href={carPath(car)}>{car.name}</SiteLink> {t('may already be reserved or sold.')}
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
      <section className="fc-car-checkout fc-car-list-page" data-block-id={block.id} aria-labelledby={headingId}>
        <div className="fc-container fc-form-block__inner">
          <h1 id={headingId}>{t(props.heading ?? 'Reserve this car online')}</h1>
          <div className="fc-car-checkout__car">
            {photo && <img src={atWidth(photo, 480)} alt="" width={320} height={240} />}
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
          <EnquiryForm mode="enquiry" car={car as unknown as CarSummary} steps="one" submitLabel={`Reserve with a ${amount} deposit`} formId={block.id} labelledBy={headingId} />
        </div>
      </section>
    );
  },
});
