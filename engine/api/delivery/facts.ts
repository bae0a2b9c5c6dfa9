/**
 * A stored lead, its car and its site as the plain facts every channel writes out
 * (lead-facts.ts): the dealership email, the buyer's confirmation, ADF/XML and the webhook.
 * The lead's kind and location come from the routing (plan.ts); the car from the stock.
 */
import type { Car, Location, StoredLead } from '../../../schemas/types.gen.ts';
import { regionSettings } from '../../region.ts';
import type { ResolvedSite } from '../../site/types.ts';
import type { LeadDealer, LeadFacts, LeadKind, LeadVehicle } from './lead-facts.ts';

/** The address of the site's pages: the public origin's /sites/{slug}, else its first host name. */
export function siteAddress(site: ResolvedSite, publicOrigin?: string): string | undefined {
  if (publicOrigin) return `${publicOrigin.replace(/\/+$/, '')}/sites/${site.slug}`;
  const host = site.hostnames?.[0];
  return host ? `https://${host}` : undefined;
}

const absolute = (url: string | null | undefined, base: string | undefined) => {
  if (!url) return undefined;
  if (/^https?:\/\//.test(url)) return url;
  return base ? `${base}${url.startsWith('/') ? '' : '/'}${url}` : undefined;
};

/** The location a lead was routed to, else the site's primary (or first) one. */
export function leadLocation(site: ResolvedSite, slug: string | null): Location | undefined {
  return (
    site.locations.find((l) => l.slug === slug) ??
    site.locations.find((l) => l.primary) ??
    site.locations[0]
  );
}

export function carVehicle(car: Car, base: string | undefined): LeadVehicle {
  return {
    year: car.year,
    make: car.make,
    model: car.model,
    trim: car.badge ?? undefined,
    vin: car.vin ?? undefined,
    stock: car.stocknum ?? undefined,
    registration: car.regplate ?? undefined,
    condition: car.car_type,
    odometer:
      typeof car.km === 'number' ? { value: car.km, unit: car.odometer_unit ?? 'km' } : undefined,
    colour: car.colour ?? undefined,
    body: car.body ?? undefined,
    transmission: car.trans ?? undefined,
    // 10 or less is "no price" (docs/api.md, "Cars and the PDF").
    price:
      typeof car.price === 'number' && car.price > 10
        ? { amount: car.price, currency: car.currency ?? 'AUD' }
        : undefined,
    url: base && car.slug ? `${base}/cars/${car.slug}` : undefined,
    photo: absolute(car.primary_image_url, base),
  };
}

function dealerOf(site: ResolvedSite, location: Location | undefined, base?: string): LeadDealer {
  const dealership =
    site.dealerships.find((d) => d.slug === location?.dealership_slug) ?? site.dealerships[0];
  const name = dealership?.name ?? site.name;
  return {
    name,
    id: dealership?.id ?? site.id,
    location: location && location.name !== name ? location.name : undefined,
    email: location?.contact_detail?.email,
    phone: location?.contact_detail?.phone,
    url: base,
    address: location && {
      street: location.address.street,
      city: location.address.city,
      region: location.address.state,
      postcode: location.address.postcode,
      country: site.region,
    },
    timeZone: location?.time_zone ?? regionSettings(site.region).timeZone,
  };
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' ? v : undefined);

/** Facts of the payload with no place of their own: the booking, the part, the service. */
function detailsOf(p: Record<string, unknown>) {
  const wanted: [string, unknown][] = [
    ['Category', p.category],
    ['Service', p.service_type],
    ['Booking date', p.booking_date],
    ['Drop-off time', p.booking_time],
    ['Part', p.part],
    ['Quantity', p.quantity],
    ['Finance wanted', p.finance],
    ['Budget', p.vehiclePriceBudget],
    ['Page', p.url],
  ];
  return wanted.flatMap(([label, v]) =>
    typeof v === 'string' || typeof v === 'number' ? [{ label, value: String(v) }] : [],
  );
}

export function leadFacts(input: {
  lead: StoredLead;
  kind: LeadKind;
  site: ResolvedSite;
  car?: Car;
  location: string | null;
  publicOrigin?: string;
}): LeadFacts {
  const { lead, kind, site, car } = input;
  const p = lead.payload as Record<string, unknown>;
  const base = siteAddress(site, input.publicOrigin);
  const currency = regionSettings(site.region).currency;
  const quote = p.finance_quote as Record<string, unknown> | undefined;
  const ownMake = str(p['Vehicle Make']);
  const ownVehicle: LeadVehicle | undefined =
    !car && ownMake
      ? {
          make: ownMake,
          model: str(p['Vehicle Model']),
          year: str(p['Vehicle Year']) ?? num(p['Vehicle Year']),
          vin: str(p.vin),
          registration: str(p.Rego) ?? str(p.rego),
        }
      : undefined;
  return {
    id: lead.lead_id,
    site: site.slug,
    kind,
    createdAt: lead.created_at,
    customer: {
      name: lead.name ?? undefined,
      firstName: str(p.name),
      lastName: str(p.last_name),
      email: lead.email ?? undefined,
      phone: lead.phone ?? undefined,
      preferredContact:
        p.PreferredContactMethod === 'Email'
          ? 'email'
          : p.PreferredContactMethod === 'Phone'
            ? 'phone'
            : undefined,
      postcode: str(p.postcode),
    },
    message: lead.message ?? undefined,
    car: car && carVehicle(car, base),
    tradeIn:
      kind === 'trade-in' && str(p.rego)
        ? {
            registration: str(p.rego),
            odometer: num(p.kms) === undefined ? undefined : { value: num(p.kms)!, unit: 'km' },
          }
        : undefined,
    ownVehicle,
    finance: quote
      ? {
          currency,
          price: num(quote.price),
          deposit: num(quote.deposit),
          termYears: num(quote.termYears),
          interestRate: num(quote.interestRate),
          weeklyPayment: num(quote.paymentWeek),
        }
      : undefined,
    details: detailsOf(p),
    dealer: dealerOf(site, leadLocation(site, input.location), base),
  };
}
