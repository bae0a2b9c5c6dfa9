/**
 * Pure rules behind the header menu (and the links of other layout blocks): service
 * links, menu locations, model categories. Kept free of React so they are easy to test
 * and to reuse.
 */
import { telHref } from '../../engine/sanitize/url.ts';
import { linkTarget } from '../../engine/site/link-target.ts';
import type { Location, ResolvedSite } from '../../engine/site/types.ts';
import type { Model } from '../../schemas/types.gen.ts';

/**
 * /service becomes /ford-service on a site with an online service-booking key: the
 * site's link rewrite (engine/site/link-target.ts), which SiteLink applies to every link. The
 * menus call it too, to compare the current page with a rewritten menu entry.
 */
export const serviceHref = linkTarget;

/** Links the model dropdown always ends with, after the models: Contact Us and Our Stock. */
export const MODEL_MENU_LINKS = [
  { label: 'Contact Us', href: '/contact' },
  { label: 'Our Stock', href: '/cars/' },
];

/** Whether a menu link is the page being shown (site paths only; a trailing slash does not count). */
export function isCurrent(pathname: string, href: string | undefined): boolean {
  if (!href || !href.startsWith('/')) return false;
  const path = href.split(/[?#]/)[0];
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(path) === norm(pathname);
}

const LOCATION_ORDER: Record<string, number> = { sales: 0, service: 1, parts: 2 };

export interface MenuLocation {
  id: number;
  /** Location name, or its city when it has no name. */
  label: string;
  phone?: string;
  href: string;
}

/**
 * Locations for the Locations dropdown: visible ones only, sales first, then service,
 * then parts, then the rest (each group in document order). Each links to its phone
 * (tel:) when phone links in menus are on and it has a number, otherwise to /contact.
 */
export function menuLocations(
  site: Pick<ResolvedSite, 'locations' | 'features'>,
  contactHref = '/contact',
): MenuLocation[] {
  const visible = site.locations
    .map((location, position) => ({ location, position }))
    .filter(({ location }) => location.visible !== false);
  visible.sort(
    (a, b) =>
      (LOCATION_ORDER[a.location.location_type] ?? 3) -
        (LOCATION_ORDER[b.location.location_type] ?? 3) || a.position - b.position,
  );
  return visible.map(({ location }) => {
    const phone = locationPhone(location);
    return {
      id: location.id,
      label: location.name?.trim() || location.address.city,
      phone,
      href: site.features.phoneLinksInMenu && phone ? telHref(phone) : contactHref,
    };
  });
}

export function locationPhone(location: Location): string | undefined {
  return (
    location.contact_detail?.phone?.trim() ||
    location.contact_detail?.landline_phone?.trim() ||
    undefined
  );
}

export interface ModelCategory {
  name: string;
  models: Model[];
}

/** The model range grouped into menu categories by manufacturer_body, in order of first appearance. */
export function modelCategories(models: Model[], otherLabel = 'Other'): ModelCategory[] {
  const groups = new Map<string, Model[]>();
  for (const model of models) {
    const name = model.manufacturer_body?.trim() || otherLabel;
    const list = groups.get(name);
    if (list) list.push(model);
    else groups.set(name, [model]);
  }
  return [...groups].map(([name, list]) => ({ name, models: list }));
}

/** A model's page: its override URL when it has one, otherwise /{model-slug}. */
export function modelHref(model: Model): string {
  return model.override_url?.trim() || model.path?.trim() || `/${model.slug}`;
}
