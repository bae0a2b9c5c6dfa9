/**
 * Site footer: link columns (by default Vehicles, Stock, Service and Company, the defaults
 * of schemas/blocks/footer.schema.json), a summary of the visible sales locations, the
 * "We accept" payment logos and the legal line ({year} becomes the current year in the
 * dealer's time zone), followed by the dealer's business number (ABN, NZBN) unless the line
 * already names it (docs/regions.md, "Business numbers").
 */
import { useState } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { formatBusinessNumber } from '../../engine/region.ts';
import { telHref } from '../../engine/sanitize/url.ts';
import type { FooterProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';
import { locationPhone, serviceHref } from '../_shared/site-links.ts';
import './footer.css';

/** The payment marks drawn by engine/assets/svg.ts, served at /assets/payment/{id}.svg. */
export const PAYMENT_LOGOS = [
  { id: 'mastercard', label: 'Mastercard' },
  { id: 'visa', label: 'Visa' },
  { id: 'maestro', label: 'Maestro' },
  { id: 'google-pay', label: 'Google Pay' },
  { id: 'apple-pay', label: 'Apple Pay' },
] as const;

/** Further than this from New Year in UTC, every time zone (UTC-12 to UTC+14) is in UTC's year. */
const ZONES_REACH_MS = 15 * 3_600_000;

/**
 * The calendar year at `now` in `timeZone`, so server and browser agree whatever their own
 * zones. Intl is asked only near New Year: a page's first Intl formatter costs the browser
 * 20-30 ms (Chromium; four times that on a slow phone), and on a page that formats nothing
 * else while it hydrates (the search page, whose results stay server HTML until used) the
 * footer's year was the only one.
 */
export function yearIn(timeZone: string, now = new Date()): string {
  const year = (shift: number) => String(new Date(+now + shift).getUTCFullYear());
  if (year(-ZONES_REACH_MS) === year(ZONES_REACH_MS)) return year(0);
  try {
    return new Intl.DateTimeFormat('en', { year: 'numeric', timeZone }).format(now);
  } catch {
    return year(0);
  }
}

export default defineBlock<FooterProps>({
  component: function Footer({ props, block }) {
    const { site, t, region } = useSite();
    // Computed once per mount; the year is taken in the dealer's time zone, so the server
    // render and hydration give the same text (except within seconds of New Year, where
    // the server's text is kept: see suppressHydrationWarning below).
    const [year] = useState(() => yearIn(dealerTimeZone(site)));
    const fix = (href: string) => serviceHref(href, site.features);
    const columns = props.columns;
    const locations = site.locations.filter(
      (l) => l.visible !== false && l.location_type === 'sales',
    );
    const legal = (props.legal ?? `© {year} ${site.name}`).replaceAll('{year}', year);
    const number = site.businessNumber && formatBusinessNumber(site.businessNumber, region.region);
    const numberShown = number && !legal.includes(number.split(' ')[0]) ? number : undefined;
    const locationsHeadingId = `${block.id}-locations`;
    const paymentsHeadingId = `${block.id}-payments`;

    return (
      <footer className="fc-footer" data-block-id={block.id}>
        <div className="fc-container">
          <div className="fc-footer__top">
            {columns.length > 0 && (
              <nav className="fc-footer__nav" aria-label="Footer">
                {columns.map((column, i) => (
                  <div className="fc-footer__column" key={i}>
                    <h2 className="fc-footer__heading">{t(column.heading)}</h2>
                    <ul className="fc-footer__links">
                      {column.links.map((link, j) => (
                        <li key={j}>
                          <SiteLink href={fix(link.href)} className="fc-footer__link">
                            {t(link.label)}
                          </SiteLink>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </nav>
            )}
            {locations.length > 0 && (
              <section className="fc-footer__locations" aria-labelledby={locationsHeadingId}>
                <h2 className="fc-footer__heading" id={locationsHeadingId}>
                  {locations.length > 1 ? 'Our locations' : 'Visit us'}
                </h2>
                <ul className="fc-footer__location-list">
                  {locations.map((location) => {
                    const phone = locationPhone(location);
                    const { street, city, state, postcode } = location.address;
                    return (
                      <li key={location.id} className="fc-footer__location">
                        <SiteLink
                          href={`/locations/${location.slug}`}
                          className="fc-footer__location-name"
                        >
                          {t(location.name)}
                        </SiteLink>
                        <address className="fc-footer__address">
                          {street}
                          <br />
                          {[city, state, postcode].filter(Boolean).join(' ')}
                        </address>
                        {phone && (
                          <a className="fc-footer__phone" href={telHref(phone)}>
                            <span className="fc-visually-hidden">Call {t(location.name)} on</span>{' '}
                            {phone}
                          </a>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </section>
            )}
          </div>
          {props.paymentLogos && (
            <section className="fc-footer__payments" aria-labelledby={paymentsHeadingId}>
              <h2 className="fc-footer__payments-heading" id={paymentsHeadingId}>
                We accept
              </h2>
              <ul className="fc-footer__payment-list">
                {PAYMENT_LOGOS.map((p) => (
                  <li key={p.id}>
                    <img
                      className="fc-footer__payment-logo"
                      src={`/assets/payment/${p.id}.svg`}
                      alt={p.label}
                      width={98}
                      height={48}
                      loading="lazy"
                      decoding="async"
                    />
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="fc-footer__bottom">
            <p className="fc-footer__legal" suppressHydrationWarning>
              {t(legal)}
              {numberShown && ` · ${numberShown}`}
            </p>
          </div>
        </div>
      </footer>
    );
  },
});
