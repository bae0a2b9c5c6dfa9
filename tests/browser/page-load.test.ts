/**
 * How a dealer page loads (speed; docs/decisions.md, "Documents and rendering"): stylesheets inline in the document (no
 * render-blocking requests), built files sent pre-compressed, and the search UI's code
 * fetched only when the visitor starts using the page — with nothing they do before that
 * lost.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { animationFrames } from './waits.ts';

const base = inject('baseURL');
const SEARCH = `${base}/sites/gold-coast-ford/search/new-used-and-demo-cars`;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

async function open(
  url: string,
): Promise<{ page: Page; errors: string[]; scripts: string[]; styles: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  const scripts: string[] = [];
  const styles: string[] = [];
  page.on('request', (r) => {
    const file = new URL(r.url()).pathname.split('/').pop()!;
    if (file.endsWith('.js')) scripts.push(file);
    if (file.endsWith('.css')) styles.push(file);
  });
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  await page.waitForLoadState('networkidle');
  return { page, errors, scripts, styles };
}

describe('stylesheets', () => {
  it('are carried in the document, each marked so client-side navigation does not load it again', async () => {
    const html = await (await fetch(SEARCH)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    const inline = [...head.matchAll(/<style data-href="([^"]+)">/g)].map((m) => m[1]);
    const links = [
      ...head.matchAll(/<link rel="stylesheet"( type="[^"]+")? href="([^"]+)"( disabled)?>/g),
    ];
    expect(inline.length).toBeGreaterThan(3);
    // No stylesheet the browser must fetch before it can paint: each marker link has a type
    // no browser styles with (so it is never fetched) and is disabled.
    expect(links.filter((l) => l[1] !== ' type="text/x-forecourt-inlined"' || !l[3])).toEqual([]);
    expect(links.map((l) => l[2])).toEqual(inline);
    // The lazily hydrated search UI is in the server HTML, so its styles (the car cards') are too.
    expect(head).toMatch(/\.fc-car-card\b/);
  });

  it('a page loads no stylesheet files, and client-side navigation adds only the ones it lacks, once', async () => {
    const { page, errors, styles } = await open(`${base}/sites/gold-coast-ford/`);
    expect(styles).toEqual([]);
    await page.evaluate(() => {
      const link = [...document.querySelectorAll('a')].find((a) =>
        a.getAttribute('href')?.includes('/search/'),
      );
      link!.click();
    });
    await page.waitForURL(/\/search\//);
    await page.locator('.fc-search-page').waitFor();
    await page.waitForLoadState('networkidle');
    expect(styles.length).toBeGreaterThan(0);
    expect(new Set(styles).size).toBe(styles.length);
    const inlined = await page.evaluate(() =>
      [...document.querySelectorAll('style[data-href]')].map((s) =>
        s.getAttribute('data-href')!.split('/').pop(),
      ),
    );
    expect(styles.filter((s) => inlined.includes(s))).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('scripts', () => {
  it("are asked for after the page's first paint, except its small start script, and the page hydrates", async () => {
    const CAR = `${base}/sites/gold-coast-ford/cars`;
    for (const url of [SEARCH, `${base}/sites/gold-coast-ford/`, CAR]) {
      const { page, errors } = await open(url);
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        scripts: performance
          .getEntriesByType('resource')
          .filter((r) => new URL(r.name).pathname.endsWith('.js'))
          .map((r) => ({ file: new URL(r.name).pathname, at: r.startTime })),
      }));
      const start = await page.getAttribute('script[data-fc-entry]', 'src');
      expect(start, url).toMatch(/^\/build\/start-[\w-]+\.js$/);
      expect(paint, url).toBeGreaterThan(0);
      const others = scripts.filter((s) => s.file !== start);
      expect(others.length, url).toBeGreaterThan(3);
      expect(
        others.filter((s) => s.at < paint!),
        url,
      ).toEqual([]);
      expect(errors, url).toEqual([]);
      await page.close();
    }
  });
});

describe('built files', () => {
  it('are sent pre-compressed: brotli when the browser takes it, else gzip, cached for good', async () => {
    const html = await (await fetch(SEARCH)).text();
    const entry = html.match(/ data-fc-entry="([^"]+)"/)![1];
    const br = await fetch(base + entry, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('cache-control')).toContain('immutable');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    const gz = await fetch(base + entry, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    // fetch decodes both: the same module either way.
    expect(await br.text()).toBe(await gz.text());
  });
});

describe('the search UI loads when the visitor starts using the page', () => {
  it('is not downloaded by a visitor who only reads', async () => {
    const { page, errors, scripts } = await open(SEARCH);
    // open() waited for hydration and network idle: the wrapper's only unprompted start (a remembered visitor) is an effect of hydration, and its request would have kept the network busy.
    await animationFrames(page);
    expect(scripts.some((s) => s.startsWith('SearchPageApp'))).toBe(false);
    expect(await page.locator('[data-search-ready]').count()).toBe(0);
    // The server HTML is complete: cars and filters are on the page.
    expect(await page.locator('article.fc-car-card').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('starts loading when the pointer comes over the block', async () => {
    const { page, errors } = await open(SEARCH);
    await page.locator('.fc-search-page__heading').hover();
    await page.locator('.fc-search-page[data-search-ready="true"]').waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a filter clicked before the UI is there is applied once it is (nothing the visitor did is lost)', async () => {
    const { page, errors } = await open(SEARCH);
    const box = page.locator('.fc-search-page__filters input[type="checkbox"]').first();
    const label = (await box.evaluate((el) => el.closest('label')!.textContent))!;
    // A bare click event (no pointer movement first, like assistive technology sends).
    await box.evaluate((el: HTMLInputElement) => el.click());
    // Held, not half-done: the box does not flip without a search behind it.
    expect(await box.isChecked()).toBe(false);
    await page.locator('.fc-search-page[data-search-ready="true"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => box.isChecked(), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => page.url(), { timeout: 10_000 }).not.toBe(SEARCH);
    const chips = await page.locator('.fc-search-chip').allTextContents();
    expect(chips.join(' ')).toContain(label.replace(/\d+$/, '').trim());
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("a car page's main image", () => {
  it('is asked for first (a preload at the top of <head>) and fetched once', async () => {
    const res = await fetch(`${base}/1/indexes/Car_production/query`, {
      method: 'POST',
      body: JSON.stringify({
        filters: 'dealership_slug:"nerang-ford" AND status:in_stock AND photos_count > 0',
        hitsPerPage: 1,
        attributesToRetrieve: ['slug'],
      }),
    });
    const slug = ((await res.json()) as { hits: { slug: string }[] }).hits[0].slug;
    const url = `${base}/sites/gold-coast-ford/cars/${slug}`;
    const html = await (await fetch(url)).text();
    const preload = /<link rel="preload" as="image" href="([^"]+)"[^>]*>/.exec(html);
    expect(preload).not.toBeNull();
    expect(html.indexOf(preload![0])).toBeLessThan(html.indexOf('<style'));
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 2,
    });
    const errors = watchErrors(page);
    const photos: string[] = [];
    page.on('request', (r) => r.url().includes('/assets/cars/') && photos.push(r.url()));
    await page.goto(url, { waitUntil: 'networkidle' });
    const shown = await page
      .locator('.fc-gallery__main img')
      .evaluate((img: HTMLImageElement) => img.currentSrc);
    // The photo the gallery shows is the one preloaded, and it was not fetched a second time.
    expect(photos.filter((p) => p === shown)).toHaveLength(1);
    // …and no other size of it either (the preload's srcset chose what the <img> chose); its
    // thumbnail below is a size of its own.
    const thumbnails = await page
      .locator('.fc-gallery__thumbs img')
      .evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).currentSrc));
    const large = photos.filter(
      (p) => new URL(p).pathname === new URL(shown).pathname && !thumbnails.includes(p),
    );
    expect(large).toEqual([shown]);
    expect(new URL(shown).pathname).toBe(
      new URL(preload![1].replace(/&amp;/g, '&'), base).pathname,
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a search page it is the first car's photo, and on a home page the hero's", async () => {
    const head = async (url: string) => {
      const html = await (await fetch(url)).text();
      return {
        html,
        preload: /<link rel="preload" as="image" href="([^"]+)"[^>]*>/.exec(
          html.slice(0, html.indexOf('</head>')),
        ),
      };
    };
    const search = await head(SEARCH);
    const firstCard =
      /<article class="fc-car-card[^"]*"[^>]*>[\s\S]*?(<img[^>]* src="([^"]+)"[^>]*>)/.exec(
        search.html,
      )!;
    expect(search.preload?.[1]).toBe(firstCard[2]);
    // The same widths for the same layout (the compact card's on a phone), or a browser fetches it twice.
    const attr = (tag: string, name: string) =>
      new RegExp(` ${name}="([^"]+)"`, 'i').exec(tag)?.[1];
    expect(attr(search.preload![0], 'imagesizes')).toBe(attr(firstCard[1], 'sizes'));
    expect(attr(search.preload![0], 'imagesizes')).toMatch(/ 40vw$/);
    expect(attr(search.preload![0], 'imagesrcset')).toBe(attr(firstCard[1], 'srcset'));
    const home = await head(`${base}/sites/gold-coast-ford/`);
    const hero = /<img class="fc-hero__image"[^>]* src="([^"]+)"/.exec(home.html)!;
    expect(home.preload?.[1]).toBe(hero[1]);
  });
});
