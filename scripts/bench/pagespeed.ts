/**
 * Page speed of the production build (docs/search-ui.md, "What ships when"): each demo
 * site's home, search and car-detail pages, each run 3 times through Lighthouse 12 (one
 * mobile profile: its default emulation and simulated throttling, Debian Chromium), every
 * category, the median of the runs printed with their spread; beside it the JavaScript a
 * buyer's first use of the page fetches, measured in a real browser
 * (scripts/bench/js-after-use.ts), and everything the page could ever load (the static
 * figure of scripts/bench/page-weight.ts) as its peer.
 *
 * Aims: JS after use ≤ 120 KB gzip on every page; accessibility and SEO 100 on search
 * pages; performance ≥ 95 and CLS < 0.05 on every page (docs/decisions.md, "Documents and
 * rendering"). Scores depend on the machine: the load average is printed with them.
 *
 * Then a search page and a car page whose cars carry 4032 × 3024 camera originals against the
 * same pages with the demo's drawings (pagespeed-photos.ts): performance ≥ 95, LCP within
 * 1.2×, first-screen images ≤ 150 KB on a 390 px phone; on gold-coast-ford, or the
 * PAGESPEED_SITES given.
 *
 * PAGESPEED_SITES=slug,slug narrows the sites; PAGESPEED_RUNS sets the runs (3);
 * PAGESPEED_ONLY=photos measures only the camera photos against the drawings.
 */
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { launch } from '../../tests/browser/chromium.ts';
import { pageAt } from '../../blocks/_shared/page-at.ts';
import { measureJsAfterUse } from './js-after-use.ts';
import { photoReport, photoRows, type PhotoRow } from './pagespeed-photos.ts';
import { createPageWeigher, demoSites, PAGE_JS_AIM_GZIP } from './page-weight.ts';
import { startBenchServer } from './serve.ts';

const RUNS = Number(process.env.PAGESPEED_RUNS ?? 3);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const PAGES = [
  { kind: 'home', path: '/' },
  { kind: 'search', path: '/search/new-used-and-demo-cars' },
  { kind: 'car', path: '/cars/:slug' },
] as const;
const AIMS = {
  performance: 95,
  cls: 0.05,
  searchAccessibility: 100,
  searchSeo: 100,
  jsAfterUseKB: PAGE_JS_AIM_GZIP / 1024,
};

interface Row {
  site: string;
  kind: string;
  path: string;
  /** Per category: the median score and the lowest and highest of the runs. */
  scores: Record<(typeof CATEGORIES)[number], { median: number; min: number; max: number }>;
  lcp: number;
  tbt: number;
  cls: number;
  /** JavaScript transferred while Lighthouse loaded the page (median), KB. */
  jsLoadKB: number;
  /** Gzipped JavaScript after use in the browser, KB. */
  jsAfterUseKB: number;
  /** Everything the page's blocks could load (static), KB. */
  jsCeilingKB: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One in-stock car of the site, asked with the site's own search key (engine/search/public-access.ts). */
async function someCar(base: string, slug: string): Promise<string> {
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    headers: { 'X-Algolia-API-Key': `site.${slug}` },
    body: JSON.stringify({
      hitsPerPage: 1,
      filters: 'status:in_stock',
      attributesToRetrieve: ['slug'],
    }),
  });
  const body = (await res.json()) as { hits?: { slug: string }[] };
  if (!body.hits?.[0]) throw new Error(`no car in stock for ${slug}`);
  return body.hits[0].slug;
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; details?: unknown }>;
};

function jsTransferred(lhr: Lhr): number {
  const items =
    (
      lhr.audits['network-requests']?.details as
        { items?: { resourceType?: string; transferSize?: number }[] } | undefined
    )?.items ?? [];
  return items
    .filter((r) => r.resourceType === 'Script')
    .reduce((s, r) => s + (r.transferSize ?? 0), 0);
}

