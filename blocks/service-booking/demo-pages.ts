/**
 * The pages the demo sites need for the service-booking and parts-request blocks
 * (/service#service-booking, /ford-service, /parts/search), as site-document JSON. For
 * tests and for whoever puts them into sites/ (the same JSON is handed over in the task
 * report); never imported by a block.
 *
 * withBookingPages(doc) adds them to a raw demo document when it lacks them, the way the
 * site documents will have them, so tests run against a site the whole-site checker
 * accepts whether or not sites/ has caught up. Block ids are unique in a document, so on
 * a site with a service-booking key (where every /service link goes to /ford-service)
 * the booking block lives on /ford-service and /service points there.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, any>;

export const SERVICE_BOOKING_BLOCK = {
  type: 'service-booking',
  id: 'service-booking',
  props: {
    heading: 'Book your service online',
    serviceTypes: ['Logbook service', 'General service', 'Brakes', 'Tyres', 'Air-conditioning', 'Other'],
    slotMinutes: 30,
  },
};

/** /ford-service: the service page's content with the booking block (sites with a service-booking key). */
export const FORD_SERVICE_PAGE = {
  id: 'ford-service',
  path: '/ford-service',
  title: 'Book a service | {site}',
  description: 'Book your service online: choose a service centre, a day and a time.',
  blocks: [
    {
      type: 'hero',
      id: 'ford-service-hero',
      props: {
        heading: 'Book a service',
        text: 'Factory-trained technicians, genuine parts and a courtesy car on request.',
        actions: [{ label: 'Book online', href: '#service-booking' }],
      },
    },
    {
      type: 'rich-text',
      id: 'ford-service-text',
      props: {
        html: '<p>We service all makes and models. Capped-price servicing is available on eligible vehicles; ask our service advisors for details.</p>',
      },
    },
    SERVICE_BOOKING_BLOCK,
  ],
};

export const PARTS_SEARCH_PAGE = {
  id: 'parts-search',
  path: '/parts/search',
  title: 'Find a part | {site}',
  description: 'Tell our parts team your vehicle and the part you need.',
  blocks: [
    {
      type: 'parts-request',
      id: 'parts-request',
      props: { heading: 'Find a part' },
    },
  ],
};

const SITES_DIR = join(import.meta.dirname, '../../sites');

function templateOf(doc: Json): Json | undefined {
  const file = typeof doc.template === 'string' ? join(SITES_DIR, 'templates', `${doc.template}.json`) : undefined;
  return file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

const blockIds = (value: unknown, out = new Set<string>()): Set<string> => {
  if (Array.isArray(value)) for (const v of value) blockIds(v, out);
  else if (value && typeof value === 'object') {
    const o = value as Json;
    if (typeof o.type === 'string' && typeof o.id === 'string') out.add(o.id);
    for (const v of Object.values(o)) blockIds(v, out);
  }
  return out;
};

/**
 * Adds the booking and parts pages to a raw demo document (changed in place) unless it,
 * or its template, has them already:
 *  - no service-booking key: the booking block at the end of the /service page;
 *  - a key: a /ford-service page with the booking block, and the /service page's "Book
 *    online" pointing at /service#service-booking (which goes to /ford-service);
 *  - a /parts/search page with the parts-request block.
 */
export function withBookingPages(doc: Json): Json {
  const template = templateOf(doc);
  doc.pages ??= [];
  const own: Json[] = doc.pages;
  const inherited: Json[] = template?.pages ?? [];
  const pageWith = (predicate: (p: Json) => boolean) => own.find(predicate) ?? inherited.find(predicate);
  const ids = blockIds([own, inherited]);
  const key = doc.features?.serviceBookingKey ?? template?.features?.serviceBookingKey;
  /** The site's own copy of a page (a template page is copied into the site, which overrides it by id). */
  const ownCopy = (page: Json) => {
    if (own.includes(page)) return page;
    const copy = structuredClone(page);
    own.push(copy);
    return copy;
  };

  if (!ids.has(SERVICE_BOOKING_BLOCK.id)) {
    const service = pageWith((p) => p.path === '/service');
    if (key) {
      if (!pageWith((p) => p.path === '/ford-service')) own.push(structuredClone(FORD_SERVICE_PAGE));
      if (service) {
        const copy = ownCopy(service);
        for (const block of copy.blocks ?? []) {
          for (const action of block.props?.actions ?? []) if (action.href === '#service-booking') action.href = '/service#service-booking';
        }
      }
    } else if (service) {
      const copy = ownCopy(service);
      copy.blocks = [...(copy.blocks ?? []), structuredClone(SERVICE_BOOKING_BLOCK)];
    }
  }
  if (!pageWith((p) => p.path === '/parts/search') && !ids.has('parts-request')) own.push(structuredClone(PARTS_SEARCH_PAGE));
  return doc;
}
