/** How search attributes and their values read to visitors. */
import { orderCarTypes } from './url-state.ts';

/** new → New, demo → Demo, used → Used (or Pre-Owned where the site says so). */
export function carTypeLabel(value: string, preOwned: boolean): string {
  if (value === 'used') return preOwned ? 'Pre-Owned' : 'Used';
  if (value === 'new') return 'New';
  if (value === 'demo') return 'Demo';
  return value ? value[0].toUpperCase() + value.slice(1) : value;
}

/** Facet values of car_type in the order new, demo, used. */
export function orderCarTypeItems<T extends { value: string }>(items: readonly T[]): T[] {
  const order = orderCarTypes(items.map((i) => i.value));
  return order.map((v) => items.find((i) => i.value === v)!);
}

/** Default headings of filter sections, by attribute. */
export const ATTRIBUTE_LABELS: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  model: 'Model',
  make_model: 'Model',
  badge: 'Badge',
  series: 'Series',
  price: 'Price',
  subscription_price: 'Subscription',
  weekly_price: 'Weekly repayment',
  km: 'Kilometres',
  year: 'Year',
  simple_body: 'Body type',
  body: 'Body type',
  simple_fuel: 'Fuel',
  simple_transmission: 'Transmission',
  drive: 'Drive',
  colour: 'Colour',
  seats: 'Seats',
  doors: 'Doors',
  categories: 'Categories',
  filtered_features: 'Features',
  tag: 'Tags',
  state: 'State',
  city: 'City',
  location_name: 'Location',
  dealership_name: 'Dealership',
  dealership_slug: 'Dealership',
  price_range: 'Price range',
  weekly_price_range: 'Weekly repayment',
  status: 'Availability',
  item_type: 'Vehicle type',
};

export const attributeLabel = (attribute: string) =>
  ATTRIBUTE_LABELS[attribute] ?? attribute.replace(/_/g, ' ');

/**
 * The search page's heading when the document sets none, worded from the search:
 * "Used Ford Ranger for sale", "New & Demo cars for sale", "Cars for sale".
 */
export function autoHeading(
  refinements: Record<string, string[]> | undefined,
  preOwned: boolean,
): string {
  const types = orderCarTypes(refinements?.car_type ?? []);
  const makes = refinements?.make ?? [];
  const models = refinements?.model ?? [];
  const typeText =
    types.length && types.length < 3 ? types.map((t) => carTypeLabel(t, preOwned)).join(' & ') : '';
  const make = makes.length === 1 ? makes[0] : '';
  const model = make && models.length === 1 ? models[0] : '';
  const subject = [make, model].filter(Boolean).join(' ');
  const words = [typeText, subject, model ? '' : typeText || subject ? 'cars' : 'Cars']
    .filter(Boolean)
    .join(' ');
  return `${words} for sale`;
}
