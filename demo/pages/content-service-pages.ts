/**
 * The content pages about what the dealer offers besides cars (content-pages.ts): warranty,
 * roadside assist, parts and accessories (careers, fleet and vehicle reviews are in
 * content-business-pages.ts). Text is written per dealer (name, towns, makes, region spelling and law).
 */
import { spell } from '../../engine/region.ts';
import {
  cta,
  esc,
  hero,
  list,
  p,
  tel,
  word,
  type Block,
  type Dealer,
  type Page,
} from './content-kit.ts';

export function warrantyPage(d: Dealer): Page {
  const law = word(d, 'law.consumer');
  const newCar = d.usedOnly
    ? ''
    : `<h2>New cars</h2>${p(
        `Every new ${list(d.makes)} comes with the manufacturer’s new vehicle warranty, honoured at any authorised dealer in ${word(d, 'country.name')}. Keep it valid by servicing on time: we’ll stamp your logbook and remind you when the next one is due.`,
      )}`;
  return {
    id: 'warranty',
    path: '/warranty',
    title: 'Warranty | {site}',
    description: `New and used car warranty at ${d.name}: what’s covered and how to make a claim.`,
    blocks: [
      hero(
        'warranty-hero',
        'Peace of mind, built in',
        `Every car we sell is covered. Here’s what that means and how to make a claim.`,
      ),
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
            {
              icon: 'shield',
              title: '3 year protection plan',
              text: 'On eligible used vehicles, with no excess on approved claims.',
            },
            {
              icon: 'truck',
              title: 'Roadside assistance',
              text: 'Flat battery, flat tyre or locked out: help is one call away, 24/7.',
            },
            {
              icon: 'wrench',
              title: 'Genuine parts',
              text: 'Repairs by factory-trained technicians with genuine parts.',
            },
          ],
        },
      },
      cta(
        'warranty-cta',
        'Need to make a claim?',
        'Book your car in and tell us what’s happening.',
        [{ label: 'Book a service', href: '/service' }],
      ),
    ],
  };
}

export function roadsidePage(d: Dealer): Page {
  const country = word(d, 'country.name');
  return {
    id: 'roadside-assist',
    path: '/roadside-assist',
    title: 'Roadside assistance | {site}',
    description: `24/7 roadside assistance for ${d.name} customers anywhere in ${country}.`,
    blocks: [
      hero(
        'roadside-hero',
        'Roadside assistance, 24/7',
        `Breakdowns don’t keep business hours. Neither does our roadside assistance, anywhere in ${country}.`,
      ),
      {
        type: 'icon-list',
        id: 'roadside-points',
        props: {
          heading: 'We’ll help with',
          columns: 3,
          items: [
            {
              icon: 'battery',
              title: 'Flat batteries',
              text: 'A jump start, or a new battery fitted on the spot.',
            },
            {
              icon: 'tyre',
              title: 'Flat tyres',
              text: 'Your spare fitted so you can get moving again.',
            },
            {
              icon: 'key',
              title: 'Lock-outs',
              text: 'Keys locked in the car? We’ll get you back in.',
            },
            {
              icon: 'car',
              title: 'Breakdowns',
              text: 'Minor repairs at the roadside, or a tow to the nearest dealer.',
            },
            {
              icon: 'location',
              title: 'Out of fuel',
              text: 'Enough fuel delivered to reach the next service station.',
            },
            {
              icon: 'clock',
              title: 'Around the clock',
              text: 'Day or night, weekends and public holidays.',
            },
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
      cta(
        'roadside-cta',
        'Broken down?',
        'Call the number on your roadside assistance card, or ring us and we’ll put you through.',
        [{ label: d.phone ? `Call ${d.phone}` : 'Contact us', href: tel(d.phone) }],
        'dark',
      ),
    ],
  };
}

export function partsPage(d: Dealer): Page {
  const blocks: Block[] = [
    hero(
      'parts-hero',
      'Parts and accessories',
      `Genuine${d.usedOnly ? '' : ` ${list(d.makes)}`} parts and accessories, fitted by people who know your car.`,
      [{ label: 'Search parts', href: '/parts/search' }],
    ),
    {
      type: 'cards-grid',
      id: 'parts-cards',
      props: {
        heading: 'Make it yours',
        cards: [
          {
            title: 'Towing',
            text: 'Tow bars, wiring harnesses and brake controllers, rated for your model.',
            icon: 'truck',
          },
          {
            title: 'Protection',
            text: 'Floor mats, cargo liners, bonnet protectors and paint protection film.',
            icon: 'shield',
          },
          {
            title: 'Touring',
            text: 'Roof racks, awnings, long-range fuel tanks and dual batteries.',
            icon: 'location',
          },
          {
            title: 'Servicing parts',
            text: 'Filters, oils, brake pads and wiper blades, in stock for most models.',
            icon: 'wrench',
          },
          {
            title: spell('Tyres and wheels', d.region),
            text: 'Genuine alloys and the right tyres for how you drive.',
            icon: 'tyre',
          },
          {
            title: 'Gift vouchers',
            text: 'Let them choose. Vouchers from any amount, valid for 3 years.',
            icon: 'tag',
          },
        ],
      },
    },
  ];
  if (d.hasParts)
    blocks.push({
      type: 'locations',
      id: 'parts-locations',
      props: { heading: 'Our parts counters', filter: 'parts', variant: 'list' },
    });
  blocks.push(
    cta(
      'parts-cta',
      'Can’t find what you need?',
      'Tell us your model and what you’re after. We’ll quote and order it in.',
      [{ label: 'Ask our parts team', href: '/contact' }],
      'light',
    ),
  );
  return {
    id: 'parts',
    path: '/vehicle-parts-and-accessories',
    title: 'Parts and accessories | {site}',
    description: `Genuine parts and accessories at ${d.name}.`,
    blocks,
  };
}
