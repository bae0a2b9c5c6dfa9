/**
 * Which destinations a new lead goes to (docs/leads.md, "What a dealer configures"): its
 * kind from its category, its location from its car (a lead about a car goes to the car's
 * location), else the location or dealership it names, then the routes of the site document
 * for that kind and location (engine/site/lead-routing.ts), plus the buyer's confirmation.
 * A site without `leadRouting` sends each lead to the email address its location shows
 * (else the first location's that shows one), as a dealer who set up nothing would expect;
 * with no address anywhere its leads stay in the staff view.
 */
import type { Car } from '../../../schemas/types.gen.ts';
import { routesFor, type LeadKind } from '../../site/lead-routing.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { RESERVATION_CATEGORY } from '../reservations/terms.ts';
import { PARTS_ENQUIRY_CATEGORY, SERVICE_BOOKING_CATEGORY } from '../service-booking.ts';
import type { NewDelivery, NewLead } from '../store/types.ts';

/** A lead's kind from its category (the forms' categories: docs/forms.md). */
export function leadKindOf(lead: Pick<NewLead, 'category' | 'payload'>): LeadKind {
  const category = lead.category ?? '';
  const p = lead.payload;
  if (category === SERVICE_BOOKING_CATEGORY || p.booking_date !== undefined) return 'service';
  if (category === PARTS_ENQUIRY_CATEGORY || p.part !== undefined) return 'parts';
  if (category === RESERVATION_CATEGORY) return 'reservation';
  if (/test drive/i.test(category)) return 'test-drive';
  if (/finance/i.test(category)) return 'finance';
  if (/trade-in|sell my car/i.test(category)) return 'trade-in';
  return 'enquiry';
}

/** The slug of the location a lead is for, if it says. */
export function leadLocationSlug(
  site: ResolvedSite,
  lead: Pick<NewLead, 'dealershipSlug' | 'payload'>,
  car: Car | undefined,
): string | undefined {
  const known = (slug: string | undefined) =>
    slug !== undefined && site.locations.some((l) => l.slug === slug) ? slug : undefined;
  const byId = (id: unknown) => site.locations.find((l) => String(l.id) === String(id))?.slug;
  const p = lead.payload;
  return (
    known(car?.location?.slug) ??
    (car?.location_id !== undefined ? byId(car.location_id) : undefined) ??
    (p.location_id !== undefined ? byId(p.location_id) : undefined) ??
    (typeof p.location === 'string' ? (known(p.location) ?? byId(p.location)) : undefined) ??
    (lead.dealershipSlug
      ? site.locations.find((l) => l.dealership_slug === lead.dealershipSlug && l.visible !== false)
          ?.slug
      : undefined)
  );
}

/** Where a lead goes when the site routes nothing: the address its location (or the site) shows. */
function shownEmail(site: ResolvedSite, location: string | undefined): string | undefined {
  const email = (slug?: string) =>
    site.locations.find((l) => l.slug === slug)?.contact_detail?.email;
  return (
    email(location) ??
    site.locations.find((l) => l.visible !== false && l.contact_detail?.email)?.contact_detail
      ?.email
  );
}

export function planDeliveries(site: ResolvedSite, lead: NewLead, car?: Car): NewDelivery[] {
  const kind = leadKindOf(lead);
  const location = leadLocationSlug(site, lead, car);
  const out = new Map<string, NewDelivery>();
  const add = (d: Omit<NewDelivery, 'kind' | 'location'>) =>
    out.set(`${d.channel} ${d.target.toLowerCase()}`, { ...d, kind, location });
  if (!site.leadRouting) {
    const to = shownEmail(site, location);
    if (to) add({ channel: 'email', target: to });
    if (to && lead.email) add({ channel: 'confirmation', target: lead.email });
    return [...out.values()];
  }
  for (const route of routesFor(site, kind, location)) {
    for (const email of route.emails ?? []) add({ channel: 'email', target: email });
    if (route.adf?.email) add({ channel: 'adf-email', target: route.adf.email });
    if (route.adf?.url) add({ channel: 'adf-post', target: route.adf.url });
    if (route.webhook)
      add({ channel: 'webhook', target: route.webhook.url, secretEnv: route.webhook.secretEnv });
  }
  if (site.leadRouting.confirmBuyer !== false && lead.email && out.size)
    add({ channel: 'confirmation', target: lead.email });
  return [...out.values()];
}
