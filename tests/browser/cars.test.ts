/**
 * Car cards, the car page and visitor actions in Chromium against the real server (search,
 * API and a temporary database), on two demo sites with different switches:
 *  - gold-coast-ford (Ford template): reserve buttons, "Get Pre-Approved Now", favourites,
 *    compare, runout sale tags in green;
 *  - southern-motor-group: electric/hybrid labels, "Reserved" wording, certified Toyotas,
 *    /apply-for-finance, favourites without compare.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { signInWithCode } from './sign-in.ts';

const base = inject('baseURL');
let browser: Browser;

interface Hit {
  objectID: string;
  slug: string;
  name: string;
  price: number;
  stocknum: string;
  car_type: string;
  tag: string | null;
}

async function findCar(filters: string): Promise<Hit> {
  const res = await fetch(`${base}/1/indexes/Car_production/query`, {
    method: 'POST',
    body: JSON.stringify({
      filters,
      hitsPerPage: 1,
      attributesToRetrieve: ['slug', 'name', 'price', 'stocknum', 'car_type', 'tag'],
    }),
  });
  const body = (await res.json()) as { hits?: Hit[] };
  if (!body.hits?.[0])
    throw new Error(`no car for ${filters}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
  return body.hits[0];
}

const AVAILABLE =
  'status:in_stock AND show_on_dealer_website:true AND reserved:false AND price > 1000 AND photos_count > 0';

async function open(path: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = watchErrors(page);
  await page.goto(`${base}${path}`);
  await page.waitForFunction(
    () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
  );
  return { page, errors };
}

/** The card of one car in the search results (searched by its stock number). */
async function openCard(site: string, car: Hit) {
  const { page, errors } = await open(
    `/sites/${site}/search/new-used-and-demo-cars?query=${car.stocknum}`,
  );
  const card = page.locator(`article.fc-car-card[data-car-id="${car.objectID}"]`);
  await card.waitFor();
  return { page, errors, card };
}

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('car cards', () => {
  it('gold-coast-ford: runout sale tag in green, Reserve Now $200 and Get Pre-Approved Now', async () => {
    const car = await findCar(
      `dealership_slug:gold-coast-ford AND ${AVAILABLE} AND tag:"runout sale" AND NOT simple_fuel:Electric`,
    );
    const { page, card, errors } = await openCard('gold-coast-ford', car);
    const tag = card.locator('.fc-car-tag');
    expect(await tag.textContent()).toBe('runout sale');
    expect(await tag.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
      'rgb(26, 127, 55)',
    );
    const buttons = await card.locator('[data-button]').allTextContents();
    expect(buttons.map((b) => b.replace(/ of the .*/, ''))).toEqual([
      'View Details',
      'Enquire Now',
      'Book a Test Drive',
      'Get Pre-Approved Now',
      'Reserve Now $200',
    ]);
    expect(await card.locator('[data-button="finance"]').getAttribute('href')).toBe(
      `/sites/gold-coast-ford/finance-enquiry?preferredDealership=gold-coast-ford&vehiclePriceBudget=${car.price}&car_id=${car.objectID}&car_type=${car.car_type}#finance-form`,
    );
    expect(await card.locator('[data-button="reserve"]').getAttribute('href')).toBe(
      `/sites/gold-coast-ford/cars/${car.slug}/checkout`,
    );
    expect(await card.locator('img').first().getAttribute('srcset')).toContain('640w');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('southern-motor-group: the hybrid label wins, no reserve button, finance to /apply-for-finance, no compare', async () => {
    const car = await findCar(
      `dealership_slug:southern-toyota AND ${AVAILABLE} AND simple_fuel:Hybrid AND NOT tag:"Test Drive Only"`,
    );
    const { page, card, errors } = await openCard('southern-motor-group', car);
    expect(await card.locator('.fc-car-tag').textContent()).toBe('Hybrid');
    const buttons = await card
      .locator('[data-button]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-button')));
    expect(buttons).toEqual(['viewDetails', 'enquire', 'testDrive', 'finance']);
    expect(await card.locator('[data-button="finance"]').getAttribute('href')).toMatch(
      /^\/sites\/southern-motor-group\/apply-for-finance\?/,
    );
    expect(await card.locator('[data-action="compare"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Enquire Now opens the enquiry form in a modal dialog, Escape closes it', async () => {
    const car = await findCar(
      `dealership_slug:southern-mazda AND ${AVAILABLE} AND NOT tag:"Test Drive Only"`,
    );
    const { page, card } = await openCard('southern-motor-group', car);
    const button = card.getByRole('button', { name: 'Enquire Now' });
    await button.click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(car.name);
    expect(await dialog.locator('form').count()).toBe(1);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Enquire Now');
    await page.close();
  });

  it('a favourite survives a reload', async () => {
    const car = await findCar(`dealership_slug:nerang-ford AND ${AVAILABLE}`);
    const { page, card } = await openCard('gold-coast-ford', car);
    const heart = card.locator('[data-action="favourite"]');
    expect(await heart.getAttribute('aria-pressed')).toBe('false');
    // The first click on the page also brings in the search UI (lazy-block.tsx), then applies.
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed'), { timeout: 10_000 }).toBe('true');
    expect(
      await page.evaluate(() =>
        (window.dataLayer as { event_id?: number }[]).some((e) => e.event_id === 39),
      ),
    ).toBe(true);
    // A returning visitor with saved cars gets the UI at once: the heart is filled without
    // touching the page (remembered.ts).
    await page.reload();
    await page.waitForFunction(
      () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
    );
    await page.waitForFunction(
      (id) =>
        document
          .querySelector(`article[data-car-id="${id}"] [data-action="favourite"]`)
          ?.getAttribute('aria-pressed') === 'true',
      car.objectID,
    );
    // And the favourites page lists it.
    await page.goto(`${base}/sites/gold-coast-ford/favourites`);
    await page.locator(`article[data-car-id="${car.objectID}"]`).waitFor();
    await page.close();
  });
});

describe('visitor actions', () => {
  it('watchlist: a visitor who is not signed in goes to sign-in; signed in, Save shows the toast and is still saved after a reload', async () => {
    const car = await findCar(`dealership_slug:southern-hyundai AND ${AVAILABLE}`);
    const path = `/cars/${car.slug}`;
    const { page, errors } = await open(`/sites/southern-motor-group${path}`);
    await page.getByRole('button', { name: /Save to watchlist/ }).click();
    await page.waitForURL(/\/sign-in\?/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/sites/southern-motor-group/sign-in');
    expect(url.searchParams.get('type')).toBe('watchlist');
    expect(url.searchParams.get('redirect')).toBe(path);
    expect(url.searchParams.get('back')).toBe(path);
    await signInWithCode(page, inject('dataDir'), '0412 345 678');
    await page.waitForURL(new RegExp(`${car.slug}$`));
    const save = page.getByRole('button', { name: /Save to watchlist/ });
    await save.click();
    await page.getByText('Car Saved In Watchlist').waitFor();
    expect(await page.getByText(`${car.name} is now available in your watchlist`).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'View List' }).getAttribute('href')).toBe(
      '/sites/southern-motor-group/watchlist',
    );
    await page.reload();
    await page.waitForFunction(
      () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
    );
    await page.getByRole('button', { name: /Saved to watchlist/ }).waitFor();
    await page.goto(`${base}/sites/southern-motor-group/watchlist`);
    await page.locator(`article[data-car-id="${car.objectID}"]`).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('phone reveal: masked, revealed on click, and recorded', async () => {
    const car = await findCar(`dealership_slug:southern-toyota AND ${AVAILABLE}`);
    const { page } = await open(`/sites/southern-motor-group/cars/${car.slug}`);
    const masked = await page.locator('.fc-phone-reveal__number').textContent();
    expect(masked).toMatch(/^.{5}\*+$/);
    const recorded = page.waitForRequest(
      (r) => r.url().endsWith('/api/phone-reveals') && r.method() === 'POST',
    );
    await page.getByRole('button', { name: 'Show phone number' }).click();
    const request = await recorded;
    expect(request.postDataJSON()).toMatchObject({ car_id: Number(car.objectID), website_id: 202 });
    const link = page.locator('a.fc-phone-reveal__number');
    expect(await link.getAttribute('href')).toMatch(/^tel:\d+$/);
    expect((await link.textContent())!.slice(0, 5)).toBe(masked!.slice(0, 5));
    await page.close();
  });
});

describe('car page', () => {
  it('tabs work by keyboard and the spec list shows more', async () => {
    const car = await findCar(`dealership_slug:gold-coast-ford AND ${AVAILABLE} AND item_type:car`);
    const { page, errors } = await open(`/sites/gold-coast-ford/cars/${car.slug}`);
    const tabs = page.getByRole('tab');
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    await tabs.first().focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("What's Included");
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true');
    expect(await page.getByRole('tabpanel').textContent()).toContain('pre-delivery inspection');
    const specs = page.locator('section', {
      has: page.getByRole('heading', { name: 'All Specifications' }),
    });
    expect(await specs.locator('dt').count()).toBe(4);
    await specs.getByRole('button', { name: /Show More/ }).click();
    expect(await specs.locator('dt').count()).toBeGreaterThan(4);
    expect(
      await specs.getByRole('button', { name: /Show Less/ }).getAttribute('aria-expanded'),
    ).toBe('true');
    // Gallery by keyboard.
    const gallery = page.getByRole('region', { name: /Photos of/ });
    await gallery.getByRole('button', { name: 'Next photo' }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await gallery.locator('.fc-gallery__count').textContent()).toMatch(/^2 \/ /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('View Details on a search result opens the car page on the client (no reload), with its title', async () => {
    const { page, errors } = await open('/sites/lakeside-chevrolet/search/used-cars');
    // The search UI hydrates on the visitor's first use of the page: this click loads it and
    // is then handled by it (blocks/_search/lazy-block.tsx), so it navigates on the client.
    await page.evaluate(() => ((window as unknown as { __marker?: number }).__marker = 1));
    const card = page.locator('article.fc-car-card').first();
    const name = (await card.locator('h3').textContent())!;
    await card.getByRole('link', { name: /View Details/ }).click();
    await page.locator('h1', { hasText: name }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(
      1,
    );
    expect(await page.title()).toContain(`${name} – $`);
    expect(await page.locator('.fc-key-info').textContent()).toMatch(/ mi/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the HTML (no JavaScript) has the name, price, photos and valid schema.org Car JSON-LD; a missing car is 404', async () => {
    const car = await findCar(`dealership_slug:southern-toyota AND ${AVAILABLE}`);
    const res = await fetch(`${base}/sites/southern-motor-group/cars/${car.slug}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const body = html.slice(html.indexOf('<body'), html.indexOf('<script id='));
    expect(body).toContain(`>${car.name}</h1>`);
    const price = new Intl.NumberFormat('en-AU', {
      style: 'currency',
      currency: 'AUD',
      maximumFractionDigits: 0,
    }).format(car.price);
    expect(body).toContain(price);
    // A drawn photo, or a camera photo for the first cars of a dealership (docs/cars.md, "Demo photos").
    expect(body).toMatch(
      new RegExp(
        `<img[^>]+src="/assets/cars/${car.objectID}/1(\\.svg|-[0-9a-f]{12}-c[0-9a-f]{6}\\.jpg)`,
      ),
    );
    expect(html).toContain(`<title>${car.name} – ${price} | Southern Motor Group</title>`);
    expect(html).toContain(
      `<link rel="canonical" href="${base}/sites/southern-motor-group/cars/${car.slug}">`,
    );
    expect(html).toContain('<meta property="og:type" content="product">');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]),
    );
    const ld = blocks.find((b) => b['@type'] === 'Car');
    expect(ld).toMatchObject({
      '@context': 'https://schema.org',
      name: car.name,
      offers: {
        '@type': 'Offer',
        price: car.price,
        priceCurrency: 'AUD',
        seller: { '@type': 'AutoDealer' },
      },
    });
    expect(typeof ld.model).toBe('string');
    expect(ld.mileageFromOdometer.unitCode).toBe('KMT');
    expect(ld.vehicleIdentificationNumber).toMatch(/^[A-HJ-NPR-Z0-9]{17}$/);
    expect(ld.url).toBe(`${base}/sites/southern-motor-group/cars/${car.slug}`);

    const missing = await fetch(`${base}/sites/southern-motor-group/cars/no-such-car-999999`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Like this and want something similar?');
  });

  it('the PDF downloads as {slug}.pdf', async () => {
    const car = await findCar(`dealership_slug:gold-coast-ford AND ${AVAILABLE}`);
    const { page } = await open(`/sites/gold-coast-ford/cars/${car.slug}`);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toBe(`${car.slug}.pdf`);
    await page.close();
  });

  it('compare shows the picked cars side by side', async () => {
    const a = await findCar(`dealership_slug:gold-coast-ford AND ${AVAILABLE} AND car_type:new`);
    const b = await findCar(`dealership_slug:gold-coast-ford AND ${AVAILABLE} AND car_type:used`);
    const { page } = await open(`/sites/gold-coast-ford/cars/${a.slug}`);
    await page.getByRole('button', { name: /^Compare/ }).click();
    await page.goto(`${base}/sites/gold-coast-ford/cars/${b.slug}`);
    await page.waitForFunction(
      () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
    );
    await page.getByRole('button', { name: /^Compare/ }).click();
    await page.goto(`${base}/sites/gold-coast-ford/compare`);
    await page.locator('table[data-compare-count="2"]').waitFor();
    expect(await page.getByRole('columnheader').allTextContents()).toEqual([
      expect.stringContaining(a.name),
      expect.stringContaining(b.name),
    ]);
    await page.close();
  });
});
