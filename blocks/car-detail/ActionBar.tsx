/**
 * The car page's bar at the foot of a phone's screen: Call (a tel: link to the car's
 * location; a tap records a phone reveal, as Show phone number does, since the buyer gets
 * the number) and Enquire (opens the enquiry form). It is in the server's HTML and fixed
 * to the viewport, so nothing moves when it appears, and the page keeps room for it at the
 * bottom (phone.css); from 992 px the sidebar's buttons are in view and the bar is hidden
 * (docs/cars.md, "Car page on a phone").
 */
import { useSite } from '../../engine/render/site-context.tsx';
import { telHref } from '../../engine/sanitize/url.ts';
import type { CarLike } from '../_cars/rules.ts';
import { recordPhoneReveal } from '../_cars/phone-reveal.ts';

export function ActionBar({
  car,
  phone,
  onEnquire,
}: {
  car: CarLike;
  phone: string | null | undefined;
  onEnquire(): void;
}) {
  const { site, t } = useSite();
  return (
    <div className="fc-car-bar" data-car-bar="true">
      {phone && (
        <a
          className="fc-button fc-button--secondary fc-car-bar__call"
          href={telHref(phone)}
          onClick={() => recordPhoneReveal(site, car)}
        >
          {t('Call')}
          <span className="fc-visually-hidden"> {car.dealership_name ?? ''}</span>
        </a>
      )}
      <button
        type="button"
        className="fc-button fc-car-bar__enquire"
        data-button="enquire-bar"
        onClick={onEnquire}
      >
        {t('Enquire')}
      </button>
    </div>
  );
}
