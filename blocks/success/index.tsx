/**
 * The thank-you message on /success. What was sent is read from the browser (the
 * success flag and category the forms store), after hydration; without a flag (the page
 * opened directly) the general thanks shows.
 */
import { useEffect, useState } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { SuccessProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { readSuccess, type SuccessFlag } from '../_forms/storage.ts';
import { RESERVATION_CATEGORY } from '../../engine/api/reservations/terms.ts';
import '../_forms/forms.css';
import './success.css';

/** The sentence for what was sent (pure). */
export function successLine(flag: Pick<SuccessFlag, 'category' | 'car_name'>): string {
  const c = flag.category;
  const about = flag.car_name ? ` about the ${flag.car_name}` : '';
  const forCar = flag.car_name ? ` for the ${flag.car_name}` : '';
  if (c === RESERVATION_CATEGORY)
    return `Your reservation${flag.car_name ? ` of the ${flag.car_name}` : ''} has been received.`;
  if (/offer accepted/i.test(c))
    return "You've accepted our offer for your car. We'll be in touch shortly to arrange an inspection and payment.";
  if (/^test drive/i.test(c)) return `Your test drive request${forCar} has been sent.`;
  if (/trade-in|sell my car/i.test(c)) return 'Your car details have been sent for a valuation.';
  if (/finance application/i.test(c)) return `Your finance application${forCar} has been sent.`;
  if (/finance/i.test(c)) return `Your finance enquiry${forCar} has been sent.`;
  if (/photos/i.test(c)) return `Your request for more photos${forCar} has been sent.`;
  return `Your enquiry${about} has been sent.`;
}

/**
 * A reservation's hold and deposit, in the buyer's words: until when the car is held (the
 * dealer's clock, its zone named, in the site's locale, so a buyer elsewhere reads the hour
 * the yard keeps) and the payment provider's instructions.
 */
export function reservationLines(
  flag: Pick<SuccessFlag, 'category' | 'held_until' | 'time_zone' | 'deposit_instructions'>,
  locale: string,
): string[] {
  if (flag.category !== RESERVATION_CATEGORY) return [];
  const until = flag.held_until ? new Date(flag.held_until) : undefined;
  const when =
    until && Number.isFinite(until.getTime()) ? holdEnd(until, locale, flag.time_zone) : undefined;
  return [
    when ? `We're holding the car for you until ${when}.` : '',
    flag.deposit_instructions ?? '',
  ].filter(Boolean);
}

function holdEnd(until: Date, locale: string, timeZone: string | undefined): string {
  const parts = {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  } as const;
  try {
    return new Intl.DateTimeFormat(
      locale,
      timeZone ? { ...parts, timeZone, timeZoneName: 'short' } : parts,
    ).format(until);
  } catch {
    // A zone this browser does not know: its own clock, as before the zone was stored.
    return new Intl.DateTimeFormat(locale, parts).format(until);
  }
}

export default defineBlock<SuccessProps>({
  component: function Success({ props, block }) {
    const { site, region, t } = useSite();
    const [flag, setFlag] = useState<SuccessFlag | undefined>();
    useEffect(() => setFlag(readSuccess(site.slug)), [site.slug]);
    const links = props.links;
    return (
      <section
        className="fc-success"
        aria-labelledby={`${block.id}-heading`}
        data-block-id={block.id}
      >
        <div className="fc-container fc-success__inner">
          <svg
            className="fc-success__icon"
            aria-hidden="true"
            focusable="false"
            viewBox="0 0 48 48"
            width="56"
            height="56"
          >
            <circle cx="24" cy="24" r="22" fill="none" stroke="currentColor" strokeWidth="3" />
            <path
              d="M14 25l7 7 13-15"
              fill="none"
              stroke="currentColor"
              strokeWidth="3.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <h1 id={`${block.id}-heading`} className="fc-success__heading">
            {t(props.heading)}
          </h1>
          <p className="fc-success__what" role="status" data-category={flag?.category}>
            {flag ? t(successLine(flag)) : ''}
          </p>
          {flag &&
            reservationLines(flag, region.locale).map((line) => (
              <p key={line} className="fc-success__reservation">
                {t(line)}
              </p>
            ))}
          <p className="fc-success__text">{t(props.text)}</p>
          {links.length > 0 && (
            <p className="fc-form__actions fc-success__links">
              {links.map((l, i) => (
                <SiteLink
                  key={l.href}
                  href={l.href}
                  className={`fc-button${i > 0 ? ' fc-button--secondary' : ''}`}
                >
                  {t(l.label)}
                </SiteLink>
              ))}
            </p>
          )}
        </div>
      </section>
    );
  },
});
