/** How search attributes and their values read to visitors. */
import { CAR_FILTER_TITLES } from '../../schemas/car-attributes.gen.ts';
import { BODY_ATTRIBUTE, orderCarTypes } from './url-state.ts';

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

/** Default headings of filter sections, by attribute: the car schema's x-filterTitle, else its title. */
export const ATTRIBUTE_LABELS: Readonly<Record<string, string>> = CAR_FILTER_TITLES;

export const attributeLabel = (attribute: string) =>
  ATTRIBUTE_LABELS[attribute] ?? attribute.replace(/_/g, ' ');

/** A body type as a plural noun: SUV → SUVs, Bus → Buses, Hatch → Hatches, Cab Chassis stays. */
export function bodyPlural(body: string): string {
  if (/is$/i.test(body)) return body;
  if (/(s|ch|sh|x)$/i.test(body)) return `${body}es`;
  return `${body}s`;
}

/**
 * The search page's heading when the document sets none, worded from the search:
 * "Used Ford Ranger for sale", "New & Demo cars for sale", "SUVs for sale" (one body type
 * names the cars: /search/suv), "Cars for sale".
 */
export function autoHeading(
  refinements: Record<string, string[]> | undefined,
  preOwned: boolean,
): string {
  const types = orderCarTypes(refinements?.car_type ?? []);
  const makes = refinements?.make ?? [];
  const models = refinements?.model ?? [];
  const bodies = refinements?.[BODY_ATTRIBUTE] ?? [];
  const typeText =
    types.length && types.length < 3 ? types.map((t) => carTypeLabel(t, preOwned)).join(' & ') : '';
  const make = makes.length === 1 ? makes[0] : '';
  const model = make && models.length === 1 ? models[0] : '';
  const body = !model && bodies.length === 1 ? bodyPlural(bodies[0]) : '';
  const subject = [make, model].filter(Boolean).join(' ');
  const noun = model ? '' : body || (typeText || subject ? 'cars' : 'Cars');
  const words = [typeText, subject, noun].filter(Boolean).join(' ');
  return `${words} for sale`;
}
