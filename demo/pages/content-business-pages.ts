/**
 * The content pages about the dealer as a business (content-pages.ts): careers, fleet and
 * vehicle reviews (blog). Text is written per dealer (name, towns, makes, region).
 */
import { cta, hero, list, p, type Dealer, type Page } from './content-kit.ts';

export function careersPage(d: Dealer): Page {
  return {
    id: 'careers',
    path: '/careers',
    title: 'Careers | {site}',
    description: `Jobs at ${d.name}: sales, service, parts and administration roles in ${list(d.towns)}.`,
    blocks: [
      hero(
        'careers-hero',
        `Work at ${d.name}`,
        'We’re always looking for people who love cars and like looking after customers.',
      ),
      {
        type: 'image-text',
        id: 'careers-intro',
        props: {
          heading: 'A team that backs you',
          text: p(
            `From apprentice technicians to sales consultants, most of our managers started on the shop floor. We train you properly, pay you fairly and promote from within.`,
            'Current openings are listed on the major job boards. If you don’t see your role, send us your résumé anyway: good people are hard to find.',
          ),
          image: {
            src: d.models[0]?.image?.url ?? '/assets/models/ranger.svg',
            alt: '',
            width: 640,
            height: 427,
          },
          imagePosition: 'right',
        },
      },
      {
        type: 'icon-list',
        id: 'careers-benefits',
        props: {
          heading: 'Why work with us',
          items: [
            {
              icon: 'star',
              title: 'Training that counts',
              text: 'Manufacturer accreditation and paid courses every year.',
            },
            {
              icon: 'dollar',
              title: 'Staff pricing',
              text: 'Discounts on cars, servicing, parts and accessories.',
            },
            {
              icon: 'calendar',
              title: 'Rosters that work',
              text: 'Rostered weekends and a day off in lieu.',
            },
            {
              icon: 'handshake',
              title: 'Family values',
              text: 'A local business where people know your name.',
            },
          ],
        },
      },
      cta(
        'careers-cta',
        'Ready to apply?',
        'Send your résumé and a few lines about yourself. We reply to every application.',
        [{ label: 'Get in touch', href: '/contact' }],
      ),
    ],
  };
}

export function fleetPage(d: Dealer): Page {
  return {
    id: 'fleet',
    path: '/fleet',
    title: 'Fleet and business | {site}',
    description: `Fleet sales, leasing and servicing for businesses at ${d.name}.`,
    blocks: [
      hero(
        'fleet-hero',
        'Fleet and business',
        `One dedicated fleet manager for buying, servicing and replacing your vehicles, whether you run two ${d.usedOnly ? 'cars' : 'utes'} or two hundred.`,
        [{ label: 'Talk to our fleet team', href: '/contact' }],
      ),
      {
        type: 'icon-list',
        id: 'fleet-points',
        props: {
          heading: 'What we do for fleets',
          columns: 4,
          items: [
            {
              icon: 'tag',
              title: 'Fleet pricing',
              text: 'Volume and government pricing where eligible.',
            },
            {
              icon: 'document',
              title: 'Leasing and finance',
              text: 'Novated, operating and finance leases through our lender panel.',
            },
            {
              icon: 'wrench',
              title: 'Priority servicing',
              text: 'Early drop-off, loan vehicles and one monthly invoice.',
            },
            {
              icon: 'truck',
              title: 'Upfitting',
              text: 'Canopies, racking, signage and towing fitted before delivery.',
            },
          ],
        },
      },
      cta(
        'fleet-cta',
        'Let’s plan your next changeover',
        'Tell us what you run today and when leases end. We’ll build a replacement plan.',
        [{ label: 'Request a fleet quote', href: '/contact' }],
      ),
    ],
  };
}

export function blogReviewsPage(d: Dealer): Page {
  const cards = d.models.length
    ? d.models.slice(0, 6).map((m) => ({
        title: `${m.manufacturer_name} ${m.name}: our review`,
        text: `${m.short_description ?? ''} We drove it on our local roads: here’s who it suits and which version we’d buy.`.trim(),
        ...(m.image?.url
          ? {
              image: {
                src: m.image.url,
                alt: `${m.manufacturer_name} ${m.name}`,
                width: 480,
                height: 270,
              },
            }
          : {}),
        link: { label: `Read about the ${m.name}`, href: m.override_url || `/${m.slug}` },
      }))
    : [
        {
          title: 'Buying a used car: the 10-minute checklist',
          text: 'What to look at, listen for and ask before you sign anything.',
          icon: 'check',
          link: { label: 'See our used cars', href: '/search/used-cars' },
        },
        {
          title: 'Japanese imports explained',
          text: 'Compliance, WOF and what the import history tells you.',
          icon: 'document',
          link: { label: 'Browse imports', href: '/search/used-cars' },
        },
        {
          title: 'Hybrid or petrol?',
          text: 'Running costs over five years, worked out for a typical commute.',
          icon: 'battery',
          link: { label: 'See hybrids in stock', href: '/search/used-cars' },
        },
      ];
  return {
    id: 'blog-reviews',
    path: '/blog/vehicle-reviews',
    title: 'Vehicle reviews | {site}',
    description: `Honest vehicle reviews and buying guides from the team at ${d.name}.`,
    blocks: [
      hero(
        'blog-reviews-hero',
        'Vehicle reviews',
        'Straight-talking reviews and buying guides from the people who sell, drive and service these cars every day.',
      ),
      { type: 'cards-grid', id: 'blog-reviews-cards', props: { heading: '', cards } },
      cta(
        'blog-reviews-cta',
        'Read enough?',
        'Nothing beats a test drive. Book one at a time that suits you.',
        [{ label: 'Book a test drive', href: '/book-test-drive' }],
        'light',
      ),
    ],
  };
}
