/**
 * The content pages about the dealer itself (content-pages.ts): locations and location pages,
 * /contact-us/:slug, /dealerships, special offers and offer pages, the model range, and the
 * about, privacy and terms pages. Text is written per dealer (name, towns, makes, region
 * spelling and law).
 */
import upperFirst from 'lodash-es/upperFirst.js';
import {
  cta,
  esc,
  hero,
  journeyWord,
  list,
  p,
  tel,
  ul,
  word,
  type Block,
  type Dealer,
  type Page,
} from './content-kit.ts';

export function locationsPage(d: Dealer): Page {
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
  if (d.groups > 1)
    blocks.push({ type: 'dealership-select', id: 'locations-dealership', props: {} });
  blocks.push(
    cta(
      'locations-cta',
      'Can’t make it in?',
      'Send us a message and the right person will get back to you within one business day.',
      [
        { label: 'Contact us', href: '/contact' },
        ...(d.phone ? [{ label: `Call ${d.phone}`, href: tel(d.phone) }] : []),
      ],
    ),
  );
  return {
    id: 'locations',
    path: '/locations',
    title: 'Our locations | {site}',
    description: `Opening hours, directions and contact details for ${d.name} in ${list(d.towns)}.`,
    blocks,
  };
}

export function dealershipsPage(d: Dealer): Page {
  return {
    id: 'dealerships',
    path: '/dealerships',
    title: 'Our dealerships | {site}',
    description: `The ${d.name} dealerships: ${list(d.makes)} in ${list(d.towns)}.`,
    blocks: [
      hero(
        'dealerships-hero',
        'Our dealerships',
        `${d.groups} dealerships, one team. Choose your brand to see opening hours, directions and the people to talk to.`,
      ),
      {
        type: 'dealership-select',
        id: 'dealerships-select',
        props: { heading: 'Find your dealership' },
      },
      {
        type: 'locations',
        id: 'dealerships-locations',
        props: { heading: 'Showrooms', filter: 'sales', variant: 'hero-map' },
      },
    ],
  };
}

export function locationPage(): Page {
  return {
    id: 'location',
    path: '/locations/:slug',
    title: 'Location | {site}',
    blocks: [
      { type: 'location-detail', id: 'location-detail', props: {} },
      cta(
        'location-cta',
        'Have a question before you visit?',
        'Tell us what you’re after and we’ll have it ready for you.',
        [{ label: 'Send an enquiry', href: '/contact' }],
        'light',
      ),
    ],
  };
}

export function contactLocationPage(): Page {
  return {
    id: 'contact-location',
    path: '/contact-us/:slug',
    title: 'Contact us | {site}',
    blocks: [
      { type: 'location-detail', id: 'contact-location-detail', props: {} },
      cta(
        'contact-location-cta',
        'Prefer to write?',
        'Our team answers enquiries seven days a week.',
        [{ label: 'Send an enquiry', href: '/contact' }],
        'light',
      ),
    ],
  };
}

export function specialOffersPage(d: Dealer): Page {
  return {
    id: 'special-offers',
    path: '/special-offers',
    title: 'Special offers | {site}',
    description: `Current ${d.usedOnly ? '' : `${list(d.makes)} `}offers and ${word(d, 'price.driveAwayDeal')} deals at ${d.name}.`,
    blocks: [
      hero(
        'special-offers-hero',
        'Special offers',
        `This month’s best deals at ${d.name}. Offers change often, so if you see something you like, talk to us soon.`,
      ),
      { type: 'offer-cards', id: 'special-offers-cards', props: { heading: '' } },
      cta(
        'special-offers-cta',
        'Know what it will cost each week',
        'Get a finance quote in minutes with no impact on your credit score.',
        [{ label: 'Get Pre-Approved Now', href: '/finance' }],
      ),
    ],
  };
}

export function offerPages(): Page[] {
  const blocks = (prefix: string): Block[] => [
    { type: 'offer-detail', id: `${prefix}-detail`, props: {} },
    { type: 'offer-cards', id: `${prefix}-more`, props: { heading: 'More offers', limit: 3 } },
  ];
  return [
    {
      id: 'offer-make',
      path: '/offers/:manufacturer/:offerId',
      title: 'Special offer | {site}',
      blocks: blocks('offer-make'),
    },
    {
      id: 'offer',
      path: '/offers/:offerId',
      title: 'Special offer | {site}',
      blocks: blocks('offer'),
    },
  ];
}

