/**
 * The full car card (docs/cars.md, "Card rules"): photo (srcset/sizes, width and height, lazy below
 * the fold), optional location overlay, tag banner, favourite heart, title, badges, key
 * details (the site's card attributes), price, weekly finance with its tooltip, buttons
 * (View Details, Enquire Now / Enquiry and Book a Test Drive in a modal, Get Finance,
 * Reserve Now, Find Me Something Similar), compare and watchlist. The card's class follows
 * the car's status. Every rule comes from rules.ts.
 *
 * The card of search results (and of the car blocks).
 */
import { type ElementType } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import type { PhotoLayout } from '../_shared/photo.ts';
import { CompareToggle, FavouriteButton, WatchlistButton, WeeklyFinance } from './actions.tsx';
import { CARD_FIELDS } from './fields.ts';
import { CARD_IMAGE_HEIGHT, CARD_IMAGE_WIDTH, cardImage, cardPhoto } from './images.ts';
import {
  cardButtons,
  cardStatusClass,
  carPath,
  carTag,
  cutText,
  financeInfo,
  isBelowMarket,
  isCertifiedBadge,
  isSellable,
  priceDisplay,
  showFavourite,
  type CarLike,
} from './rules.ts';
import { PriceView, TagBanner, useEnquiryModal } from './parts.tsx';
import './styles/card.css';
import './styles/visitor-actions.css';
import './styles/promo-and-lists.css';

export { PriceView, TagBanner, useEnquiryModal };

export { CARD_FIELDS };

export type CardCar = Pick<Car, 'objectID' | 'id' | 'slug' | 'name'> & Partial<Car>;

export interface CarCardProps {
  car: CardCar;
  /** Position in the results (0-based): the first row loads its photos eagerly. */
  position: number;
  /**
   * Cards above the fold: their photos are fetched at once, at high priority, and painted with
   * the frame (docs/cars.md, "First-screen cards"); the rest load lazily.
   */
  eagerCount?: number;
  /** How wide the photo is laid out (default CARD_LAYOUT; search results' compact cards differ). */
  photoLayout?: PhotoLayout;
  /** Heading level of the car's name (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** "Now" for the time-based rules (new arrival, just sold); default the time of rendering. */
  now?: number;
}

export function carDetails(
  car: CarLike,
  attributes: readonly string[],
  f: {
    number(n: number): string;
    t(s: string): string;
    display(attribute: string, value: string): string;
    preOwned: boolean;
  },
): string[] {
  const out: string[] = [];
  const unit = car.odometer_unit === 'mi' ? 'mi' : 'km';
  for (const attr of attributes) {
    switch (attr) {
      case 'car_type':
        if (car.car_type)
          out.push(
            car.car_type === 'used'
              ? f.preOwned
                ? 'Pre-Owned'
                : 'Used'
              : car.car_type === 'new'
                ? 'New'
                : 'Demo',
          );
        break;
      case 'km':
        if (typeof car.km === 'number') out.push(`${f.number(car.km)} ${unit}`);
        break;
      case 'stocknum':
        if (car.stocknum) out.push(`Stock #${car.stocknum}`);
        break;
      case 'seats':
        if (car.seats) out.push(`${car.seats} seats`);
        break;
      case 'year':
        if (car.year) out.push(String(car.year));
        break;
      default: {
        const v = (car as Record<string, unknown>)[attr];
        if (typeof v === 'string' && v && v !== 'None' && v.toLowerCase() !== 'null')
          out.push(f.t(f.display(attr, v)));
      }
    }
  }
  return out;
}

