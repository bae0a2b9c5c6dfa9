/**
 * Writes the brand-neutral starter templates (docs/site-documents.md, "Starter templates")
 * from sites/templates/ford.json: the same pages, layout and blocks, with every Ford word,
 * Ford picture and Ford-only route taken out, so a site of any make (or none) can start
 * from them. The site's own name reaches the text through `{site}` in page titles and the
 * footer's default legal line.
 *
 *   npx tsx demo/pages/starter-templates.ts && npm run format:sites
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { JOURNEY_WORDS } from './content-kit.ts';
import {
  faqAccordion_items,
  footer_columns,
  header_menu,
} from '../../schemas/block-defaults.gen.ts';
import type { Block, Page } from '../../schemas/types.gen.ts';
import ford from '../../sites/templates/ford.json' with { type: 'json' };

type Json = Record<string, any>;
export type Wording = Array<[from: string, to: string]>;

const TEMPLATES_DIR = join(import.meta.dirname, '../../sites/templates');

/** Wording every starter changes: Ford, the Gold Coast phone numbers, Australia-only text. */
const NEUTRAL: Wording = [
  ['Keep your Ford at its best.', 'Keep your car at its best.'],
  ['your local Ford dealer: new, demo and used cars', 'New, demo and used cars'],
  ['Welcome to your local Ford dealer', 'Find your next car with us'],
  ['About your local Ford dealer', 'About us'],
  [
    'your local Ford dealer is a family-owned dealer group that has been helping locals into the right car for decades.',
    'We are a local, family-owned business that has been helping people into the right car for years.',
  ],
  ['New Ford models | {site}', 'New models | {site}'],
  [
    'The new Ford range: SUVs, utes, vans, performance and electric models with prices.',
    'Our new model range, with prices.',
  ],
  ['The new Ford range', 'Our new model range'],
  ['Current Ford offers and driveaway deals.', 'Current offers and drive-away deals.'],
  ['Genuine Ford parts and accessories', 'Genuine parts and accessories'],
  ['Every new Ford comes with', 'Every new car comes with'],
  [' honoured at any authorised dealer in Australia.', ' honoured at any authorised dealer.'],
  ['Your rights under the Australian Consumer Law apply', 'Your rights under consumer law apply'],
  [
    'Call our service team on 07 5555 0111 or book your car in online.',
    'Call our service team or book your car in online.',
  ],
  ['for our customers anywhere in Australia.', 'for our customers.'],
  [
    'Neither does our roadside assistance, anywhere in Australia.',
    'Neither does our roadside assistance.',
  ],
  ['or ring us and we’ll put you through.', 'or contact us and we’ll put you through.'],
  ['Freight anywhere in Australia', 'Delivery to your door'],
  [
    'Found the one? We deliver it to your door.',
    'Found the one? Ask us about delivering it to you.',
  ],
  ['Diamond Advantage', 'Our promise'],
];

/** A yard that sells used cars only: no new-car or factory wording. */
const USED: Wording = [
  ['{site} | New, Demo & Used Cars', '{site} | Quality Used Cars'],
  [
    'New, demo and used cars, finance, trade-ins and servicing.',
    'Quality used cars, finance, trade-ins and servicing.',
  ],
  ['New, demo and used cars with honest advice', 'Quality used cars with honest advice'],
  ['Factory-trained technicians', 'Qualified technicians'],
  ['factory-trained technicians', 'qualified technicians'],
  ['Whether you are buying new, demo or used, our', 'Our'],
  ['Search our new, demo and used stock online', 'Search our stock online'],
  [
    'Manufacturer accreditation and paid courses every year.',
    'Paid courses and trade qualifications every year.',
  ],
  [
    'Roadside assistance is included with every new car for as long as you service it with us, and for the length of the protection plan on our used cars.',
    'Roadside assistance is included for the length of the protection plan on our cars.',
  ],
];

/** United States wording (region US): miles, trucks, monthly payments, US terms. */
export const US: Wording = [
  // The online-valuation limit is 100,000 km, which US visitors type as about 62,000 miles (docs/regions.md).
  ['more than 100,000 km', 'more than 62,000 miles'],
  ['two utes or two hundred', 'two trucks or two hundred'],
  [
    'Comparison rates are based on a 5-year secured loan of $30,000.',
    'Example APRs are based on a 60-month loan of $30,000.',
  ],
  ['See weekly repayments on every car', 'See monthly payments on every car'],
  ['Weekly repayments are estimates', 'Monthly payments are estimates'],
  ['Know what it will cost each week', 'Know what it will cost each month'],
  ['the drive-away price', 'the out-the-door price'],
  ['Current offers and drive-away deals.', 'Current offers and lease deals.'],
  [
    'Capped-price servicing is available on eligible vehicles',
    'Prepaid maintenance plans are available on eligible vehicles',
  ],
  ['Novated, operating and finance leases', 'Operating and finance leases'],
  ['Floor mats, cargo liners, bonnet protectors', 'Floor mats, cargo liners, hood protectors'],
  ['Tyres and wheels', 'Tires and wheels'],
  ['the right tyres', 'the right tires'],
  ['Flat tyres', 'Flat tires'],
  ['flat tyre', 'flat tire'],
  ['we’ll stamp your logbook', 'we’ll keep your service records'],
  [
    'Have your registration number and location ready',
    'Have your license plate number and location ready',
  ],
  [
    'Rostered weekends and a day off in lieu.',
    'Weekend shifts on a roster, with a weekday off in return.',
  ],
  ['Family values', 'Family-owned'],
  ['Canopies, racking, signage', 'Truck caps, racking, signage'],
  ['Trade-in your car', 'Trade in your car'],
  ['Car finance', 'Auto financing'],
  ['authorised', 'authorized'],
  ['Personalised finance', 'Personalized finance'],
  ...Object.values(JOURNEY_WORDS).map((words): [string, string] => [words.AU, words.US]),
];

