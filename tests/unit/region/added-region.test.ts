/**
 * Adding a region is one entry of the region table plus its words (docs/regions.md, "Add a
 * region"): a UK region, added in memory only (registerRegion), serves every page of a demo
 * site through the server's renderer, with no block failing and the UK's facts on the page:
 * pound prices in en-GB figures, miles, VAT wording.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { demoProviders } from '../../../demo/defaults.ts';
import { createServices } from '../../../engine/server/services.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { renderPage, setServerSearchClient } from '../../../blocks/entry-server.tsx';
import { createLocalSearchClient } from '../../../engine/search/client.ts';
import { registerRegion } from '../../../engine/messages/register-region.ts';
import {
  formatMoney,
  knownRegions,
  regionSettings,
  type RegionFacts,
} from '../../../engine/region.ts';
import { messagesFor } from '../../../engine/messages/index.ts';
import type { LocaleOverrides } from '../../../engine/messages/en-AU.ts';
import type { Car, Region } from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { ROOT, SITES_DIR } from '../helpers.ts';

const UK = 'UK' as Region;

const ukFacts: RegionFacts = {
  name: 'United Kingdom',
  locale: 'en-GB',
  currency: 'GBP' as Car['currency'],
  distanceUnit: 'mile',
  odometerUnit: 'mi',
  timeZone: 'Europe/London',
  usSpelling: false,
  dayPeriods: ['am', 'pm'],
  dateOrder: 'day-month',
  postcode: {
    pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i,
    maxLength: 8,
    label: 'Postcode',
    ask: 'Your postcode',
    help: 'e.g. SW1A 1AA',
    message: 'Invalid postcode. Please enter a UK postcode, e.g. SW1A 1AA.',
    issued: () => true,
  },
  phone: {
    countryCode: '44',
    trunk: '0',
    national: /^0\d{9,10}$/,
    example: '07700 900123',
    message: 'Please enter a valid UK phone number, e.g. 07700 900123.',
    display: (key) => (key.length === 11 ? `${key.slice(0, 5)} ${key.slice(5)}` : key),
  },
  // Plates are registered nationally (DVLA): no state to choose.
  plateStates: [],
  plateFormats: { default: 'LLNNLLL' },
  autograb: false,
  financePartners: false,
  complianceDate: false,
  preOwnedLabel: true,
};

const ukWords: LocaleOverrides = {
  'odometer.field': 'Odometer (miles)',
  'odometer.invalid': 'Please enter the odometer reading in whole miles, e.g. 52,000.',
  'odometer.filter': 'Mileage',
  'sort.km_asc': 'Mileage: lowest first',
  'fuel.consumption': 'mpg',
  'price.drive_away': 'On the road',
  'price.excl_gov_charges': 'Excl. VAT',
  'price.plus_orc': '+ VAT & first registration',
  'plate.label': 'Number plate',
  'plate.field': 'Registration number',
  'plate.required': "Please enter the car's registration number.",
  'plate.invalid':
    'Please enter the registration number using letters, numbers, spaces and hyphens only (up to 10).',
  'plate.notFound': 'No vehicle found with that registration number.',
  'plate.step': 'Its registration number',
  'plate.skip': 'Continue without a registration match',
  'plate.region': 'Country',
  'plate.short': 'Reg',
  'history.finance': 'Outstanding finance',
  'history.financeClear': 'No outstanding finance recorded.',
  'history.writtenOff': 'Insurance write-off',
  'history.writtenOffClear': 'Not recorded as an insurance write-off (Cat S, N, B or A).',
  'tradeIn.noEstimate':
    "Cars older than 7 years or with more than 62,000 miles can't be valued online. We'll call you to arrange a valuation.",
  'models.trucks': 'Pick-ups & Vans',
  'body.Ute': 'Pick-up',
  'fuel.Petrol': 'Petrol',
  'country.name': 'the UK',
  'country.freight': 'anywhere in mainland Great Britain',
  'country.nationwide': 'nationwide',
  'currency.name': 'pounds sterling',
  'price.driveAwayIncludes': 'VAT, first registration and a year’s road tax',
  'law.consumer': 'the Consumer Rights Act 2015',
  'law.privacy': 'the UK GDPR and the Data Protection Act 2018',
};

/** en-GB figures with the pound sign, made by Intl itself rather than by the code under test. */
const pounds = (amount: number) =>
  `£${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(amount)}`;

let dir: string;
let sites: SiteStore;
let services: Awaited<ReturnType<typeof createServices>>;
let unregister: () => void;
let site: ResolvedSite;
let data: Extract<ReturnType<SiteStore['load']>, { ok: true }>['data'];

