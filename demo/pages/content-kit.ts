/**
 * What the content pages (content-pages.ts) are written from: a dealer as the text needs
 * to know it, the small HTML helpers, and the hero and call-to-action blocks most pages
 * start and end with.
 */
import { documentWord, type DocumentWordKey } from '../../engine/messages/document-words.ts';
import { DEFAULT_REGION, formatBusinessNumber } from '../../engine/region.ts';
import type { Block, Page, Region } from '../../schemas/types.gen.ts';

export type Json = Record<string, any>;
export type { Block, Page };

// ---------------------------------------------------------------------------------------
// What the text needs to know about a dealer.

export interface Dealer {
  slug: string;
  name: string;
  region: Region;
  makes: string[];
  towns: string[];
  primaryTown: string;
  phone?: string;
  /** The primary location's postal address on one line ("88 Great South Road, Penrose, Auckland 1061"). */
  address?: string;
  email?: string;
  /** The registered business number as the region writes it ("ABN 51 824 753 556"), shown with the dealer's name. */
  businessNumber?: string;
  servicePhone?: string;
  hasService: boolean;
  hasParts: boolean;
  groups: number;
  usedOnly: boolean;
  models: Json[];
  locations: Json[];
}

/** The dealer's region's wording of its country, money and laws (engine/messages/document-words.ts). */
export function word(d: Pick<Dealer, 'region'>, key: DocumentWordKey): string {
  return documentWord(d.region, key);
}

/**
 * The buyer leaving with the car, in the demo's dealer text: to a US buyer "drive away" reads
 * as the Australian price qualifier (docs/regions.md, "Choices we made"). Only the page
 * generators write these, so they stay out of the message catalogue every page ships; a region
 * without its own words takes Australia's.
 */
export const JOURNEY_WORDS = {
  handover: { AU: 'the day you drive away', US: 'the day you drive it home' },
  ready: { AU: 'ready to drive away', US: 'ready to drive home' },
} satisfies Record<string, Partial<Record<string, string>> & { AU: string }>;

export function journeyWord(d: Pick<Dealer, 'region'>, key: keyof typeof JOURNEY_WORDS): string {
  const words: Partial<Record<string, string>> & { AU: string } = JOURNEY_WORDS[key];
  return words[d.region] ?? words.AU;
}

/** The dealer of a resolved site document; its models are those of its makes in the catalogue. */
export function dealerOf(resolved: Json, catalogue: { models: Json[] }): Dealer {
  const locations: Json[] = (resolved.locations ?? []).filter((l: Json) => l.visible !== false);
  const primary = locations.find((l) => l.primary) ?? locations[0];
  const makes = [
    ...new Set<string>((resolved.dealerships ?? []).flatMap((d: Json) => d.manufacturers ?? [])),
  ];
  const service = locations.find((l) => l.location_type === 'service');
  return {
    slug: resolved.slug,
    name: resolved.name,
    region: resolved.region ?? DEFAULT_REGION,
    makes,
    towns: [...new Set(locations.map((l) => l.address?.city).filter(Boolean))] as string[],
    primaryTown: primary?.address?.city ?? '',
    phone: primary?.contact_detail?.phone,
    address: primary?.address
      ? [
          primary.address.street,
          primary.address.city,
          [primary.address.state, primary.address.postcode].filter(Boolean).join(' '),
        ]
          .filter(Boolean)
          .join(', ')
      : undefined,
    email: primary?.contact_detail?.email ?? resolved.contact?.email,
    businessNumber:
      resolved.businessNumber &&
      formatBusinessNumber(resolved.businessNumber, resolved.region ?? DEFAULT_REGION),
    servicePhone: service?.contact_detail?.phone ?? primary?.contact_detail?.phone,
    hasService: locations.some((l) => l.location_type === 'service'),
    hasParts: locations.some((l) => l.location_type === 'parts'),
    groups: (resolved.dealerships ?? []).length,
    usedOnly: makes.length === 0,
    models: catalogue.models.filter((m) => makes.includes(m.manufacturer_name)),
    locations,
  };
}

export const list = (items: string[]) =>
  items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
export const tel = (phone: string | undefined) =>
  phone ? `tel:${phone.replace(/[^+0-9]/g, '')}` : '/contact';
export const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
export const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

export function hero(
  id: string,
  heading: string,
  text?: string,
  actions?: { label: string; href: string }[],
  tone = 'light',
): Block {
  return {
    type: 'hero',
    id,
    props: { heading, ...(text ? { text } : {}), ...(actions?.length ? { actions } : {}), tone },
  };
}

export function cta(
  id: string,
  heading: string,
  text: string,
  actions: { label: string; href: string }[],
  tone = 'brand',
): Block {
  return { type: 'call-to-action', id, props: { heading, text, actions, tone } };
}
