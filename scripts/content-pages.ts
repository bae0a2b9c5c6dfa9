/**
 * npx tsx scripts/content-pages.ts [--write] [--replace] [--model-pages] [--dir sites] [--only slug,slug]
 *
 * Adds the content pages of a dealer site to the demo site documents, built from the content
 * blocks (docs/content-blocks.md, "Content pages"): locations and location pages, /contact-us/:slug, /dealerships,
 * special offers and offer pages, the model range, warranty, roadside assist, parts and
 * accessories, careers, fleet, vehicle reviews (blog), plus richer about, privacy and
 * terms pages. Text is written per dealer (name, towns, makes, region spelling and law).
 *
 * What it changes in each sites/{slug}.json (never templates, never shared/):
 *  - pages the document (or its template) does not have yet are added;
 *  - placeholder pages (only a hero, e.g. /locations/:slug) are upgraded;
 *  - existing pages get one block appended where it belongs and is missing: the
 *    locations block on /contact, the trade-in FAQ on /trade-in, reviews on the home page;
 *  - with --replace, every page this script defines replaces the existing one of that id;
 *  - with --model-pages, /:modelSlug model pages are added and the model range links to
 *    them; without, the range links to each model's stock (/search/{make}/{model}),
 *    because /:modelSlug would also answer unknown one-segment addresses with 200;
 *  - sites selling new cars without offers get a few sample offers (offers list).
 * Every result is prepared (template, validation, sanitising) exactly as the server does
 * before anything is written, and written in canonical form. Without --write it only
 * reports what it would do.
 */
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatSiteDocument } from '../engine/document/canonical.ts';
import { sanitizeHtml } from '../engine/sanitize/html.server.ts';
import { createSitePreparer } from '../engine/site/prepare.ts';
import { resolveTemplate } from '../engine/site/templates.ts';

type Json = Record<string, any>;
type Block = { type: string; id: string; props?: Json };
type Page = { id: string; path: string; title: string; description?: string; blocks: Block[] };

const root = resolve(fileURLToPath(import.meta.url), '../..');
const args = process.argv.slice(2);
const flag = (name: string) => args.includes(name);
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sitesDir = resolve(option('--dir') ?? join(root, 'sites'));
const only = option('--only')?.split(',').map((s) => s.trim());
const write = flag('--write');
const replaceAll = flag('--replace');
/** Also add /:modelSlug model pages (see modelPage: it shadows the 404 page for one-segment addresses). */
const withModelPages = flag('--model-pages');

const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));
const loadTemplate = (name: string) => {
  const file = join(sitesDir, 'templates', `${name}.json`);
  return existsSync(file) ? readJson(file) : undefined;
};
const prepare = createSitePreparer({ loadTemplate, sanitizeHtml });
const catalogue = readJson(join(sitesDir, 'shared', 'catalogue.json')) as { models: Json[] };

// ---------------------------------------------------------------------------------------
// What the text needs to know about a dealer.

interface Dealer {
  slug: string;
  name: string;
  region: 'AU' | 'NZ' | 'US';
  makes: string[];
  towns: string[];
  primaryTown: string;
  phone?: string;
  servicePhone?: string;
  hasService: boolean;
  hasParts: boolean;
  groups: number;
  usedOnly: boolean;
  models: Json[];
  locations: Json[];
}

function dealerOf(resolved: Json): Dealer {
  const locations: Json[] = (resolved.locations ?? []).filter((l: Json) => l.visible !== false);
  const primary = locations.find((l) => l.primary) ?? locations[0];
  const makes = [...new Set<string>((resolved.dealerships ?? []).flatMap((d: Json) => d.manufacturers ?? []))];
  const service = locations.find((l) => l.location_type === 'service');
  return {
    slug: resolved.slug,
    name: resolved.name,
    region: resolved.region ?? 'AU',
    makes,
    towns: [...new Set(locations.map((l) => l.address?.city).filter(Boolean))] as string[],
    primaryTown: primary?.address?.city ?? '',
    phone: primary?.contact_detail?.phone,
    servicePhone: service?.contact_detail?.phone ?? primary?.contact_detail?.phone,
    hasService: locations.some((l) => l.location_type === 'service'),
    hasParts: locations.some((l) => l.location_type === 'parts'),
    groups: (resolved.dealerships ?? []).length,
    usedOnly: makes.length === 0,
    models: catalogue.models.filter((m) => makes.includes(m.manufacturer_name)),
    locations,
  };
}

