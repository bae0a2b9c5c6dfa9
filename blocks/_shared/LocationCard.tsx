/**
 * One location as a card (locations and location-detail blocks): name, type, address,
 * the contact details that exist, licence numbers, opening hours with the holiday-hours
 * dialog, Get Directions and a link to the location page.
 */
import { useSite } from '../../engine/render/site-context.tsx';
import { telHref } from '../../engine/sanitize/url.ts';
import type { Location } from '../../engine/site/types.ts';
import { OpeningHours } from './OpeningHours.tsx';
import { SiteLink } from './SiteLink.tsx';
import {
  addressLines,
  contactOf,
  directionsUrl,
  locationPagePath,
  locationTypeLabel,
} from './locations.ts';
import './location-card.css';

function Icon({ name }: { name: 'pin' | 'phone' | 'mail' | 'directions' }) {
  const paths: Record<typeof name, string> = {
    pin: 'M12 22s7-6.2 7-12a7 7 0 10-14 0c0 5.8 7 12 7 12zm0-9a3 3 0 110-6 3 3 0 010 6z',
    phone:
      'M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z',
    mail: 'M3 5h18a1 1 0 011 1v12a1 1 0 01-1 1H3a1 1 0 01-1-1V6a1 1 0 011-1zm1 2.3V17h16V7.3l-8 5.4-8-5.4zM5.2 7l6.8 4.6L18.8 7H5.2z',
    directions:
      'M21.7 11.3l-9-9a1 1 0 00-1.4 0l-9 9a1 1 0 000 1.4l9 9a1 1 0 001.4 0l9-9a1 1 0 000-1.4zM14 14.5V12h-4v3H8v-4a1 1 0 011-1h5V7.5l3.5 3.5-3.5 3.5z',
  };
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path d={paths[name]} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}

export interface LocationCardProps {
  location: Location;
  /** Heading level of the location name (default 3; 1 on a location's own page). */
  headingLevel?: 1 | 2 | 3;
  /** Links the name and a "View location" button to the location page under this path. */
  pageBase?: string;
  /** Already formatted distance from the visitor ("12 km"). */
  distance?: string;
  showOpeningHours?: boolean;
}

export function LocationCard({
  location,
  headingLevel = 3,
  pageBase,
  distance,
  showOpeningHours = true,
}: LocationCardProps) {
  const { t } = useSite();
  const Heading = `h${headingLevel}` as const;
  const type = locationTypeLabel(location);
  const lines = addressLines(location);
  const contact = contactOf(location);
  const pageHref = pageBase ? locationPagePath(location, pageBase) : undefined;
  const name = t(location.name);

  return (
    <article
      className={`fc-location-card fc-location-card--h${headingLevel}`}
      data-location-id={location.id}
    >
      <header className="fc-location-card__header">
        <Heading className="fc-location-card__name">
          {pageHref ? <SiteLink href={pageHref}>{name}</SiteLink> : name}
        </Heading>
        {type && <span className="fc-location-card__type">{t(type)}</span>}
      </header>
      {distance && (
        <p className="fc-location-card__distance">
          <strong>{distance}</strong> away
        </p>
      )}
      {lines.length > 0 && (
        <address className="fc-location-card__address">
          <Icon name="pin" />
          <span>
            {lines.map((line, i) => (
              <span key={i} className="fc-location-card__line">
                {line}
              </span>
            ))}
          </span>
        </address>
      )}
      {(contact.phone || contact.landline || contact.email) && (
        <ul className="fc-location-card__contact">
          {contact.phone && (
            <li>
              <Icon name="phone" />
              <a href={telHref(contact.phone)}>
                <span className="fc-visually-hidden">Phone {name}: </span>
                {contact.phone}
              </a>
            </li>
          )}
          {contact.landline && (
            <li>
              <Icon name="phone" />
              <a href={telHref(contact.landline)}>
                <span className="fc-visually-hidden">Landline {name}: </span>
                {contact.landline}
              </a>
            </li>
          )}
          {contact.email && (
            <li>
              <Icon name="mail" />
              <a href={`mailto:${contact.email}`}>
                <span className="fc-visually-hidden">Email {name}: </span>
                {contact.email}
              </a>
            </li>
          )}
        </ul>
      )}
      {(location.dealer_license_number?.trim() || location.motor_vehicle_repairer?.trim()) && (
        <dl className="fc-location-card__licences">
          {location.dealer_license_number?.trim() && (
            <div>
              <dt>{t('Dealer licence')}</dt>
              <dd>{location.dealer_license_number.trim()}</dd>
            </div>
          )}
          {location.motor_vehicle_repairer?.trim() && (
            <div>
              <dt>Motor vehicle repairer</dt>
              <dd>{location.motor_vehicle_repairer.trim()}</dd>
            </div>
          )}
        </dl>
      )}
      {showOpeningHours && (
        <OpeningHours location={location} headingLevel={(headingLevel + 1) as 2 | 3 | 4} />
      )}
      <div className="fc-location-card__actions">
        <a className="fc-button" href={directionsUrl(location)} rel="noopener noreferrer">
          <Icon name="directions" />
          Get Directions <span className="fc-visually-hidden">to {name}</span>
        </a>
        {pageHref && (
          <SiteLink className="fc-button fc-button--secondary" href={pageHref}>
            View location<span className="fc-visually-hidden">: {name}</span>
          </SiteLink>
        )}
      </div>
    </article>
  );
}
