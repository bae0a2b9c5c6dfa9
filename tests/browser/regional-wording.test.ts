/**
 * The US and NZ demo sites speak their region (docs/regions.md): every page a visitor can
 * reach from the home page (one page per route of the site document, a few car pages, the
 * search page after its UI has loaded, and again after a filter, the sliders moved and a
 * search that finds nothing) is read in Chromium, its text, form labels and slider values
 * included, and any word on the region's list of wrong words fails the test with the page
 * and the words around it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { launch } from './chromium.ts';
import { routeOf } from './crawl-check.ts';
import { trackNetwork } from './waits.ts';

const base = inject('baseURL');
const root = join(import.meta.dirname, '../..');

/** Australian-only words: none may show on a US site. */
const NOT_US: RegExp[] = [
  /\bkilomet(?:re|er)s?\b/i,
  /\bkms?\b/i,
  /\bOdometer \(km\)/,
  /\bDrive away\b/, // the price qualifier; "ready to drive away" is plain English
  /\bdriveaway\b/i,
  /\bORC\b/,
  /\bon-road costs\b/i,
  /\bExcl\. gov\. charges\b/i,
  /\butes?\b/i,
  /\bpetrol\b/i,
  /\brego\b/i,
  /\bRegistration \(rego\)/i,
  /\bAustralia(?:n|-wide)?\b/i,
  /\btyres?\b/i,
  /\bcolours?\b/i,
  /\blicence\b/i,
  /\bcentres?\b/i,
  /\borganise\b/i,
  /\bauthorised\b/i,
  /\bfavourites?\b/i,
  /\bpersonalised\b/i,
  /\bPeople Movers?\b/i,
  /\bcaravans?\b/i, // a travel trailer
  /\bULP\b/,
  /\bstamp duty\b/i,
];

/** Words wrong in New Zealand: Australian places and charges, and US units, names and spelling. */
const NOT_NZ: RegExp[] = [
  /\bAustralia(?:n|-wide)?\b/i,
  /\bgov(?:\.|ernment) charges\b/i,
  /\bstamp duty\b/i,
  /\bmiles?\b/i,
  /\d\s?mi\b/,
  /\bmileage\b/i,
  /\bPickup Truck\b/i,
  /\bgasoline\b/i,
  /\blicense plate\b/i,
  /\bcolors?\b/i,
  /\bfavorites?\b/i,
  /\bpersonalized\b/i,
  /\btires?\b/i,
];

/** Labels that name the plate "Registration" (the US says license plate). */
const US_LABELS = ['Registration'];

/** Car pages read per site (car states differ: new, used, sold…); every other route once. */
const CAR_PAGES = 3;
const MAX_PAGES = 70;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

function pagePaths(slug: string): string[] {
  const read = (file: string) => JSON.parse(readFileSync(file, 'utf8'));
  const doc = read(join(root, 'sites', `${slug}.json`));
  const load = (name: string) => {
    const file = join(root, 'sites', 'templates', `${name}.json`);
    return existsSync(file) ? read(file) : undefined;
  };
  return (resolveTemplate(doc, load).doc.pages as { path: string }[]).map((p) => p.path);
}

/** What the visitor can read: the text of the page (collapsed sections and select options included), and its labels. */
async function readPage(page: Page): Promise<{ text: string; labels: string[]; links: string[] }> {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true) as HTMLElement;
    for (const el of body.querySelectorAll('script, style, noscript, template')) el.remove();
    // Slider values are read out (aria-valuetext), and buttons may carry their words as a value.
    const attrs = [
      ...document.querySelectorAll(
        '[placeholder], [aria-label], [title], img[alt], [aria-valuetext], input[type=submit], input[type=button]',
      ),
    ].map((el) =>
      ['placeholder', 'aria-label', 'title', 'alt', 'aria-valuetext', 'value']
        .map((a) => el.getAttribute(a) ?? '')
        .join(' '),
    );
    const text = `${body.textContent ?? ''} ${attrs.join(' ')}`;
    const labels = [...document.querySelectorAll('dt, label, th, legend, .fc-field__label')].map(
      (el) => (el.textContent ?? '').trim(),
    );
    const links = [...document.querySelectorAll('a[href]')].map(
      (a) => (a as HTMLAnchorElement).href,
    );
    return { text: text.replace(/\s+/g, ' '), labels, links };
  });
}

/** The results show no search in flight. */
const settled = () =>
  document.querySelector('.fc-search-page__results')?.getAttribute('aria-busy') === 'false';

/** Loads a page and waits for what a visitor would see: hydration, the search UI when there is one, and the data it fetches. */
async function visit(page: Page, url: string): Promise<void> {
  const network = trackNetwork(page);
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__forecourtHydrated, undefined, {
    timeout: 30_000,
  });
  const search = page.locator('.fc-search-page').first();
  if (await search.count()) {
    await search.hover();
    await page.waitForSelector('.fc-search-page[data-search-ready]', { timeout: 30_000 });
    await page.waitForFunction(settled);
  }
  await network.quiet(300, 10_000);
}

/** Waits for the search a buyer's action made to be on screen: its requests answered, the results settled. */
async function searched(page: Page, network: ReturnType<typeof trackNetwork>): Promise<void> {
  await network.quiet(300, 10_000);
  await page.waitForFunction(settled);
}