export function reword<T>(value: T, wording: Wording): T {
  if (typeof value === 'string')
    return wording.reduce((s, [from, to]) => s.replaceAll(from, to), value as string) as T;
  if (Array.isArray(value)) return value.map((v) => reword(v, wording)) as T;
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reword(v, wording)])) as T;
  return value;
}

const pageOf = (doc: Json, id: string): Json => doc.pages.find((p: Page) => p.id === id);

/** The structure every starter shares: ford.json without Ford's colours, booking key, brand page or Ranger picture. */
function neutralBase(): Json {
  const doc: Json = reword(cloneDeep(ford) as Json, NEUTRAL);
  doc.theme = {
    colours: {
      primary: '#1f2a37',
      primaryText: '#ffffff',
      accent: '#c2410c',
      headerBackground: '#ffffff',
      headerText: '#1f2a37',
      footerBackground: '#1f2a37',
      footerText: '#ffffff',
    },
    radius: 4,
  };
  // The booking key is the site's own (and turns /service links into the booking route):
  // the starter books on /service itself, where its hero already points (#service-booking).
  delete doc.features.serviceBookingKey;
  const booking = pageOf(doc, 'ford-service').blocks.find(
    (b: Block) => b.type === 'service-booking',
  );
  pageOf(doc, 'service').blocks.push(booking);
  doc.pages = doc.pages.filter((p: Page) => !['ford-service', 'brand-ford'].includes(p.id));
  // The footer's default legal line names the site.
  delete doc.layout.footer[0].props;
  const promise = pageOf(doc, 'diamond-advantage');
  Object.assign(promise, { id: 'our-promise', path: '/our-promise' });
  for (const b of promise.blocks) b.id = b.id.replace('diamond-advantage', 'our-promise');
  const roadside = pageOf(doc, 'roadside-assist');
  roadside.blocks.at(-1).props.actions = [{ label: 'Contact us', href: '/contact' }];
  // The careers picture was a Ford Ranger: the same words, without it.
  const careers = pageOf(doc, 'careers');
  const intro = careers.blocks.findIndex((b: Block) => b.type === 'image-text');
  const { id, props } = careers.blocks[intro] as Json;
  careers.blocks[intro] = {
    type: 'rich-text',
    id,
    props: { html: `<h2>${props.heading}</h2>${props.text}` },
  };
  return doc;
}

function usedCarYard(): Json {
  const doc = reword(neutralBase(), USED);
  doc.pages = doc.pages.filter((p: Page) => !['model', 'models'].includes(p.id));
  // The default menus lead to the new-model range and new and demo stock, which a yard has not got.
  const forSale = ({ href }: { href?: string }) =>
    !/^\/(models|search\/(new|demo)-cars)\b/.test(href ?? '');
  const header = doc.layout.header.find((b: Block) => b.type === 'header');
  header.props = {
    menu: header_menu!
      .filter(forSale)
      .map((item) => (item.children ? { ...item, children: item.children.filter(forSale) } : item)),
  };
  doc.layout.footer[0].props = {
    columns: footer_columns!
      .map((c) => ({ ...c, links: c.links.filter(forSale) }))
      .filter((c) => c.links.length),
  };
  const warranty = pageOf(doc, 'warranty');
  const text = warranty.blocks.find((b: Block) => b.type === 'rich-text') as Json;
  text.props.html = text.props.html.replace(/<h2>New cars<\/h2><p>.*?<\/p>/, '');
  return doc;
}

function multiBrandGroup(): Json {
  return reword(neutralBase(), [
    [
      'We are a local, family-owned business that has been helping people',
      'We are a family-owned group of dealerships that has been helping people',
    ],
    ['Pick a model to see its prices', 'Every brand we sell, new. Pick a model to see its prices'],
  ]);
}

const singleBrandFranchise = (): Json => neutralBase();

/** The trade-in questions' default answers speak of kilometres, licences and registration papers. */
export const US_TRADE_IN: Wording = [
  ['age, kilometres, service history', 'age, mileage, service history'],
  ['settle the loan for you', 'pay off the loan for you'],
  [
    "Your driver's licence, the car's registration papers",
    "Your driver's license, the title and registration",
  ],
  ['the service logbook', 'the service records'],
  ['7 days or 500 km', '7 days or 300 miles'],
];

function usFranchise(): Json {
  const doc = reword(neutralBase(), US);
  const faq = pageOf(doc, 'trade-in').blocks.find((b: Block) => b.type === 'faq-accordion') as Json;
  faq.props = { ...faq.props, items: reword(faqAccordion_items, US_TRADE_IN) };
  return doc;
}

export const STARTER_TEMPLATES: Record<string, () => Json> = {
  'multi-brand-group': multiBrandGroup,
  'single-brand-franchise': singleBrandFranchise,
  'us-franchise': usFranchise,
  'used-car-yard': usedCarYard,
};

if (process.argv[1] === import.meta.filename) {
  for (const [name, build] of Object.entries(STARTER_TEMPLATES)) {
    writeFileSync(join(TEMPLATES_DIR, `${name}.json`), `${JSON.stringify(build(), null, 2)}\n`);
    console.log(`wrote sites/templates/${name}.json`);
  }
}