export function CarCard({
  car,
  position,
  eagerCount = 3,
  photoLayout,
  headingLevel = 3,
  now,
}: CarCardProps) {
  const { site, money, number, t, display } = useSite();
  const features = site.features;
  const at = now ?? Date.now();
  const href = carPath(car);
  const photo = cardPhoto(car);
  const tag = carTag(car, features, at);
  const price = priceDisplay(car, features);
  const sellable = isSellable(car);
  const finance = financeInfo(car, site, at);
  const buttons = cardButtons(car, features, { money });
  const details = carDetails(car, features.cardAttributes, {
    number,
    t,
    display,
    preOwned: features.preOwnedLabel,
  });
  const { open, modal } = useEnquiryModal(car);
  const Heading = `h${headingLevel}` as ElementType;
  const titleId = `car-${car.objectID ?? car.id}-title`;
  const eager = position < eagerCount;
  return (
    <article
      className={`fc-car-card ${cardStatusClass(car)}`}
      data-car-id={car.objectID ?? car.id}
      aria-labelledby={titleId}
    >
      <div className="fc-car-card__media">
        <Link to={href} className="fc-car-card__photo" tabIndex={-1} aria-hidden="true">
          {photo ? (
            <img
              {...cardImage(photo, photoLayout)}
              alt=""
              width={CARD_IMAGE_WIDTH}
              height={CARD_IMAGE_HEIGHT}
              loading={eager ? undefined : 'lazy'}
              fetchPriority={eager ? 'high' : undefined}
              decoding={eager ? undefined : 'async'}
            />
          ) : (
            <span className="fc-car-card__no-photo">{t('Photos coming soon')}</span>
          )}
        </Link>
        {tag && <TagBanner tag={tag} />}
        {features.locationOverlay && car.location_name && (
          <span className="fc-car-card__location">{car.location_name}</span>
        )}
        {showFavourite(car, features) && (
          <FavouriteButton car={car} className="fc-car-card__favourite" />
        )}
      </div>
      <div className="fc-car-card__body">
        <Heading id={titleId} className="fc-car-card__title">
          <Link to={href}>{car.name}</Link>
        </Heading>
        {(isBelowMarket(car) || isCertifiedBadge(car, features)) && (
          <ul className="fc-car-badges" aria-label="Badges">
            {isBelowMarket(car) && (
              <li className="fc-car-badge fc-car-badge--below-market">Below Market Price</li>
            )}
            {isCertifiedBadge(car, features) && (
              <li className="fc-car-badge fc-car-badge--certified">Certified Pre-Owned</li>
            )}
          </ul>
        )}
        {details.length > 0 && (
          <ul className="fc-car-card__details" aria-label="Key details">
            {details.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        )}
        {/* Cut at the description limit and clamped to three lines by CSS, so a long one never makes a tall card (docs/cars.md, "Cards"). */}
        {car.description && (
          <p className="fc-car-card__description">{cutText(car.description).text}</p>
        )}
        <PriceView display={price} priceType={car.price_type} />
        {finance && <WeeklyFinance info={finance} />}
        <div className="fc-car-card__buttons">
          {buttons.map((b) =>
            b.kind === 'enquire' || b.kind === 'testDrive' ? (
              <button
                key={b.kind}
                type="button"
                className="fc-button fc-button--secondary"
                data-button={b.kind}
                onClick={() => open(b.kind === 'enquire' ? 'enquiry' : 'test-drive')}
              >
                {t(b.label)}
              </button>
            ) : (
              <SiteLink
                key={b.kind}
                href={b.href}
                className={`fc-button ${b.kind === 'viewDetails' || b.kind === 'reserve' ? '' : 'fc-button--secondary'}`}
                data-button={b.kind}
              >
                {t(b.label)}
                {b.kind === 'viewDetails' && (
                  <span className="fc-visually-hidden"> of the {car.name}</span>
                )}
              </SiteLink>
            ),
          )}
        </div>
        {/* A sold car cannot be bought: nothing to compare or watch (docs/cars.md, "Card rules"). */}
        {sellable && (features.compare || features.watchlist) && (
          <div className="fc-car-card__actions">
            {features.compare && <CompareToggle car={car} />}
            {features.watchlist && <WatchlistButton car={car} />}
          </div>
        )}
      </div>
      {modal}
    </article>
  );
}
