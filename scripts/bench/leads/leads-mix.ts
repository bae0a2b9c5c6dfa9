/**
 * The leads the leads bench posts (docs/leads.md, "Proof"): every kind a form sends but the
 * reservation (which needs a payment provider), on the four demo sites in turn, some about
 * a car of the demo stock (so they go to the car's location), each from its own buyer
 * address (which is how the SMTP log tells one lead's messages from another's) with the
 * submission id its browser would repeat on every retry.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Car, Location, Region } from '../../../schemas/types.gen.ts';
import { loadInventory } from '../../../demo/defaults.ts';
import {
  bookingDateRange,
  bookingSlots,
  PARTS_ENQUIRY_CATEGORY,
  partsLocations,
  SERVICE_BOOKING_CATEGORY,
  serviceLocations,
} from '../../../engine/api/service-booking.ts';

/** A small demo stock (the generator's fixed seed): enough cars for every sales location. */
export const BENCH_STOCK = { count: 200 };

export interface BenchSite {
  slug: string;
  region: Region;
  locations: Location[];
  termsAgreement: boolean;
  cars: Car[];
}

/** A phone number each region's rule accepts (engine/api/site-rules.ts). */
const PHONE: Record<string, string> = {
  AU: '0412 345 678',
  NZ: '021 555 0100',
  US: '(608) 555-0142',
};

/** The demo stock the bench's servers serve (written for them: api-server.ts). */
export const benchCars = (sitesDir: string): Car[] => loadInventory(sitesDir, BENCH_STOCK);

/** The routed sites of a sites folder, with their cars. */
export function benchSites(sitesDir: string, cars: Car[]): BenchSite[] {
  return readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(sitesDir, f), 'utf8')))
    .filter((doc) => doc.leadRouting)
    .map((doc) => {
      const slugs = new Set((doc.locations as Location[]).map((l) => l.slug));
      return {
        slug: doc.slug,
        region: doc.region,
        locations: doc.locations,
        termsAgreement: doc.features?.termsAgreement === true,
        cars: cars.filter((c) => c.location?.slug && slugs.has(c.location.slug)),
      };
    });
}

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A service booking the site's first service centre takes: a day or more ahead, mid-day. */
function booking(site: BenchSite, now: Date) {
  const centre = serviceLocations(site.locations)[0];
  const { min } = bookingDateRange(centre, site, now);
  for (let d = 2; d < 30; d++) {
    const date = addDays(min, d);
    const slots = bookingSlots(centre, site, date, { now });
    if (slots.length)
      return {
        location_id: centre.id,
        booking_date: date,
        booking_time: slots[Math.floor(slots.length / 2)],
      };
  }
  throw new Error(`${site.slug}: no bookable day at ${centre.slug}`);
}

const KINDS = [
  'enquiry',
  'car-enquiry',
  'test-drive',
  'finance',
  'trade-in',
  'service',
  'parts',
] as const;

export interface BenchLead {
  index: number;
  site: string;
  kind: (typeof KINDS)[number];
  /** The buyer's address: every message of this lead carries it (Reply-To, or To for the confirmation). */
  buyer: string;
  body: Record<string, unknown>;
}

/** Lead `index` of a run: the kinds in turn, the sites in turn after each round of kinds. */
export function benchLead(index: number, sites: BenchSite[], now: Date): BenchLead {
  const kind = KINDS[index % KINDS.length];
  const site = sites[Math.floor(index / KINDS.length) % sites.length];
  const buyer = `buyer-${index}@bench.example`;
  const car = site.cars.length ? site.cars[index % site.cars.length] : undefined;
  const body: Record<string, unknown> = {
    site: site.slug,
    submission_id: randomUUID(),
    isLastStep: true,
    source: 'Website',
    name: 'Bench',
    last_name: `Buyer ${index}`,
    email: buyer,
    phone: PHONE[site.region],
    message: `Bench lead ${index} (${kind})`,
    ...(site.termsAgreement ? { terms_conditions: true } : {}),
  };
  switch (kind) {
    case 'enquiry':
      Object.assign(body, { category: 'General Enquiry' });
      break;
    case 'car-enquiry':
    case 'test-drive':
    case 'finance':
      Object.assign(body, {
        category: {
          'car-enquiry': 'Car Enquiry',
          'test-drive': 'Test Drive',
          finance: 'Finance Enquiry',
        }[kind],
        ...(car ? { car_id: car.id, stock_number: car.stocknum } : {}),
      });
      break;
    case 'trade-in':
      Object.assign(body, {
        category: 'Trade-in',
        'Vehicle Make': 'Toyota',
        'Vehicle Model': 'Corolla',
        'Vehicle Year': 2017,
        kms: 84000,
      });
      break;
    case 'service':
      Object.assign(body, {
        category: SERVICE_BOOKING_CATEGORY,
        service_type: 'Logbook service',
        Rego: 'ABC123',
        ...booking(site, now),
      });
      break;
    case 'parts':
      Object.assign(body, {
        category: PARTS_ENQUIRY_CATEGORY,
        part: 'Front brake pads',
        location_id: (partsLocations(site.locations)[0] ?? site.locations[0]).id,
      });
      break;
  }
  return { index, site: site.slug, kind, buyer, body };
}
