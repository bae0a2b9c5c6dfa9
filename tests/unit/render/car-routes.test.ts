/**
 * Car pages rendered on the server, as a demo site under /sites/{slug}: the online purchase
 * journey (/checkout-journey?car_id=) with its statuses, and the car page's history report
 * button pointing at the report under the site's base path. Searches run in process on the
 * embedded engine, as on the real server.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registry } from '../../../blocks/registry.ts';
import { setServerSearchClient } from '../../../blocks/_search/client.ts';
import { car } from '../../../blocks/_cars/test-cars.ts';
import { createPageRenderer } from '../../../engine/render/server.tsx';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import { createCarSearchEngine } from '../../../engine/search/index.ts';
import { readCatalogue } from '../../../engine/inventory/load.ts';
import { siteDataFor } from '../../../engine/site/data.ts';
import { historyReportPath } from '../../../engine/server/history-report.ts';
import { prepared, readSite, SITES_DIR } from '../helpers.ts';

const BASE = '/sites/southern-motor-group';
const listed = { listed_until: 9e12, listing_state: 'available' as const };
const cars = [
  car({ ...listed, file: historyReportPath(1001) }),
  car({
    ...listed,
    id: 1002,
    objectID: '1002',
    slug: 'older-corolla-1002',
    dealership_slug: 'not-this-sites-dealer',
  }),
];

/** The demo site, which has the purchase journey page (/checkout-journey). */
const doc = readSite('southern-motor-group');
const site = prepared(doc);
const siteData = siteDataFor(site, readCatalogue(SITES_DIR));
const renderPage = createPageRenderer(registry);
const render = (url: string) =>
  renderPage({
    site,
    siteData,
    url,
    basename: BASE,
    mode: 'production',
    origin: 'http://127.0.0.1:9',
  });

beforeAll(() => {
  const local = createLocalSearchClient(createCarSearchEngine(cars));
  setServerSearchClient(() => local as never);
});
afterAll(() => setServerSearchClient(undefined));

describe('/checkout-journey?car_id=', () => {
  it('renders the purchase form for the car named by slug or id', async () => {
    for (const id of ['2022-toyota-corolla-ascent-sport-1001', '1001']) {
      const page = await render(`/checkout-journey?car_id=${id}`);
      expect(page.status).toBe(200);
      expect(page.html).toContain('Buy this car online');
      expect(page.html).toContain(`href="${BASE}/cars/2022-toyota-corolla-ascent-sport-1001"`);
      expect(page.html).toContain('Reserve with a $200 deposit');
    }
  });

  it("answers 404 for an unknown car or another site's car, with a link to the stock search", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const id of ['no-such-car-9', '1002']) {
      const page = await render(`/checkout-journey?car_id=${id}`);
      expect(page.status).toBe(404);
      expect(page.title).toBe(`Car not found | ${site.name}`);
      expect(page.html).toContain('This car is no longer available');
      expect(page.html).toContain(`href="${BASE}/search/new-used-and-demo-cars"`);
    }
  });

  it('without car_id: 200, explains how to pick a car, links to the stock search', async () => {
    const page = await render('/checkout-journey');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Choose a car to buy online');
    expect(page.html).toContain(`href="${BASE}/search/new-used-and-demo-cars"`);
  });

  it('the route form still works: /cars/{slug}/checkout', async () => {
    const page = await render('/cars/2022-toyota-corolla-ascent-sport-1001/checkout');
    expect(page.status).toBe(200);
    expect(page.html).toContain('Reserve this car online');
    expect((await render('/cars/no-such-car-9/checkout')).status).toBe(404);
  });
});

describe('car page', () => {
  it("links the Car History Report button to the report under the site's base path", async () => {
    const page = await render('/cars/2022-toyota-corolla-ascent-sport-1001');
    expect(page.status).toBe(200);
    const button = /<a[^>]*data-button="carHistoryReport"[^>]*>/.exec(page.html)?.[0];
    expect(button).toContain(`href="${BASE}/cars/1001/history-report.pdf"`);
  });
});