const list = (items: string[]) => (items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`);
const tel = (phone: string | undefined) => (phone ? `tel:${phone.replace(/[^+0-9]/g, '')}` : '/contact');
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const p = (...paragraphs: string[]) => paragraphs.map((x) => `<p>${x}</p>`).join('');
const ul = (items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;

// ---------------------------------------------------------------------------------------
// Pages.

function hero(id: string, heading: string, text?: string, actions?: { label: string; href: string }[], tone = 'light'): Block {
  return { type: 'hero', id, props: { heading, ...(text ? { text } : {}), ...(actions?.length ? { actions } : {}), tone } };
}

function cta(id: string, heading: string, text: string, actions: { label: string; href: string }[], tone = 'brand'): Block {
  return { type: 'call-to-action', id, props: { heading, text, actions, tone } };
}

function locationsPage(d: Dealer): Page {
  const blocks: Block[] = [
    hero(
      'locations-hero',
      d.locations.length > 1 ? 'Find us' : `Visit ${d.name}`,
      d.locations.length > 1
        ? `Find us in ${list(d.towns)}. Opening hours, directions and phone numbers for every showroom, service centre and parts counter.`
        : `Opening hours, directions and how to reach us in ${d.primaryTown}.`,
    ),
    { type: 'locations', id: 'locations-all', props: { heading: '', filter: 'all' } },
  ];
  if (d.groups > 1) blocks.push({ type: 'dealership-select', id: 'locations-dealership', props: {} });
  blocks.push(cta('locations-cta', 'Can’t make it in?', 'Send us a message and the right person will get back to you within one business day.', [{ label: 'Contact us', href: '/contact' }, ...(d.phone ? [{ label: `Call ${d.phone}`, href: tel(d.phone) }] : [])]));
  return { id: 'locations', path: '/locations', title: 'Our locations | {site}', description: `Opening hours, directions and contact details for ${d.name} in ${list(d.towns)}.`, blocks };
}

function dealershipsPage(d: Dealer): Page {
  return {
    id: 'dealerships',
    path: '/dealerships',
    title: 'Our dealerships | {site}',
    description: `The ${d.name} dealerships: ${list(d.makes)} in ${list(d.towns)}.`,
    blocks: [
      hero('dealerships-hero', 'Our dealerships', `${d.groups} dealerships, one team. Choose your brand to see opening hours, directions and the people to talk to.`),
      { type: 'dealership-select', id: 'dealerships-select', props: { heading: 'Find your dealership' } },
      { type: 'locations', id: 'dealerships-locations', props: { heading: 'Showrooms', filter: 'sales', variant: 'hero-map' } },
    ],
  };
}

function locationPage(): Page {
  return {
    id: 'location',
    path: '/locations/:slug',
    title: 'Location | {site}',
    blocks: [
      { type: 'location-detail', id: 'location-detail', props: {} },
      cta('location-cta', 'Have a question before you visit?', 'Tell us what you’re after and we’ll have it ready for you.', [{ label: 'Send an enquiry', href: '/contact' }], 'light'),
    ],
  };
}

function contactLocationPage(): Page {
  return {
    id: 'contact-location',
    path: '/contact-us/:slug',
    title: 'Contact us | {site}',
    blocks: [
      { type: 'location-detail', id: 'contact-location-detail', props: {} },
      cta('contact-location-cta', 'Prefer to write?', 'Our team answers enquiries seven days a week.', [{ label: 'Send an enquiry', href: '/contact' }], 'light'),
    ],
  };
}

function specialOffersPage(d: Dealer): Page {
  return {
    id: 'special-offers',
    path: '/special-offers',
    title: 'Special offers | {site}',
    description: `Current ${d.usedOnly ? '' : `${list(d.makes)} `}offers and driveaway deals at ${d.name}.`,
    blocks: [
      hero('special-offers-hero', 'Special offers', `This month’s best deals at ${d.name}. Offers change often, so if you see something you like, talk to us soon.`),
      { type: 'offer-cards', id: 'special-offers-cards', props: { heading: '' } },
      cta('special-offers-cta', 'Know what it will cost each week', 'Get a finance quote in minutes with no impact on your credit score.', [{ label: 'Get Pre-Approved Now', href: '/finance' }]),
    ],
  };
}

function offerPages(): Page[] {
  const blocks = (prefix: string): Block[] => [
    { type: 'offer-detail', id: `${prefix}-detail`, props: {} },
    { type: 'offer-cards', id: `${prefix}-more`, props: { heading: 'More offers', limit: 3 } },
  ];
  return [
    { id: 'offer-make', path: '/offers/:manufacturer/:offerId', title: 'Special offer | {site}', blocks: blocks('offer-make') },
    { id: 'offer', path: '/offers/:offerId', title: 'Special offer | {site}', blocks: blocks('offer') },
  ];
}

function modelsPage(d: Dealer): Page {
  return {
    id: 'models',
    path: '/models',
    title: `New ${list(d.makes)} models | {site}`,
    description: `The new ${list(d.makes)} range at ${d.name}: SUVs, utes, vans, performance and electric models with prices.`,
    blocks: [
      hero('models-hero', `The new ${list(d.makes)} range`, 'Pick a model to see its prices, features and the stock we have ready to drive away.'),
      { type: 'model-cards', id: 'models-cards', props: { heading: '', ...(withModelPages ? {} : { linkTo: 'stock' }) } },
      cta('models-cta', 'Not sure which model suits you?', 'Book a test drive and compare them back to back.', [{ label: 'Book a test drive', href: '/book-test-drive' }]),
    ],
  };
}

/**
 * /:modelSlug: the model pages the model cards link to. It matches any one-segment
 * address no other page has, so unknown addresses such as /xyz show "Model not found"
 * (with status 200 until the engine lets a block answer 404).
 */
function modelPage(): Page {
  return {
    id: 'model',
    path: '/:modelSlug',
    title: 'New models | {site}',
    blocks: [
      { type: 'model-detail', id: 'model-detail', props: {} },
      { type: 'offer-cards', id: 'model-offers', props: { heading: 'Current offers', limit: 3 } },
    ],
  };
}

function warrantyPage(d: Dealer): Page {
  const law =
    d.region === 'AU'
      ? 'the Australian Consumer Law'
      : d.region === 'NZ'
        ? 'the Consumer Guarantees Act'
        : 'your state’s consumer protection laws';
  const newCar = d.usedOnly
    ? ''
    : `<h2>New cars</h2>${p(
        `Every new ${list(d.makes)} comes with the manufacturer’s new vehicle warranty, honoured at any authorised dealer in ${d.region === 'US' ? 'the country' : d.region === 'NZ' ? 'New Zealand' : 'Australia'}. Keep it valid by servicing on time: we’ll stamp your logbook and remind you when the next one is due.`,
      )}`;
  return {
    id: 'warranty',
    path: '/warranty',
    title: 'Warranty | {site}',
    description: `New and used car warranty at ${d.name}: what’s covered and how to make a claim.`,
    blocks: [
      hero('warranty-hero', 'Peace of mind, built in', `Every car we sell is covered. Here’s what that means and how to make a claim.`),
      {
        type: 'rich-text',
        id: 'warranty-text',
        props: {
          html:
            newCar +
            `<h2>Used cars</h2>${p(
              'Our used cars come with a 3 year peace-of-mind mechanical protection plan covering the engine, gearbox, differential and major electrical components, with roadside assistance for the same period.',
              `Your rights under ${law} apply on top of any warranty we give you.`,
            )}<h2>Making a claim</h2>${p(
              `Call our service team${d.servicePhone ? ` on ${esc(d.servicePhone)}` : ''} or book your car in online. Bring your service history and we’ll handle the paperwork with the warranty provider.`,
            )}`,
        },
      },
      {
        type: 'icon-list',
        id: 'warranty-points',
        props: {
          heading: 'What you get',
          items: [
            { icon: 'shield', title: '3 year protection plan', text: 'On eligible used vehicles, with no excess on approved claims.' },
            { icon: 'truck', title: 'Roadside assistance', text: 'Flat battery, flat tyre or locked out: help is one call away, 24/7.' },
            { icon: 'wrench', title: 'Genuine parts', text: 'Repairs by factory-trained technicians with genuine parts.' },
          ],
        },
      },
      cta('warranty-cta', 'Need to make a claim?', 'Book your car in and tell us what’s happening.', [{ label: 'Book a service', href: '/service' }]),
    ],
  };
}

function roadsidePage(d: Dealer): Page {
  const country = d.region === 'AU' ? 'Australia' : d.region === 'NZ' ? 'New Zealand' : 'the country';
  return {
    id: 'roadside-assist',
    path: '/roadside-assist',
    title: 'Roadside assistance | {site}',
    description: `24/7 roadside assistance for ${d.name} customers anywhere in ${country}.`,
    blocks: [
      hero('roadside-hero', 'Roadside assistance, 24/7', `Breakdowns don’t keep business hours. Neither does our roadside assistance, anywhere in ${country}.`),
      {
        type: 'icon-list',
        id: 'roadside-points',
        props: {
          heading: 'We’ll help with',
          columns: 3,
          items: [
            { icon: 'battery', title: 'Flat batteries', text: 'A jump start, or a new battery fitted on the spot.' },
            { icon: 'tyre', title: 'Flat tyres', text: 'Your spare fitted so you can get moving again.' },
            { icon: 'key', title: 'Lock-outs', text: 'Keys locked in the car? We’ll get you back in.' },
            { icon: 'car', title: 'Breakdowns', text: 'Minor repairs at the roadside, or a tow to the nearest dealer.' },
            { icon: 'location', title: 'Out of fuel', text: 'Enough fuel delivered to reach the next service station.' },
            { icon: 'clock', title: 'Around the clock', text: 'Day or night, weekends and public holidays.' },
          ],
        },
      },
      {
        type: 'rich-text',
        id: 'roadside-text',
        props: {
          html: p(
            'Roadside assistance is included with every new car for as long as you service it with us, and for the length of the protection plan on our used cars. Have your registration number and location ready when you call.',
          ),
        },
      },
      cta('roadside-cta', 'Broken down?', 'Call the number on your roadside assistance card, or ring us and we’ll put you through.', [{ label: d.phone ? `Call ${d.phone}` : 'Contact us', href: tel(d.phone) }], 'dark'),
    ],
  };
}

function partsPage(d: Dealer): Page {
  const blocks: Block[] = [
    hero('parts-hero', 'Parts and accessories', `Genuine${d.usedOnly ? '' : ` ${list(d.makes)}`} parts and accessories, fitted by people who know your car.`, [
      { label: 'Search parts', href: '/parts/search' },
    ]),
    {
      type: 'cards-grid',
      id: 'parts-cards',
      props: {
        heading: 'Make it yours',
        cards: [
          { title: 'Towing', text: 'Tow bars, wiring harnesses and brake controllers, rated for your model.', icon: 'truck' },
          { title: 'Protection', text: 'Floor mats, cargo liners, bonnet protectors and paint protection film.', icon: 'shield' },
          { title: 'Touring', text: 'Roof racks, awnings, long-range fuel tanks and dual batteries.', icon: 'location' },
          { title: 'Servicing parts', text: 'Filters, oils, brake pads and wiper blades, in stock for most models.', icon: 'wrench' },
          { title: d.region === 'US' ? 'Tires and wheels' : 'Tyres and wheels', text: 'Genuine alloys and the right tyres for how you drive.', icon: 'tyre' },
          { title: 'Gift vouchers', text: 'Let them choose. Vouchers from any amount, valid for 3 years.', icon: 'tag' },
        ],
      },
    },
  ];
  if (d.hasParts) blocks.push({ type: 'locations', id: 'parts-locations', props: { heading: 'Our parts counters', filter: 'parts', variant: 'list' } });
  blocks.push(cta('parts-cta', 'Can’t find what you need?', 'Tell us your model and what you’re after. We’ll quote and order it in.', [{ label: 'Ask our parts team', href: '/contact' }], 'light'));
  return { id: 'parts', path: '/vehicle-parts-and-accessories', title: 'Parts and accessories | {site}', description: `Genuine parts and accessories at ${d.name}.`, blocks };
}

function careersPage(d: Dealer): Page {
  return {
    id: 'careers',
    path: '/careers',
    title: 'Careers | {site}',
    description: `Jobs at ${d.name}: sales, service, parts and administration roles in ${list(d.towns)}.`,
    blocks: [
      hero('careers-hero', `Work at ${d.name}`, 'We’re always looking for people who love cars and like looking after customers.'),
      {
        type: 'image-text',
        id: 'careers-intro',
        props: {
          heading: 'A team that backs you',
          text: p(
            `From apprentice technicians to sales consultants, most of our managers started on the shop floor. We train you properly, pay you fairly and promote from within.`,
            'Current openings are listed on the major job boards. If you don’t see your role, send us your résumé anyway: good people are hard to find.',
          ),
          image: { src: d.models[0]?.image?.url ?? '/assets/models/ranger.svg', alt: '', width: 640, height: 427 },
          imagePosition: 'right',
        },
      },
      {
        type: 'icon-list',
        id: 'careers-benefits',
        props: {
          heading: 'Why work with us',
          items: [
            { icon: 'star', title: 'Training that counts', text: 'Manufacturer accreditation and paid courses every year.' },
            { icon: 'dollar', title: 'Staff pricing', text: 'Discounts on cars, servicing, parts and accessories.' },
            { icon: 'calendar', title: 'Rosters that work', text: 'Rostered weekends and a day off in lieu.' },
            { icon: 'handshake', title: 'Family values', text: 'A local business where people know your name.' },
          ],
        },
      },
      cta('careers-cta', 'Ready to apply?', 'Send your résumé and a few lines about yourself. We reply to every application.', [{ label: 'Get in touch', href: '/contact' }]),
    ],
  };
}

function fleetPage(d: Dealer): Page {
  return {
    id: 'fleet',
    path: '/fleet',
    title: 'Fleet and business | {site}',
    description: `Fleet sales, leasing and servicing for businesses at ${d.name}.`,
    blocks: [
      hero('fleet-hero', 'Fleet and business', `One dedicated fleet manager for buying, servicing and replacing your vehicles, whether you run two ${d.usedOnly ? 'cars' : 'utes'} or two hundred.`, [
        { label: 'Talk to our fleet team', href: '/contact' },
      ]),
      {
        type: 'icon-list',
        id: 'fleet-points',
        props: {
          heading: 'What we do for fleets',
          columns: 4,
          items: [
            { icon: 'tag', title: 'Fleet pricing', text: 'Volume and government pricing where eligible.' },
            { icon: 'document', title: 'Leasing and finance', text: 'Novated, operating and finance leases through our lender panel.' },
            { icon: 'wrench', title: 'Priority servicing', text: 'Early drop-off, loan vehicles and one monthly invoice.' },
            { icon: 'truck', title: 'Upfitting', text: 'Canopies, racking, signage and towing fitted before delivery.' },
          ],
        },
      },
      cta('fleet-cta', 'Let’s plan your next changeover', 'Tell us what you run today and when leases end. We’ll build a replacement plan.', [{ label: 'Request a fleet quote', href: '/contact' }]),
    ],
  };
}

function blogReviewsPage(d: Dealer): Page {
  const cards = d.models.length
    ? d.models.slice(0, 6).map((m) => ({
        title: `${m.manufacturer_name} ${m.name}: our review`,
        text: `${m.short_description ?? ''} We drove it on our local roads: here’s who it suits and which version we’d buy.`.trim(),
        ...(m.image?.url ? { image: { src: m.image.url, alt: `${m.manufacturer_name} ${m.name}`, width: 480, height: 270 } } : {}),
        link: { label: `Read about the ${m.name}`, href: m.override_url || `/${m.slug}` },
      }))
    : [
        { title: 'Buying a used car: the 10-minute checklist', text: 'What to look at, listen for and ask before you sign anything.', icon: 'check', link: { label: 'See our used cars', href: '/search/used-cars' } },
        { title: 'Japanese imports explained', text: 'Compliance, WOF and what the import history tells you.', icon: 'document', link: { label: 'Browse imports', href: '/search/used-cars' } },
        { title: 'Hybrid or petrol?', text: 'Running costs over five years, worked out for a typical commute.', icon: 'battery', link: { label: 'See hybrids in stock', href: '/search/used-cars' } },
      ];
  return {
    id: 'blog-reviews',
    path: '/blog/vehicle-reviews',
    title: 'Vehicle reviews | {site}',
    description: `Honest vehicle reviews and buying guides from the team at ${d.name}.`,
    blocks: [
      hero('blog-reviews-hero', 'Vehicle reviews', 'Straight-talking reviews and buying guides from the people who sell, drive and service these cars every day.'),
      { type: 'cards-grid', id: 'blog-reviews-cards', props: { heading: '', cards } },
      cta('blog-reviews-cta', 'Read enough?', 'Nothing beats a test drive. Book one at a time that suits you.', [{ label: 'Book a test drive', href: '/book-test-drive' }], 'light'),
    ],
  };
}

function aboutPage(d: Dealer): Page {
  return {
    id: 'about',
    path: '/about-us',
    title: 'About us | {site}',
    description: `About ${d.name}: a local, family-owned dealer in ${list(d.towns)}.`,
    blocks: [
      hero('about-hero', `About ${d.name}`, `A local, family-owned business looking after drivers in ${list(d.towns)}.`),
      {
        type: 'image-text',
        id: 'about-story',
        props: {
          heading: 'Our story',
          text: p(
            `${esc(d.name)} started with a handful of cars and a simple idea: treat every customer the way you’d want your own family treated. Decades later the team is bigger, but the idea hasn’t changed.`,
            `Today we ${d.usedOnly ? 'sell quality used cars' : `sell new ${esc(list(d.makes))} and quality used cars`}, arrange finance and insurance, and service what we sell in our own workshop.`,
          ),
          image: { src: d.models[0]?.image?.url ?? '/assets/models/ranger.svg', alt: '', width: 640, height: 427 },
          imagePosition: 'left',
        },
      },
      {
        type: 'icon-list',
        id: 'about-values',
        props: {
          heading: 'Why buy from us',
          items: [
            { icon: 'shield', title: '3 year warranty', text: 'A 3 year peace-of-mind mechanical protection plan on eligible used vehicles.' },
            { icon: 'truck', title: 'Delivered to you', text: `Freight anywhere in ${d.region === 'AU' ? 'Australia' : d.region === 'NZ' ? 'New Zealand' : 'the continental US'}, arranged by us.` },
            { icon: 'dollar', title: 'Finance made simple', text: 'Packages from our lender panel, approved in under an hour.' },
            { icon: 'handshake', title: 'Fair trade-ins', text: 'A firm offer on your current car, valid for 7 days.' },
            { icon: 'chat', title: 'Video walk-arounds', text: 'Can’t get here? We’ll show you the car on a video call.' },
            { icon: 'star', title: 'Trusted locally', text: 'Rated highly by thousands of local customers.' },
          ],
        },
      },
      cta('about-cta', 'Come and say hello', `Find us in ${list(d.towns)}.`, [{ label: 'Our locations', href: '/locations' }]),
    ],
  };
}

function privacyPage(d: Dealer): Page {
  const law = d.region === 'AU' ? 'the Privacy Act 1988 (Cth) and the Australian Privacy Principles' : d.region === 'NZ' ? 'the Privacy Act 2020' : 'applicable US federal and state privacy laws';
  return {
    id: 'privacy',
    path: '/privacy-policy',
    title: 'Privacy policy | {site}',
    blocks: [
      hero('privacy-hero', 'Privacy policy', `How ${d.name} collects, uses and protects your personal information.`),
      {
        type: 'rich-text',
        id: 'privacy-text',
        props: {
          html:
            p(`${esc(d.name)} respects your privacy and handles personal information in line with ${law}.`) +
            `<h2>What we collect</h2>${p('The details you give us when you enquire, book a test drive or service, apply for finance or value your trade-in: usually your name, phone number, email, postcode and details of the vehicle you are interested in or own.')}` +
            `<h2>How we use it</h2>${ul([
              'to answer your enquiry and provide the products and services you ask for;',
              'to arrange finance, insurance and warranty on your behalf, with your consent;',
              'to remind you about servicing and recalls affecting your vehicle;',
              'to send offers and updates, only if you opted in (you can unsubscribe at any time).',
            ])}` +
            `<h2>Who we share it with</h2>${p('Only the manufacturer, finance and insurance providers, and service partners needed to do what you asked. We never sell your information.')}` +
            `<h2>Access and complaints</h2>${p(`You can ask to see or correct the information we hold about you, or make a complaint, by contacting our privacy officer through our <a href="/contact">contact page</a>. We respond within 30 days.`)}`,
        },
      },
    ],
  };
}

function termsPage(d: Dealer): Page {
  return {
    id: 'terms',
    path: '/terms-and-conditions',
    title: 'Terms and conditions | {site}',
    blocks: [
      hero('terms-hero', 'Terms and conditions', `The terms that apply to prices, finance, reservations and this website at ${d.name}.`),
      {
        type: 'rich-text',
        id: 'terms-text',
        props: {
          html:
            `<h2>Prices</h2>${p(`Prices shown are in ${d.region === 'NZ' ? 'New Zealand' : d.region === 'US' ? 'US' : 'Australian'} dollars and may change without notice. Driveaway prices include ${d.region === 'US' ? 'dealer fees but exclude tax, title and license' : 'registration, compulsory insurance and on-road costs'} unless stated otherwise. Vehicles are subject to prior sale.`)}` +
            `<h2>Finance</h2>${p('Weekly repayments are estimates based on the lender’s published rates, a 5-year secured loan and the deposit shown. They are not an offer of credit. Fees, charges and lending criteria apply; approval is at the lender’s discretion. The comparison rate is based on a secured loan of $30,000 over 5 years.')}` +
            `<h2>Online reservations</h2>${p('A refundable $200 deposit holds a car for 48 hours while we complete the sale. If the sale does not go ahead, the deposit is refunded in full.')}` +
            `<h2>Trade-in valuations</h2>${p('Online estimates are indicative and depend on an inspection of the vehicle. Cars older than 7 years or with more than 100,000 km may not receive an online estimate.')}` +
            `<h2>This website</h2>${p(`Content on this site belongs to ${esc(d.name)} or its suppliers. Images may show optional equipment.`)}`,
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------
// Blocks appended to existing pages, and sample offers.

const REVIEWS: [string, number, string][] = [
  ['Sarah M.', 5, 'From the first call to picking up the car, everyone was friendly and honest. No pressure at all, and the car was spotless on delivery day.'],
  ['Daniel K.', 5, 'Traded in my old ute and drove out the same afternoon. The trade-in offer was fair and they sorted the finance paperwork while we waited.'],
  ['Priya R.', 4, 'Service booking online was easy and they had a loan car ready. Took a little longer than quoted, but they kept me updated by text the whole time.'],
  ['Tom and Jess', 5, 'Second car we have bought here. Great follow-up after the sale, and they remembered us when we came back. Highly recommended.'],
  ['Graham W.', 5, 'Sales consultant took the time to explain every option without any pressure. Would buy from them again.'],
  ['Aroha T.', 5, 'Really helpful team. They found exactly the car we wanted and arranged delivery to our door.'],
];

function reviewsBlock(d: Dealer, id: string): Block {
  return {
    type: 'reviews',
    id,
    props: {
      heading: `What our customers say about ${d.name}`,
      reviews: REVIEWS.map(([customer_name, rating, text], i) => ({
        id: i + 1,
        customer_name,
        rating,
        text,
        review_date: `${String(3 + i * 4).padStart(2, '0')}/0${1 + (i % 9)}/2025`,
        review_date_in_words: `${3 + i * 4} ${['January', 'February', 'March', 'April', 'May', 'June'][i % 6]} 2025`,
      })),
      averageRating: 4.7,
      count: 137,
    },
  };
}

function sampleOffers(d: Dealer, siteId: number | undefined): Json[] {
  const featured = d.models.filter((m) => m.status !== 'coming_soon').slice(0, 3);
  return featured.map((m, i) => {
    const make = m.manufacturer_name as string;
    const price = typeof m.from_price === 'number' ? Math.round((m.from_price * 1.08) / 1000) * 1000 - 10 : undefined;
    return {
      id: 900 + i + 1,
      name: i === 0 && price ? `${m.name} driveaway from $${price.toLocaleString('en-AU')}` : i === 1 ? `${m.name}: 5 years free scheduled servicing` : `${m.name} with a free accessory pack`,
      description: `<p>${esc(m.short_description ?? `The ${make} ${m.name}.`)}</p><p>Talk to our team at ${esc(d.name)} about availability, colours and trade-in.</p>`,
      disclaimer:
        `Offer available on new ${make} ${m.name} vehicles ordered and delivered by the end of the offer period at ${d.name}. ` +
        'Not available with any other offer. Excludes fleet, government and rental buyers. Metallic paint and options extra. ' +
        'The manufacturer and dealer reserve the right to extend or vary the offer. See us for full terms and conditions.',
      model: { name: m.name, slug: m.slug },
      manufacturer: { name: make, slug: make.toLowerCase().replace(/[^a-z0-9]+/g, '-') },
      // The third offer demonstrates a per-website exclusion: shown everywhere except a sister site.
      ...(i === 2 && siteId ? { excluded_website_ids: [siteId + 1] } : {}),
    };
  });
}

// ---------------------------------------------------------------------------------------

function pagesFor(d: Dealer): Page[] {
  const pages = [
    locationsPage(d),
    locationPage(),
    contactLocationPage(),
    specialOffersPage(d),
    ...offerPages(),
    warrantyPage(d),
    roadsidePage(d),
    partsPage(d),
    careersPage(d),
    fleetPage(d),
    blogReviewsPage(d),
    aboutPage(d),
    privacyPage(d),
    termsPage(d),
  ];
  if (d.groups > 1) pages.push(dealershipsPage(d));
  if (!d.usedOnly && d.models.length) pages.push(modelsPage(d));
  if (!d.usedOnly && d.models.length && withModelPages) pages.push(modelPage());
  return pages;
}

/** Pages the script may upgrade without --replace: only a placeholder hero. */
const isPlaceholder = (page: Json | undefined) => !page || ((page.blocks?.length ?? 0) <= 1 && (page.blocks ?? []).every((b: Json) => b.type === 'hero'));

function apply(doc: Json, d: Dealer, resolvedPages: Json[]): string[] {
  const changes: string[] = [];
  doc.pages ??= [];
  const own = new Map<string, Json>(doc.pages.map((pg: Json) => [pg.id, pg]));
  const effective = new Map<string, Json>(resolvedPages.map((pg) => [pg.id, pg]));
  const effectivePaths = new Set(resolvedPages.map((pg) => pg.path));
  const blockIds = new Set<string>();
  const collect = (blocks: Json[] | undefined) =>
    (blocks ?? []).forEach((b) => {
      blockIds.add(b.id);
      collect(b.children);
      Object.values(b.slots ?? {}).forEach((s) => collect(s as Json[]));
    });
  resolvedPages.forEach((pg) => collect(pg.blocks));
  collect(doc.layout?.header);
  collect(doc.layout?.footer);

  for (const page of pagesFor(d)) {
    const current = effective.get(page.id);
    const pathTaken = !current && effectivePaths.has(page.path);
    if (pathTaken) {
      changes.push(`skip ${page.path}: another page already uses that path`);
      continue;
    }
    if (current && !replaceAll && !isPlaceholder(current)) continue;
    const clash = page.blocks.find((b) => blockIds.has(b.id) && !(current?.blocks ?? []).some((c: Json) => c.id === b.id));
    if (clash) {
      changes.push(`skip ${page.path}: block id ${clash.id} is already used`);
      continue;
    }
    if (own.has(page.id)) doc.pages[doc.pages.indexOf(own.get(page.id))] = page;
    else doc.pages.push(page);
    page.blocks.forEach((b) => blockIds.add(b.id));
    changes.push(`${current ? 'replace' : 'add'} ${page.path}`);
  }

  // One block appended to existing pages where it is missing.
  const augment = (pageId: string, has: (b: Json) => boolean, block: Block) => {
    const page = effective.get(pageId);
    if (!page || page.blocks.some(has) || blockIds.has(block.id)) return;
    const target = own.get(pageId);
    if (!target) {
      // The page comes from the template: copying it here would cut it off from the template.
      changes.push(`skip appending ${block.type} to ${page.path}: the page is the template's (add it there)`);
      return;
    }
    target.blocks.push(block);
    blockIds.add(block.id);
    changes.push(`append ${block.type} to ${page.path}`);
  };
  augment('contact', (b) => b.type === 'locations', { type: 'locations', id: 'contact-locations', props: { heading: 'Our locations', filter: 'all' } });
  augment('trade-in', (b) => b.type === 'faq-accordion', { type: 'faq-accordion', id: 'trade-in-faq', props: {} });
  augment('home', (b) => b.type === 'reviews', reviewsBlock(d, 'home-reviews'));

  if (!d.usedOnly && !(doc.offers?.length)) {
    const offers = sampleOffers(d, doc.id);
    if (offers.length) {
      doc.offers = offers;
      changes.push(`add ${offers.length} sample offers`);
    }
  }
  return changes;
}