export async function run(): Promise<string> {
  const only = process.env.PAGESPEED_SITES?.split(',').filter(Boolean);
  const photosOnly = process.env.PAGESPEED_ONLY === 'photos';
  const sites = photosOnly ? [] : demoSites().filter((s) => !only || only.includes(s.slug));
  const server = await startBenchServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
  const browser = await launch();
  const weigh = createPageWeigher(join(server.dist, 'client'));
  const rows: Row[] = [];
  let photos: PhotoRow[] = [];
  const load = [loadavg()[0]];
  try {
    for (const site of sites) {
      for (const { kind, path } of PAGES) {
        const page = pageAt(site.pages, path);
        if (!page) continue;
        const address = path.includes(':slug')
          ? path.replace(':slug', await someCar(server.url, site.slug))
          : path;
        const url = `${server.url}/sites/${site.slug}${address}`;
        const runs: Lhr[] = [];
        for (let i = 0; i < RUNS; i++) {
          const result = await lighthouse(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: [...CATEGORIES],
          });
          runs.push(result!.lhr as unknown as Lhr);
          load.push(loadavg()[0]);
        }
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          isMobile: true,
          hasTouch: true,
        });
        const used = await measureJsAfterUse(await context.newPage(), url).finally(() =>
          context.close(),
        );
        const scoreOf = (category: string) =>
          runs.map((r) => Math.round((r.categories[category]?.score ?? 0) * 100));
        const metric = (id: string) => median(runs.map((r) => r.audits[id]?.numericValue ?? NaN));
        rows.push({
          site: site.slug,
          kind,
          path,
          scores: Object.fromEntries(
            CATEGORIES.map((c) => {
              const s = scoreOf(c);
              return [c, { median: median(s), min: Math.min(...s), max: Math.max(...s) }];
            }),
          ) as Row['scores'],
          lcp: metric('largest-contentful-paint'),
          tbt: metric('total-blocking-time'),
          cls: metric('cumulative-layout-shift'),
          jsLoadKB: median(runs.map(jsTransferred)) / 1024,
          jsAfterUseKB: used.afterBytes / 1024,
          jsCeilingKB: weigh(site, page).afterBytes / 1024,
        });
      }
    }
    photos = await photoRows({
      server,
      sites: only ?? ['gold-coast-ford'],
      runs: RUNS,
      chromePort: chrome.port,
      browser,
    });
    load.push(loadavg()[0]);
  } finally {
    await browser.close();
    await chrome.kill();
    await server.stop();
  }
  return [...(photosOnly ? [] : [report(rows, load)]), ...photoReport(photos)].join('\n');
}

function report(rows: Row[], load: number[]): string {
  const score = (s: { median: number; min: number; max: number }) =>
    (s.min === s.max ? String(s.median) : `${s.median} (${s.min}–${s.max})`).padStart(12);
  const header = `${'page'.padEnd(30)} ${'perf'.padStart(12)} ${'a11y'.padStart(12)} ${'best pr.'.padStart(12)} ${'SEO'.padStart(12)} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS load'.padStart(8)} ${'JS used'.padStart(8)} ${'JS all'.padStart(7)}`;
  const lines = rows.map(
    (r) =>
      `${`${r.site} ${r.kind}`.padEnd(30)} ${score(r.scores.performance)} ${score(r.scores.accessibility)} ${score(r.scores['best-practices'])} ${score(r.scores.seo)} ${r.lcp.toFixed(0).padStart(7)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${r.jsLoadKB.toFixed(1).padStart(8)} ${r.jsAfterUseKB.toFixed(1).padStart(8)} ${r.jsCeilingKB.toFixed(1).padStart(7)}`,
  );
  const search = rows.filter((r) => r.kind === 'search');
  const verdict = (
    label: string,
    aim: string,
    misses: Row[],
    figure: (r: Row) => string,
    pool: Row[],
  ) =>
    `${label.padEnd(34)} aim ${aim.padEnd(9)} ${misses.length ? 'MISSES' : 'meets '}  ${pool.map((r) => `${r.site} ${r.kind} ${figure(r)}`).join(', ')}`;
  const worst = (pool: Row[], key: (r: Row) => number, n = 4) =>
    [...pool].sort((a, b) => key(b) - key(a)).slice(0, n);
  const jsMisses = rows.filter((r) => r.jsAfterUseKB > AIMS.jsAfterUseKB);
  return [
    `Lighthouse 12, mobile (default emulation, simulated throttling), median of ${RUNS} runs (lowest–highest when they differ); production build on localhost, Debian Chromium.`,
    `Machine load average (1 min) during the runs: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)} on ${availableParallelism()} cores: performance scores fall with it; the other categories do not.`,
    'JS load: script bytes transferred (brotli) while Lighthouse loads the page. JS used: gzip KB after a buyer starts using it (pointer, scroll, key; typed word and filter on search). JS all: every chunk the page could load, dialogs included (its ceiling).',
    header,
    ...lines,
    '',
    verdict(
      'JS after use ≤ 120 KB (every page)',
      `${AIMS.jsAfterUseKB} KB`,
      jsMisses,
      (r) => `${r.jsAfterUseKB.toFixed(1)} KB`,
      jsMisses.length
        ? worst(jsMisses, (r) => r.jsAfterUseKB)
        : worst(rows, (r) => r.jsAfterUseKB, 1),
    ),
    verdict(
      'Accessibility 100 (search pages)',
      '100',
      search.filter((r) => r.scores.accessibility.median < AIMS.searchAccessibility),
      (r) => String(r.scores.accessibility.median),
      search,
    ),
    verdict(
      'SEO 100 (search pages)',
      '100',
      search.filter((r) => r.scores.seo.median < AIMS.searchSeo),
      (r) => String(r.scores.seo.median),
      search,
    ),
    verdict(
      'Performance ≥ 95 (every page)',
      '95',
      rows.filter((r) => r.scores.performance.median < AIMS.performance),
      (r) => String(r.scores.performance.median),
      worst(rows, (r) => -r.scores.performance.median),
    ),
    verdict(
      'CLS < 0.05 (every page)',
      '0.05',
      rows.filter((r) => r.cls >= AIMS.cls),
      (r) => r.cls.toFixed(3),
      worst(rows, (r) => r.cls, 1),
    ),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