export function modelsPage(d: Dealer, withModelPages: boolean): Page {
  return {
    id: 'models',
    path: '/models',
    title: `New ${list(d.makes)} models | {site}`,
    description: `The new ${list(d.makes)} range at ${d.name}: SUVs, utes, vans, performance and electric models with prices.`,
    blocks: [
      hero(
        'models-hero',
        `The new ${list(d.makes)} range`,
        `Pick a model to see its prices, features and the stock we have ${journeyWord(d, 'ready')}.`,
      ),
      {
        type: 'model-cards',
        id: 'models-cards',
        props: { heading: '', ...(withModelPages ? {} : { linkTo: 'stock' }) },
      },
      cta(
        'models-cta',
        'Not sure which model suits you?',
        'Book a test drive and compare them back to back.',
        [{ label: 'Book a test drive', href: '/book-test-drive' }],
      ),
    ],
  };
}

/**
 * /:modelSlug: the model pages the model cards link to. It matches any one-segment
 * address no other page has, so unknown addresses such as /xyz show "Model not found"
 * (with status 200 until the engine lets a block answer 404).
 */
export function modelPage(): Page {
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

export function aboutPage(d: Dealer): Page {
  return {
    id: 'about',
    path: '/about-us',
    title: 'About us | {site}',
    description: `About ${d.name}: a local, family-owned dealer in ${list(d.towns)}.`,
    blocks: [
      hero(
        'about-hero',
        `About ${d.name}`,
        `A local, family-owned business looking after drivers in ${list(d.towns)}.`,
      ),
      {
        type: 'image-text',
        id: 'about-story',
        props: {
          heading: 'Our story',
          text: p(
            `${esc(d.name)} started with a handful of cars and a simple idea: treat every customer the way you’d want your own family treated. Decades later the team is bigger, but the idea hasn’t changed.`,
            `Today we ${d.usedOnly ? 'sell quality used cars' : `sell new ${esc(list(d.makes))} and quality used cars`}, arrange finance and insurance, and service what we sell in our own workshop.`,
          ),
          image: {
            src: d.models[0]?.image?.url ?? '/assets/models/ranger.svg',
            alt: '',
            width: 640,
            height: 427,
          },
          imagePosition: 'left',
        },
      },
      {
        type: 'icon-list',
        id: 'about-values',
        props: {
          heading: 'Why buy from us',
          items: [
            {
              icon: 'shield',
              title: '3 year warranty',
              text: 'A 3 year peace-of-mind mechanical protection plan on eligible used vehicles.',
            },
            {
              icon: 'truck',
              title: 'Delivered to you',
              text: `Freight ${word(d, 'country.freight')}, arranged by us.`,
            },
            {
              icon: 'dollar',
              title: 'Finance made simple',
              text: 'Packages from our lender panel, approved in under an hour.',
            },
            {
              icon: 'handshake',
              title: 'Fair trade-ins',
              text: 'A firm offer on your current car, valid for 7 days.',
            },
            {
              icon: 'chat',
              title: 'Video walk-arounds',
              text: 'Can’t get here? We’ll show you the car on a video call.',
            },
            {
              icon: 'star',
              title: 'Trusted locally',
              text: 'Rated highly by thousands of local customers.',
            },
          ],
        },
      },
      cta('about-cta', 'Come and say hello', `Find us in ${list(d.towns)}.`, [
        { label: 'Our locations', href: '/locations' },
      ]),
    ],
  };
}

/** Where a buyer unhappy with the dealer's answer may take a privacy complaint, by region. */
const PRIVACY_REGULATOR: Record<string, string> = {
  AU: 'If you are not satisfied with our answer, you can complain to the Office of the Australian Information Commissioner (oaic.gov.au).',
  NZ: 'If you are not satisfied with our answer, you can complain to the Office of the Privacy Commissioner (privacy.org.nz).',
  US: 'Depending on your state (California, for example), you may also have the right to know, delete or opt out of the sale or sharing of your personal information; we honor these requests however you make them.',
};

/** The finance paragraph of the terms, in the region's own lending words. */
const FINANCE_TERMS: Record<string, string> = {
  AU: 'Weekly repayments are estimates based on the lender’s published rates, a 5-year secured loan and the deposit shown. They are not an offer of credit. Fees, charges and lending criteria apply; approval is at the lender’s discretion. The comparison rate is based on a secured loan of $30,000 over 5 years.',
  NZ: 'Weekly repayments are estimates based on the lender’s published rates, a 5-year secured loan and the deposit shown. They are not an offer of credit. Fees, charges and lending criteria apply; approval is at the lender’s discretion and subject to the Credit Contracts and Consumer Finance Act 2003.',
  US: 'Monthly and weekly payments are estimates based on the lender’s published APR, a 60-month term and the down payment shown. They are not an offer of credit. Taxes, title, license and dealer fees are extra; approval is subject to credit and at the lender’s discretion.',
};

/** The dealer's own facts as a page states them: name, address, phone and email. */
function contactFacts(d: Dealer, heading: string): string {
  const lines = [
    `<strong>${esc(d.name)}</strong>`,
    d.businessNumber && esc(d.businessNumber),
    d.address && esc(d.address),
    d.phone && `Phone: <a href="${tel(d.phone)}">${esc(d.phone)}</a>`,
    d.email && `Email: <a href="mailto:${esc(d.email)}">${esc(d.email)}</a>`,
  ].filter(Boolean);
  return `<h2>${heading}</h2><p>${lines.join('<br>')}</p>`;
}

export function privacyPage(d: Dealer): Page {
  const law = word(d, 'law.privacy');
  return {
    id: 'privacy',
    path: '/privacy-policy',
    title: 'Privacy policy | {site}',
    blocks: [
      hero(
        'privacy-hero',
        'Privacy policy',
        `How ${d.name} collects, uses and protects your personal information.`,
      ),
      {
        type: 'rich-text',
        id: 'privacy-text',
        props: {
          html:
            p(
              `${esc(d.name)} respects your privacy and handles personal information in line with ${law}.`,
            ) +
            `<h2>What we collect</h2>${p('The details you give us when you enquire, book a test drive or service, apply for finance or value your trade-in: usually your name, phone number, email, postcode and details of the vehicle you are interested in or own.')}` +
            `<h2>How we use it</h2>${ul([
              'to answer your enquiry and provide the products and services you ask for;',
              'to arrange finance, insurance and warranty on your behalf, with your consent;',
              'to remind you about servicing and recalls affecting your vehicle;',
              'to send offers and updates, only if you opted in (you can unsubscribe at any time).',
            ])}` +
            `<h2>Who we share it with</h2>${p('Only the manufacturer, finance and insurance providers, and service partners needed to do what you asked. We never sell your information.')}` +
            `<h2>How we keep it safe</h2>${p('We keep your information in secure systems that only our staff and the service providers working for us can reach, for as long as we need it to serve you or the law requires, and then we delete it.')}` +
            `<h2>Access and complaints</h2>${p(`You can ask to see or correct the information we hold about you, or make a complaint, by contacting our privacy officer through our <a href="/contact">contact page</a>. We respond within 30 days.`, PRIVACY_REGULATOR[d.region] ?? PRIVACY_REGULATOR.AU)}` +
            contactFacts(d, 'Contact our privacy officer'),
        },
      },
    ],
  };
}

export function termsPage(d: Dealer): Page {
  return {
    id: 'terms',
    path: '/terms-and-conditions',
    title: 'Terms and conditions | {site}',
    blocks: [
      hero(
        'terms-hero',
        'Terms and conditions',
        `The terms that apply to prices, finance, reservations and this website at ${d.name}.`,
      ),
      {
        type: 'rich-text',
        id: 'terms-text',
        props: {
          html:
            `<h2>Prices</h2>${p(`Prices shown are in ${word(d, 'currency.name')} and may change without notice. ${upperFirst(word(d, 'price.driveAwayDeal'))} prices include ${word(d, 'price.driveAwayIncludes')} unless stated otherwise. Vehicles are subject to prior sale.`)}` +
            `<h2>Finance</h2>${p(FINANCE_TERMS[d.region] ?? FINANCE_TERMS.AU)}` +
            `<h2>Online reservations</h2>${p('A refundable $200 deposit holds a car for 48 hours while we complete the sale. If the sale does not go ahead, the deposit is refunded in full.')}` +
            `<h2>Trade-in valuations</h2>${p('Online estimates are indicative and depend on an inspection of the vehicle. Cars older than 7 years or with more than 100,000 km may not receive an online estimate.')}` +
            `<h2>Your rights</h2>${p(`Nothing in these terms limits the rights you have under ${word(d, 'law.consumer')}.`)}` +
            `<h2>This website</h2>${p(`Content on this site belongs to ${esc(d.name)} or its suppliers. Images may show optional equipment. We take care that the details of each vehicle are correct, but please confirm anything that matters to you with us before you buy.`)}` +
            contactFacts(d, 'Contact us'),
        },
      },
    ],
  };
}

// ---------------------------------------------------------------------------------------
// Blocks appended to existing pages, and sample offers.