beforeAll(async () => {
  unregister = registerRegion(UK, ukFacts, ukWords);
  dir = mkdtempSync(join(tmpdir(), 'forecourt-added-region-'));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sites = new SiteStore(SITES_DIR);
  services = await createServices({
    root: ROOT,
    sites,
    providers: demoProviders({ count: 600 }),
    dataDir: join(dir, 'data'),
    staffToken: 'added-region-test-token',
  });
  // Pages search the embedded engine in process, as the server's do (engine/server/app.ts).
  const local = createLocalSearchClient(services.search);
  const factory = (search: { engine?: string; host?: string }) =>
    search.engine !== 'algolia' && !search.host ? local : undefined;
  setServerSearchClient(factory as unknown as Parameters<typeof setServerSearchClient>[0]);
  const entry = sites.get('gold-coast-ford');
  if (!entry?.ok) throw new Error('gold-coast-ford is not valid');
  // The document stays as published (the schema's enum has no UK yet); its region is the UK's.
  site = { ...entry.site, region: UK };
  data = entry.data;
}, 120_000);

afterAll(() => {
  setServerSearchClient(undefined);
  services?.stock.close();
  sites?.close();
  unregister?.();
  rmSync(dir, { recursive: true, force: true });
});

const render = (url: string) =>
  renderPage({
    site,
    siteData: data,
    url,
    basename: '',
    mode: 'development',
    origin: 'https://uk.example',
  });

/** A real address for each page of the site: route parameters filled from the site's data and stock. */
function addresses(): string[] {
  const dealers = new Set(site.dealerships.map((d) => d.slug));
  const car = services.cars.find((c) => dealers.has(c.dealership_slug) && c.price > 10);
  if (!car) throw new Error('the site has no priced car');
  const fixed: Record<string, string> = {
    slug: car.slug,
    segment: 'used',
    make: car.make.toLowerCase(),
    model: car.model.toLowerCase(),
    manufacturer: car.make.toLowerCase(),
  };
  return site.pages
    .filter((page) => page.path !== '*')
    .map((page) =>
      page.path.replace(/:(\w+)/g, (_, param: string) => {
        const known = data.routeValues?.[page.id]?.[param]?.[0];
        return encodeURIComponent(known ?? fixed[param] ?? param);
      }),
    );
}

describe('a region added in memory (UK)', () => {
  it('is known while registered, with its facts and words', () => {
    expect(knownRegions()).toContain(UK);
    expect(regionSettings(UK)).toMatchObject({ locale: 'en-GB', currency: 'GBP' });
    expect(formatMoney(45990, UK)).toBe(pounds(45990));
    expect(messagesFor(UK).m('price.excl_gov_charges')).toBe('Excl. VAT');
  });

  it('serves every page of a demo site with no block failing, in the UK’s facts', async () => {
    const failures = vi.spyOn(console, 'error').mockImplementation(() => {});
    const seen: string[] = [];
    for (const url of addresses()) {
      const page = await render(url);
      expect(page.status, url).toBeLessThan(500);
      expect(page.html, url).not.toContain('fc-block-error');
      expect(page.payload.perBlockSuspense, url).toBeUndefined();
      expect(page.payload.messages, url).toEqual(ukWords);
      seen.push(page.html);
    }
    // Blocks that fetch the API over HTTP (reviews) find no server here and say so; a block that fails to render is what counts.
    const failed = failures.mock.calls
      .map((c) => String(c[0]))
      .filter((m) => !/could not be fetched/.test(m));
    expect(failed).toEqual([]);
    const all = seen.join('\n');
    expect(all).toMatch(/£\d{1,3}(,\d{3})+/);
    // Dealer-written text keeps its own words ("drive away from $62,990"); every price the platform formats is in pounds.
    const prices = [...all.matchAll(/class="fc-[a-z-]*price[a-z_-]*"[^>]*>(.{0,80})/g)].map((m) =>
      m[1].replace(/<[^>]*>?/g, ''),
    );
    expect(prices.length).toBeGreaterThan(10);
    expect(prices.filter((text) => text.includes('$'))).toEqual([]);
    expect(prices.filter((text) => text.includes('£')).length).toBeGreaterThan(10);
    // Miles: the location page's map scale (a car's odometer keeps the car's own unit, docs/regions.md);
    // the UK's words: the search's odometer sort and filter.
    expect(/>\d+(\.\d+)? mi</.test(all), 'a map scale in miles').toBe(true);
    expect(all.includes('Mileage'), 'Mileage').toBe(true);
    expect(all.includes('Kilometres'), 'Kilometres').toBe(false);
  }, 300_000);

  it('shows a car’s price in pounds, in en-GB figures, with VAT wording', async () => {
    const dealers = new Set(site.dealerships.map((d) => d.slug));
    const car = services.cars.find(
      (c) =>
        dealers.has(c.dealership_slug) &&
        c.price > 10 &&
        c.price_type === 'excl_gov_charges' &&
        c.status !== 'sold',
    );
    if (!car) throw new Error('the site has no car priced excluding charges');
    const page = await render(`/cars/${car.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(pounds(car.price));
    expect(page.html).toContain('Excl. VAT');
  });
});

describe('a region taken away again', () => {
  it('is unknown, and its code reads the default region’s facts and words', () => {
    registerRegion('ZZ', { ...ukFacts, locale: 'en-ZZ' }, ukWords)();
    expect(knownRegions()).not.toContain('ZZ');
    expect(regionSettings('ZZ' as Region).region).toBe('AU');
    expect(messagesFor('ZZ' as Region).m('price.excl_gov_charges')).toBe('Excl. gov. charges');
  });
});
