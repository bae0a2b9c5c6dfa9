/**
 * A plain, real car card for search results: photo, title, price, key details and a link
 * to the car. The full car card (tags, badges, buttons, finance, favourites) is another
 * block; search results render whatever `CarCard` component they are given, this one by
 * default, so swapping it is one import.
 */
import { Link } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import { carTypeLabel } from './labels.ts';

/** The fields the card reads; search results ask the index for these only. */
export const CARD_FIELDS = [
  'objectID',
  'id',
  'slug',
  'name',
  'year',
  'make',
  'model',
  'badge',
  'car_type',
  'status',
  'reserved',
  'price',
  'price_type',
  'subscription_price',
  'km',
  'odometer_unit',
  'simple_body',
  'simple_transmission',
  'simple_fuel',
  'stocknum',
  'colour',
  'drive',
  'seats',
  'engine_size',
  'location_name',
  'thumbnails',
  'primary_image_url',
  'photos_count',
] as const;

export type CardCar = Pick<Car, (typeof CARD_FIELDS)[number]> & Partial<Car>;

export interface CarCardProps {
  car: CardCar;
  /** Position in the results (0-based): the first row loads its photos eagerly. */
  position: number;
  /** Cards above the fold (eager photos); the rest load lazily. */
  eagerCount?: number;
}

const IMAGE_WIDTH = 400;
const IMAGE_HEIGHT = 300;

export function carPhoto(car: Partial<Car>): string | undefined {
  const thumb = car.thumbnails?.[0];
  if (thumb) return thumb;
  const primary = car.primary_image_url;
  return primary ? primary.replace(/\?w=\d+/, '?w=400') : undefined;
}

export function CarCardLite({ car, position, eagerCount = 3 }: CarCardProps) {
  const { site, money, number, t } = useSite();
  const features = site.features;
  const href = `/cars/${car.slug}`;
  const photo = carPhoto(car);
  const unit = car.odometer_unit === 'mi' ? 'mi' : 'km';
  const details: string[] = [];
  for (const attr of features.cardAttributes) {
    switch (attr) {
      case 'car_type':
        details.push(carTypeLabel(car.car_type, features.preOwnedLabel));
        break;
      case 'km':
        if (typeof car.km === 'number') details.push(`${number(car.km)} ${unit}`);
        break;
      case 'stocknum':
        if (car.stocknum) details.push(`Stock #${car.stocknum}`);
        break;
      case 'seats':
        if (car.seats) details.push(`${car.seats} seats`);
        break;
      case 'year':
        if (car.year) details.push(String(car.year));
        break;
      default: {
        const v = car[attr as keyof CardCar];
        if (typeof v === 'string' && v) details.push(t(v));
      }
    }
  }
  const status =
    car.status === 'sold' ? 'SOLD' : car.reserved ? features.reservedWording : car.status === 'coming_soon' ? 'COMING SOON' : undefined;
  return (
    <article className="fc-car-card-lite" data-car-id={car.objectID}>
      <Link to={href} className="fc-car-card-lite__photo" tabIndex={-1} aria-hidden="true">
        {photo ? (
          <img
            src={photo}
            alt=""
            width={IMAGE_WIDTH}
            height={IMAGE_HEIGHT}
            loading={position < eagerCount ? undefined : 'lazy'}
            decoding="async"
          />
        ) : (
          <span className="fc-car-card-lite__no-photo">{t('Photos coming soon')}</span>
        )}
        {status && <span className="fc-car-card-lite__status">{status}</span>}
      </Link>
      <div className="fc-car-card-lite__body">
        <h3 className="fc-car-card-lite__title">
          <Link to={href}>{car.name}</Link>
        </h3>
        <p className="fc-car-card-lite__price">
          {car.price > 0 ? money(car.price) : features.noPriceText}
          {car.price > 0 && car.price_type === 'drive_away' && <small> {t('Drive away')}</small>}
          {car.price > 0 && car.price_type === 'excl_gov_charges' && <small> {t('Excl. gov. charges')}</small>}
        </p>
        {typeof car.subscription_price === 'number' && car.subscription_price > 0 && (
          <p className="fc-car-card-lite__subscription">
            {t('or')} {money(car.subscription_price)}/{t('wk')} {t('subscription')}
          </p>
        )}
        {details.length > 0 && (
          <ul className="fc-car-card-lite__details">
            {details.map((d, i) => (
              <li key={i}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    </article>
  );
}
