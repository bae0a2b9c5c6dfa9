/**
 * npx tsx demo/pages/content-pages.ts [--write] [--replace] [--pages id,id] [--model-pages] [--dir sites] [--only slug,slug]
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
 *  - with --pages (e.g. about,privacy,terms), only those pages are written, replacing the
 *    existing ones, and nothing else changes;
 *  - with --model-pages, /:modelSlug model pages are added and the model range links to
 *    them; without, the range links to each model's stock (/search/{make}/{model}),
 *    because /:modelSlug would also answer unknown one-segment addresses with 200;
 *  - sites selling new cars without offers get a few sample offers (offers list).
 * Every result is prepared (template, validation, sanitising) exactly as the server does
 * before anything is written, and written in canonical form. Without --write it only
 * reports what it would do.
 */
import { join } from 'node:path';
import { collectBlockIds } from '../../engine/tree/ids.ts';
import { formatMoney } from '../../engine/region.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { slugify } from '../../engine/slug.ts';
import {
  dealerOf,
  esc,
  word,
  type Block,
  type Dealer,
  type Json,
  type Page,
} from './content-kit.ts';
import {
  aboutPage,
  contactLocationPage,
  dealershipsPage,
  locationPage,
  locationsPage,
  modelPage,
  modelsPage,
  offerPages,
  privacyPage,
  specialOffersPage,
  termsPage,
} from './content-dealer-pages.ts';
import { partsPage, roadsidePage, warrantyPage } from './content-service-pages.ts';
import { blogReviewsPage, careersPage, fleetPage } from './content-business-pages.ts';
import {
  flag,
  loadTemplate,
  option,
  readJson,
  sitesDir,
  updateSiteFiles,
} from './generator-run.ts';

const replaceAll = flag('--replace');
/** Only these page ids, written over the existing ones (--pages about,privacy,terms). */
const onlyPages = option('--pages')
  ?.split(',')
  .map((s) => s.trim());
/** Also add /:modelSlug model pages (see modelPage: it shadows the 404 page for one-segment addresses). */
const withModelPages = flag('--model-pages');

const catalogue = readJson(join(sitesDir, 'shared', 'catalogue.json')) as { models: Json[] };

function reviewsBlock(d: Dealer, id: string): Block {
  // Each dealer's own rating and reviews from the reviews API (docs/content-blocks.md, "Reviews"):
  // pasted figures would show every dealer the same rating.
  return {
    type: 'reviews',
    id,
    props: { heading: `What our customers say about ${d.name}`, orgId: d.slug, fetchReviews: true },
  };
}

function sampleOffers(d: Dealer, siteId: number | undefined): Json[] {
  const featured = d.models.filter((m) => m.status !== 'coming_soon').slice(0, 3);
  return featured.map((m, i) => {
    const make = m.manufacturer_name as string;
    const price =
      typeof m.from_price === 'number'
        ? Math.round((m.from_price * 1.08) / 1000) * 1000 - 10
        : undefined;
    return {
      id: 900 + i + 1,
      name:
        i === 0 && price
          ? `${m.name} ${word(d, 'price.driveAwayDeal')} from ${formatMoney(price, d.region)}`
          : i === 1
            ? `${m.name}: 5 years free scheduled servicing`
            : `${m.name} with a free accessory pack`,
      description: `<p>${esc(m.short_description ?? `The ${make} ${m.name}.`)}</p><p>Talk to our team at ${esc(d.name)} about availability, colours and trade-in.</p>`,
      disclaimer:
        `Offer available on new ${make} ${m.name} vehicles ordered and delivered by the end of the offer period at ${d.name}. ` +
        'Not available with any other offer. Excludes fleet, government and rental buyers. Metallic paint and options extra. ' +
        'The manufacturer and dealer reserve the right to extend or vary the offer. See us for full terms and conditions.',
      model: { name: m.name, slug: m.slug },
      manufacturer: { name: make, slug: slugify(make) },
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
  if (!d.usedOnly && d.models.length) pages.push(modelsPage(d, withModelPages));
  if (!d.usedOnly && d.models.length && withModelPages) pages.push(modelPage());
  return pages;
}

/** Pages the script may upgrade without --replace: only a placeholder hero. */
const isPlaceholder = (page: Json | undefined) =>
  !page ||
  ((page.blocks?.length ?? 0) <= 1 && (page.blocks ?? []).every((b: Json) => b.type === 'hero'));

function apply(doc: Json, d: Dealer, resolvedPages: Json[]): string[] {
  const changes: string[] = [];
  doc.pages ??= [];
  const own = new Map<string, Json>(doc.pages.map((pg: Json) => [pg.id, pg]));
  const effective = new Map<string, Json>(resolvedPages.map((pg) => [pg.id, pg]));
  const effectivePaths = new Set(resolvedPages.map((pg) => pg.path));
  const blockIds = collectBlockIds({ layout: doc.layout, pages: resolvedPages });

  for (const page of pagesFor(d)) {
    if (onlyPages && !onlyPages.includes(page.id)) continue;
    const current = effective.get(page.id);
    const pathTaken = !current && effectivePaths.has(page.path);
    if (pathTaken) {
      changes.push(`skip ${page.path}: another page already uses that path`);
      continue;
    }
    if (current && !replaceAll && !onlyPages && !isPlaceholder(current)) continue;
    const clash = page.blocks.find(
      (b) => blockIds.has(b.id) && !(current?.blocks ?? []).some((c: Json) => c.id === b.id),
    );
    if (clash) {
      changes.push(`skip ${page.path}: block id ${clash.id} is already used`);
      continue;
    }
    if (own.has(page.id)) doc.pages[doc.pages.indexOf(own.get(page.id))] = page;
    else doc.pages.push(page);
    page.blocks.forEach((b) => blockIds.add(b.id));
    changes.push(`${current ? 'replace' : 'add'} ${page.path}`);
  }
  if (onlyPages) return changes;

  // One block appended to existing pages where it is missing.
  const augment = (pageId: string, has: (b: Json) => boolean, block: Block) => {
    const page = effective.get(pageId);
    if (!page || page.blocks.some(has) || blockIds.has(block.id)) return;
    const target = own.get(pageId);
    if (!target) {
      // The page comes from the template: copying it here would cut it off from the template.
      changes.push(
        `skip appending ${block.type} to ${page.path}: the page is the template's (add it there)`,
      );
      return;
    }
    target.blocks.push(block);
    blockIds.add(block.id);
    changes.push(`append ${block.type} to ${page.path}`);
  };
  augment('contact', (b) => b.type === 'locations', {
    type: 'locations',
    id: 'contact-locations',
    props: { heading: 'Our locations', filter: 'all' },
  });
  augment('trade-in', (b) => b.type === 'faq-accordion', {
    type: 'faq-accordion',
    id: 'trade-in-faq',
    props: {},
  });
  augment('home', (b) => b.type === 'reviews', reviewsBlock(d, 'home-reviews'));

  if (!d.usedOnly && !doc.offers?.length) {
    const offers = sampleOffers(d, doc.id);
    if (offers.length) {
      doc.offers = offers;
      changes.push(`add ${offers.length} sample offers`);
    }
  }
  return changes;
}

updateSiteFiles((doc, site) => {
  const dealer = dealerOf(site, catalogue);
  const resolved = resolveTemplate(structuredClone(doc), (name) => loadTemplate(name)).doc as Json;
  return apply(doc, dealer, resolved.pages ?? []);
}, 'nothing to add');
