/**
 * Offer rules (docs/content-blocks.md, "Offers"): which offers a site shows, offer page
 * addresses and the picture of an offer. Pure functions, no React.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { Model, Offer } from '../../schemas/types.gen.ts';
import { slugify } from '../../engine/slug.ts';

export { dealerToday } from './dealer-time.ts';
export { dealerTimeZone } from './dealer-zone.ts';

/** The website must not show offers that list its id in excluded_website_ids. */
export function offerAllowedOn(
  offer: Pick<Offer, 'excluded_website_ids'>,
  siteId: number | undefined,
): boolean {
  return siteId === undefined || !(offer.excluded_website_ids ?? []).includes(siteId);
}

/** Started (or no start date) and not yet expired (the expiry date itself still counts). */
export function offerIsCurrent(offer: Pick<Offer, 'starts' | 'expires'>, today: string): boolean {
  if (offer.starts && offer.starts > today) return false;
  if (offer.expires && offer.expires < today) return false;
  return true;
}

/** The manufacturer part of an offer's address: its slug, or its name made into one. */
export function offerManufacturerSlug(offer: Pick<Offer, 'manufacturer'>): string | undefined {
  const slug =
    offer.manufacturer?.slug || (offer.manufacturer?.name ? slugify(offer.manufacturer.name) : '');
  return slug || undefined;
}

/** /offers/{manufacturer}/{offerId}, or /offers/{offerId} for an offer without a make. */
export function offerHref(offer: Pick<Offer, 'id' | 'manufacturer'>): string {
  const make = offerManufacturerSlug(offer);
  return make ? `/offers/${make}/${offer.id}` : `/offers/${offer.id}`;
}

/** Offers the site shows today, in document order, optionally of one make. */
export function currentOffers(
  site: Pick<ResolvedSite, 'offers' | 'id'>,
  today: string,
  options: { manufacturer?: string } = {},
): Offer[] {
  return site.offers.filter(
    (offer) =>
      offerAllowedOn(offer, site.id) &&
      offerIsCurrent(offer, today) &&
      (!options.manufacturer || offerManufacturerSlug(offer) === options.manufacturer),
  );
}

export type OfferLookup =
  | { offer: Offer; status: 'ok' }
  | { offer?: Offer; status: 'missing' | 'excluded' | 'ended' | 'upcoming' };

/** The offer of an offer page, with why it cannot be shown when it cannot. */
export function findOffer(
  site: Pick<ResolvedSite, 'offers' | 'id'>,
  offerId: string | number | undefined,
  today: string,
): OfferLookup {
  const id =
    typeof offerId === 'number' ? offerId : /^\d+$/.test(offerId ?? '') ? Number(offerId) : NaN;
  const offer = site.offers.find((o) => o.id === id);
  if (!offer) return { status: 'missing' };
  if (!offerAllowedOn(offer, site.id)) return { status: 'excluded' };
  if (offer.expires && offer.expires < today) return { offer, status: 'ended' };
  if (offer.starts && offer.starts > today) return { offer, status: 'upcoming' };
  return { offer, status: 'ok' };
}

/** The offer's own picture, else its model's (image_or_model_image). */
export function offerImage(
  offer: Offer,
  models: readonly Model[],
): { src: string; alt: string; width?: number; height?: number } | undefined {
  if (offer.image?.src) return offer.image;
  const model = offer.model?.slug ? models.find((m) => m.slug === offer.model!.slug) : undefined;
  const src = model?.image?.url || model?.image?.thumb;
  return src && /^(?:\/(?!\/)|https:\/\/)/.test(src) ? { src, alt: model!.name } : undefined;
}

/** Where an offer's model lives: its override URL, else /{model-slug}. */
export function offerModelHref(offer: Offer): string | undefined {
  const m = offer.model;
  if (!m) return undefined;
  return m.override_url?.trim() || (m.slug ? `/${m.slug}` : undefined);
}
