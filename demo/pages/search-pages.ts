/**
 * npx tsx demo/pages/search-pages.ts [--check]
 *
 * Puts the search blocks on the demo sites' search pages (every sites/*.json and
 * sites/templates/*.json that has them):
 *   search             /search/new-used-and-demo-cars   stock search
 *   search-segment     /search/:segment                 stock search (type, make or body in the path)
 *   search-make-model  /search/:make/:model             stock search
 *   cars               /cars                            stock search (the listing route: filters in the query only)
 *   budget-finder      /budget-finder                   budget finder (page added when missing)
 *   dealer-search      /find-a-dealer                   dealer directory (sites with several dealerships; added when missing)
 *   model-search       /model-search                    model directory (sites whose dealerships sell new; added when missing)
 *
 * On those pages only the placeholder hero is replaced (a page that has its search block
 * keeps it, and keeps other blocks such as promo tiles); everything else in a document is
 * left as it is.
 * Sites that sell used cars only get no car-type filter. Run `npx tsx scripts/format-sites.ts`
 * and `npx tsx scripts/check-sites.ts` afterwards. With --check nothing is written and the
 * exit code says whether a document would change.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { siteFiles, templateOf as templateOfIn } from './site-files.ts';

const root = join(import.meta.dirname, '../..');
const sitesDir = process.env.FORECOURT_SITES_DIR ?? join(root, 'sites');
const check = process.argv.includes('--check');

type Json = Record<string, any>;

const SEARCH_PAGES: Record<string, string> = {
  search: 'search-results',
  'search-segment': 'search-segment-results',
  'search-make-model': 'search-make-model-results',
  cars: 'cars-results',
};

/** The default filters minus the car-type section (for sites showing used cars only). */
const USED_ONLY_FILTERS = [
  { attribute: 'make' },
  { attribute: 'price' },
  { attribute: 'year' },
  { attribute: 'km' },
  { attribute: 'simple_body' },
  { attribute: 'simple_fuel', open: false },
  { attribute: 'simple_transmission', open: false },
  { attribute: 'drive', open: false },
  { attribute: 'colour', open: false },
  { attribute: 'location_name', open: false, limit: 40 },
];

function searchBlock(pageId: string, doc: Json, base: Json | undefined): Json {
  const usedOnly = doc.search?.usedOnly ?? base?.search?.usedOnly ?? false;
  const props: Json = {};
  if (usedOnly) props.filters = USED_ONLY_FILTERS;
  return { type: 'search-page', id: SEARCH_PAGES[pageId], props };
}

const files = () => siteFiles(sitesDir);
const templateOf = (doc: Json) => templateOfIn(sitesDir, doc);

/** Pages a document has, or inherits from its template. */
function pageIds(doc: Json, base: Json | undefined): Set<string> {
  return new Set([...(doc.pages ?? []), ...(base?.pages ?? [])].map((p: Json) => p.id));
}

let changedFiles = 0;
for (const file of files()) {
  const before = readFileSync(file, 'utf8');
  const doc = JSON.parse(before) as Json;
  if (!Array.isArray(doc.pages)) continue;
  const base = templateOf(doc);
  const isTemplate = basename(dirname(file)) === 'templates';
  for (const page of doc.pages as Json[]) {
    if (!(page.id in SEARCH_PAGES)) continue;
    const blocks: Json[] = page.blocks ?? [];
    // A search page keeps its search block (and whatever else others put there, e.g. promo tiles);
    // a placeholder hero gives way to the search block.
    if (blocks.some((b) => b.type === 'search-page')) continue;
    const hero = blocks.findIndex((b) => b.type === 'hero');
    if (hero >= 0) blocks.splice(hero, 1, searchBlock(page.id, doc, base));
    else blocks.unshift(searchBlock(page.id, doc, base));
    page.blocks = blocks;
  }
  // The pages this script adds have the block as their only content: its heading is the page's h1.
  for (const page of doc.pages as Json[]) {
    if (
      ['budget-finder', 'dealer-search', 'model-search'].includes(page.id) &&
      page.blocks?.length === 1
    ) {
      page.blocks[0].props = { ...page.blocks[0].props, headingLevel: 1 };
    }
  }
  // An earlier run put the dealer directory on /dealerships, the content page of that name: move it.
  doc.pages = (doc.pages as Json[]).filter(
    (p) =>
      !(
        p.id === 'dealerships' &&
        p.blocks?.length === 1 &&
        p.blocks[0].type === 'dealer-directory'
      ),
  );
  const ids = pageIds(doc, base);
  const dealerships: Json[] = doc.dealerships ?? base?.dealerships ?? [];
  // Extra pages go on sites (not templates), unless the site or its template has them already.
  if (!isTemplate && ids.has('search')) {
    if (!ids.has('budget-finder')) {
      doc.pages.push({
        id: 'budget-finder',
        path: '/budget-finder',
        title: 'Find cars for your budget | {site}',
        description:
          'Work out what you can spend from a weekly repayment and deposit, and see the cars that fit.',
        blocks: [{ type: 'budget-finder', id: 'budget-finder-tool', props: { headingLevel: 1 } }],
      });
    }
    if (dealerships.length > 1 && !ids.has('dealer-search')) {
      doc.pages.push({
        id: 'dealer-search',
        path: '/find-a-dealer',
        title: 'Our dealerships | {site}',
        blocks: [
          { type: 'dealer-directory', id: 'dealer-directory-search', props: { headingLevel: 1 } },
        ],
      });
    }
    if (dealerships.some((d) => (d.manufacturers ?? []).length) && !ids.has('model-search')) {
      doc.pages.push({
        id: 'model-search',
        path: '/model-search',
        title: 'Find a model | {site}',
        blocks: [
          { type: 'model-directory', id: 'model-directory-search', props: { headingLevel: 1 } },
        ],
      });
    }
  }
  const after = `${JSON.stringify(doc, null, 2)}\n`;
  if (
    after !== before &&
    JSON.stringify(JSON.parse(after)) !== JSON.stringify(JSON.parse(before))
  ) {
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