const structuredCloneJson = (v: Json): Json => JSON.parse(JSON.stringify(v));

const files = readdirSync(sitesDir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .filter((f) => !only || only.includes(f.replace(/\.json$/, '')));

let failed = 0;
for (const file of files) {
  const path = join(sitesDir, file);
  const doc = readJson(path);
  const first = prepare(structuredCloneJson(doc));
  if (!first.ok) {
    failed++;
    console.error(`✗ ${file}: invalid before any change:\n  ${first.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`);
    continue;
  }
  const dealer = dealerOf(first.site as unknown as Json);
  const resolved = resolveTemplate(structuredCloneJson(doc), (name) => loadTemplate(name)).doc as Json;
  const changes = apply(doc, dealer, resolved.pages ?? []);
  if (!changes.length) {
    console.log(`= ${file}: nothing to add`);
    continue;
  }
  const after = prepare(structuredCloneJson(doc));
  if (!after.ok) {
    failed++;
    console.error(`✗ ${file}: the result would be invalid, nothing written:\n  ${after.issues.map((i) => `${i.path}: ${i.message}`).join('\n  ')}`);
    continue;
  }
  console.log(`${write ? '✓' : '~'} ${file}:\n  ${changes.join('\n  ')}`);
  if (write) writeFileSync(path, formatSiteDocument(doc));
}
if (!write) console.log('\n(dry run: add --write to save)');
process.exit(failed ? 1 : 0);