/** Uses the search page as a buyer would and reads it after each step (see scan). */
async function searchStates(page: Page): Promise<{ name: string; text: string }[]> {
  const states: { name: string; text: string }[] = [];
  const network = trackNetwork(page);
  const box = page
    .locator('.fc-search-page .fc-search-section input[type=checkbox]:visible')
    .first();
  if (await box.count()) {
    await box.check();
    await searched(page, network);
  }
  // Every slider's upper thumb one step down: the chips and values in the site's unit.
  for (const thumb of await page.locator('.fc-search-range__input--max').all()) {
    if (!(await thumb.isVisible())) continue;
    await thumb.focus();
    await page.keyboard.press('ArrowLeft');
  }
  await searched(page, network);
  // The search is remembered a moment after it settles: read the page once it is listed.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('.fc-search-history a')].some(
      (a) => a.href === location.href,
    ),
  );
  states.push({ name: 'refined', text: (await readPage(page)).text });
  await page.locator('.fc-search-box__input').fill('zzqxjv');
  await page.locator('.fc-search-box__input').press('Enter');
  await page.waitForURL(/query=zzqxjv/);
  // Nothing found, and the ways out with their counts shown.
  await page.waitForFunction(() => {
    const results = document.querySelector('.fc-search-page__results');
    return (
      results?.getAttribute('aria-busy') === 'false' &&
      !results.querySelector('.fc-car-card') &&
      !!document.querySelector('.fc-search-suggestions')
    );
  });
  states.push({ name: 'nothing found', text: (await readPage(page)).text });
  return states;
}

async function scan(
  slug: string,
  banned: RegExp[],
  bannedLabels: string[],
): Promise<{ problems: string[]; pages: string[] }> {
  const basePath = `/sites/${slug}`;
  const origin = new URL(base).origin;
  const paths = pagePaths(slug);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const queue = [`${origin}${basePath}/`];
  const seenRoutes = new Map<string, number>();
  const queued = new Set(queue);
  const problems: string[] = [];
  const pages: string[] = [];
  let searchUsed = false;
  while (queue.length && pages.length < MAX_PAGES) {
    const url = queue.shift()!;
    const path = new URL(url).pathname;
    const route = routeOf(path, basePath, paths);
    const limit = route.startsWith('/cars/') ? CAR_PAGES : 1;
    if ((seenRoutes.get(route) ?? 0) >= limit) continue;
    seenRoutes.set(route, (seenRoutes.get(route) ?? 0) + 1);
    await visit(page, url);
    pages.push(path);
    const { text, labels, links } = await readPage(page);
    // The search UI's words that only show once the buyer uses it: chips and recent searches
    // after a filter, a slider moved, the nothing-found text and its suggestions.
    if (!searchUsed && (await page.locator('.fc-search-page[data-search-ready]').count())) {
      searchUsed = true;
      for (const state of await searchStates(page)) {
        for (const re of banned) {
          const m = re.exec(state.text);
          if (m)
            problems.push(
              `${path} (${state.name}): ${re} in “…${state.text.slice(Math.max(0, m.index - 50), m.index + 50).trim()}…”`,
            );
        }
      }
    }
    for (const re of banned) {
      const m = re.exec(text);
      if (m)
        problems.push(
          `${path}: ${re} in “…${text.slice(Math.max(0, m.index - 50), m.index + 50).trim()}…”`,
        );
    }
    for (const label of labels.filter((l) => bannedLabels.includes(l)))
      problems.push(`${path}: label “${label}”`);
    for (const href of links) {
      const u = new URL(href);
      if (u.origin !== origin || !u.pathname.startsWith(`${basePath}/`)) continue;
      const next = `${origin}${u.pathname}`;
      if (/\.(pdf|svg|png|jpe?g|webp|xml|txt)$/.test(u.pathname) || queued.has(next)) continue;
      queued.add(next);
      queue.push(next);
    }
  }
  await context.close();
  return { problems, pages };
}

describe('regional wording', () => {
  it(
    'the US demo site shows no Australian-only word on any page',
    { timeout: 600_000 },
    async () => {
      const { problems, pages } = await scan('lakeside-chevrolet', NOT_US, US_LABELS);
      // The crawl reached the pages that carry regional words: search, a car, the forms.
      expect(pages).toEqual(
        expect.arrayContaining([
          '/sites/lakeside-chevrolet/',
          '/sites/lakeside-chevrolet/trade-in',
          '/sites/lakeside-chevrolet/service',
        ]),
      );
      expect(pages.some((p) => p.includes('/cars/'))).toBe(true);
      expect(pages.some((p) => p.includes('/search/') || p.endsWith('/cars'))).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it(
    'the NZ demo site shows no word wrong for New Zealand on any page',
    { timeout: 600_000 },
    async () => {
      const { problems, pages } = await scan('kiwi-car-yard', NOT_NZ, []);
      expect(pages.some((p) => p.includes('/cars/'))).toBe(true);
      expect(problems).toEqual([]);
    },
  );

  it('the lists catch the words the US site showed before its wording was regional', () => {
    const before =
      'Kilometres up to 261,000 mi · $39,990 Drive away · $30,990 + ORC · Ute · Petrol · Odometer (km) · We deliver Australia-wide · tyre';
    const caught = NOT_US.filter((re) => re.test(before)).map(String);
    expect(caught).toEqual(
      expect.arrayContaining([
        '/\\bkilomet(?:re|er)s?\\b/i',
        '/\\bDrive away\\b/',
        '/\\bORC\\b/',
        '/\\butes?\\b/i',
        '/\\bpetrol\\b/i',
        '/\\bOdometer \\(km\\)/',
        '/\\bAustralia(?:n|-wide)?\\b/i',
        '/\\btyres?\\b/i',
      ]),
    );
    expect(NOT_US.some((re) => re.test('the stock we have ready to drive away'))).toBe(false);
  });
});
