/**
 * npx tsx demo/pages/car-pages.ts [--check]
 *
 * Puts the car blocks (docs/cars.md) on the demo sites and the templates (sites/*.json,
 * sites/templates/*.json):
 *   car-detail   /cars/:slug                       car-detail block (replaces the placeholder)
 *   checkout     /cars/:slug/checkout (or /buy-online when features.reserveRoute is buy-online)
 *                                                  car-checkout block, gate sign-in
 *   watchlist    /watchlist                        watchlist block (sites with the watchlist on)
 *   compare      /compare                          compare block (sites with compare on)
 *   favourites   /favourites                       favourites block (sites with favourites on)
 *   promo tiles  on the search pages (search, search-segment, search-make-model, cars): the
 *                sample promotional tiles, shown among the results (promo-tile blocks)
 *
 * A page goes on a document when the document or its template has the feature on and
 * neither already has the page (a site inherits its template's pages). Pages that exist
 * get their car blocks replaced; other blocks of search pages are kept. Everything else in
 * a document is left as it is. Run `npx tsx scripts/format-sites.ts` and
 * `npx tsx scripts/check-sites.ts` afterwards. With --check nothing is written and the
 * exit code says whether a document would change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { documentWord } from '../../engine/messages/document-words.ts';
import { DEFAULT_REGION } from '../../engine/region.ts';
import type { Region } from '../../schemas/types.gen.ts';
import { siteFiles, templateOf as templateOfIn } from './site-files.ts';

const root = join(import.meta.dirname, '../..');
const sitesDir = process.env.FORECOURT_SITES_DIR ?? join(root, 'sites');
const check = process.argv.includes('--check');

type Json = Record<string, any>;
type Page = {
  id: string;
  path: string;
  title: string;
  description?: string;
  gate?: string;
  blocks: Json[];
};

const SEARCH_PAGES = ['search', 'search-segment', 'search-make-model', 'cars'];

/** Feature switches as the resolved site sees them (template, then document, then the schema defaults that matter here). */
function featuresOf(doc: Json, base: Json | undefined): Json {
  return {
    watchlist: true,
    favourites: false,
    compare: false,
    reserveRoute: 'checkout',
    ...(base?.features ?? {}),
    ...(doc.features ?? {}),
  };
}

function regionOf(doc: Json, base: Json | undefined): Region {
  return doc.region ?? base?.region ?? DEFAULT_REGION;
}

/** The sample promotional tiles (docs/cars.md, "Card rules"), worded for the region. One is dated 2025-01-01 to 2025-02-01. */
function promoTiles(region: Region, pageId: string): Json[] {
  const country = documentWord(region, 'country.name');
  const tiles: Json[] = [
    {
      heading: '3 Year Standard Warranty',
      text: 'Every car we sell comes with a 3 year warranty for real peace of mind.',
      backgroundColour: '#1f3a93',
      link: { label: 'About our warranty', href: '/warranty' },
    },
    {
      heading: '3 Year Peace-of-Mind Mechanical Protection',
      text: 'A 3 year mechanical protection plan on our used vehicles.',
      backgroundColour: '#0b5a3a',
      display: ['used'],
    },
    {
      heading: `Freight anywhere in ${country}`,
      text: 'Found the one? We deliver it to your door.',
      backgroundColour: '#15171c',
      link: { label: 'Ask about delivery', href: '/contact' },
    },
    {
      heading: 'Trade-in and finance packages',
      text: 'Value your trade-in online and bundle it with a finance package.',
      backgroundColour: '#8a1f11',
      link: { label: 'Value my trade-in', href: '/trade-in' },
    },
    {
      heading: 'Summer Sale',
      text: 'Summer deals on selected stock in January.',
      backgroundColour: '#a34700',
      start: '2025-01-01',
      expiry: '2025-02-01',
    },
  ];
  return tiles.map((props, i) => ({ type: 'promo-tile', id: `${pageId}-promo-${i + 1}`, props }));
}

/** The car page block; used-car-only sites mention the 48 hour money-back guarantee (docs/cars.md, "Choices we made"). */
const carDetailBlock = (usedOnly: boolean) => ({
  type: 'car-detail',
  id: 'car-detail-main',
  props: usedOnly ? { moneyBackGuarantee: true } : {},
});

const files = () => siteFiles(sitesDir);
const templateOf = (doc: Json) => templateOfIn(sitesDir, doc);

let changedFiles = 0;
for (const file of files()) {
  const before = readFileSync(file, 'utf8');
  const doc = JSON.parse(before) as Json;
  if (!Array.isArray(doc.pages)) continue;
  const isTemplate = basename(dirname(file)) === 'templates';
  const base = isTemplate ? undefined : templateOf(doc);
  const features = featuresOf(doc, base);
  const region = regionOf(doc, base);
  const inherited = new Set<string>((base?.pages ?? []).map((p: Json) => p.id));
  const own = new Map<string, Page>((doc.pages as Page[]).map((p) => [p.id, p]));
  const has = (id: string) => own.has(id) || inherited.has(id);
  const usedOnly = Boolean(doc.search?.usedOnly ?? base?.search?.usedOnly);
  const checkoutPath = `/cars/:slug/${features.reserveRoute === 'buy-online' ? 'buy-online' : 'checkout'}`;

  // Pages the document has itself: car blocks in place.
  for (const page of doc.pages as Page[]) {
    if (page.id === 'car-detail') {
      page.blocks = [carDetailBlock(usedOnly)];
      page.title = 'Car details | {site}';
    }
    if (page.id === 'checkout') {
      page.path = checkoutPath;
      page.gate = 'sign-in';
      page.blocks = [{ type: 'car-checkout', id: 'car-checkout-main', props: {} }];
    }
    if (SEARCH_PAGES.includes(page.id)) {
      page.blocks = [
        ...page.blocks.filter((b) => b.type !== 'promo-tile'),
        ...promoTiles(region, page.id),
      ];
    }
  }

  // Pages it lacks (and does not inherit).
  const add = (page: Page) => {
    if (!has(page.id)) (doc.pages as Page[]).push(page);
  };
  add({
    id: 'car-detail',
    path: '/cars/:slug',
    title: 'Car details | {site}',
    blocks: [carDetailBlock(usedOnly)],
  });
  add({
    id: 'checkout',
    path: checkoutPath,
    title: 'Reserve online | {site}',
    gate: 'sign-in',
    blocks: [{ type: 'car-checkout', id: 'car-checkout-main', props: {} }],
  });
  if (features.watchlist)
    add({
      id: 'watchlist',
      path: '/watchlist',
      title: 'My watchlist | {site}',
      blocks: [{ type: 'watchlist', id: 'watchlist-main', props: {} }],
    });
  if (features.compare)
    add({
      id: 'compare',
      path: '/compare',
      title: 'Compare cars | {site}',
      blocks: [{ type: 'compare', id: 'compare-main', props: {} }],
    });
  if (features.favourites)
    add({
      id: 'favourites',
      path: '/favourites',
      title: 'My favourite cars | {site}',
      blocks: [{ type: 'favourites', id: 'favourites-main', props: {} }],
    });

  const after = `${JSON.stringify(doc, null, 2)}\n`;
  if (JSON.stringify(JSON.parse(after)) !== JSON.stringify(JSON.parse(before))) {
    changedFiles++;
    console.log(
      `${check ? 'would change' : 'updated'} ${file.startsWith(root) ? file.slice(root.length + 1) : file}`,
    );
    if (!check) writeFileSync(file, after);
  }
}
console.log(
  `${changedFiles} document${changedFiles === 1 ? '' : 's'} ${check ? 'would change' : 'changed'}`,
);
if (check && changedFiles) process.exit(1);
