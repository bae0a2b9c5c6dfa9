/**
 * Adding a region is one entry of the region table plus its words (docs/regions.md, "Add a
 * region"): a UK region, added in memory only (registerRegion), serves every page of every
 * demo site through the server's renderer, with no block failing and the UK's facts on the
 * page: pound prices in en-GB figures, miles, the UK's words.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../blocks/entry-server.tsx';
import { SiteStore } from '../../../engine/server/sites.ts';
import { SITES_DIR } from '../helpers.ts';
import { registerRegion } from '../../../engine/messages/register-region.ts';
import { formatMoney, knownRegions, regionSettings } from '../../../engine/region.ts';
import { messagesFor } from '../../../engine/messages/index.ts';
import { checkPhone, checkPostcode } from '../../../engine/api/regional.ts';
import type { Region } from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type { SiteData } from '../../../engine/site/data.ts';
import { UK, ukDocumentWords, ukFacts, ukWords } from './uk-region.ts';
import { documentWord } from '../../../engine/messages/document-words.ts';
import { startRenderingServices, type RenderingServices } from './rendering-services.ts';

/** Every demo site, each served in the UK in turn. */
const DEMO_SITES = SiteStore.siteFiles(SITES_DIR).map((file) => file.replace(/\.json$/, ''));

/** en-GB figures with the pound sign, made by Intl itself rather than by the code under test. */
const pounds = (amount: number) =>
  `£${new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 }).format(amount)}`;

let kit: RenderingServices;
let sites: RenderingServices['sites'];
let services: RenderingServices['services'];
let unregister: () => void;

beforeAll(async () => {
  unregister = registerRegion(UK, ukFacts, ukWords, ukDocumentWords);
  kit = await startRenderingServices('added-region');
  ({ sites, services } = kit);
}, 120_000);

afterAll(() => {
  kit?.close();
  unregister?.();
});

/** A demo site as published (the schema's enum has no UK yet), its region the UK's. */
function inTheUk(slug: string): { site: ResolvedSite; data: SiteData } {
  const entry = sites.get(slug);
  if (!entry?.ok) throw new Error(`${slug} is not valid`);
  return { site: { ...entry.site, region: UK }, data: entry.data };
}

const render = ({ site, data }: { site: ResolvedSite; data: SiteData }, url: string) =>
  renderPage({
    site,
    siteData: data,
    url,
    basename: '',
    mode: 'development',
    origin: 'https://uk.example',
  });

/** The site's cars that show a price. */
const pricedCars = (site: ResolvedSite) => {
  const dealers = new Set(site.dealerships.map((d) => d.slug));
  return services.cars.filter((c) => dealers.has(c.dealership_slug) && c.price > 10);
};

/** A real address for each page of the site: route parameters filled from the site's data and stock. */
function addresses({ site, data }: { site: ResolvedSite; data: SiteData }): string[] {
  const [car] = pricedCars(site);
  if (!car) throw new Error(`${site.slug} has no priced car`);
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

/** The text of every price the platform formats (dealer-written text keeps its own words). */
const pricesIn = (html: string) =>
  [...html.matchAll(/class="fc-[a-z-]*price[a-z_-]*"[^>]*>(.{0,80})/g)].map((m) =>
    m[1].replace(/<[^>]*>?/g, ''),
  );

describe('a region added in memory (UK)', () => {
  it('is known while registered, with its facts and words', () => {
    expect(knownRegions()).toContain(UK);
    expect(regionSettings(UK)).toMatchObject({ locale: 'en-GB', currency: 'GBP' });
    expect(formatMoney(45990, UK)).toBe(pounds(45990));
    expect(messagesFor(UK).m('price.excl_gov_charges')).toBe('Excl. VAT');
    expect(documentWord(UK, 'law.consumer')).toBe('the Consumer Rights Act 2015');
  });

  it('has the API check its postcode and phone rules', () => {
    expect(checkPostcode(UK, 'SW1A 1AA')).toBeUndefined();
    expect(checkPostcode(UK, '4217')).toBe(ukFacts.postcode.message);
    expect(checkPhone(UK, '07700 900123')).toBeUndefined();
    expect(checkPhone(UK, '+44 7700 900123')).toBeUndefined();
    expect(checkPhone(UK, '+61 412 345 678')).toBe(ukFacts.phone.message);
  });

  it('finds every demo site to serve', () => {
    expect(DEMO_SITES.length).toBeGreaterThanOrEqual(4);
  });

  it.each(DEMO_SITES)(
    'serves every page of %s with no block failing, in the UK’s facts',
    async (slug) => {
      const uk = inTheUk(slug);
      const failures = vi.spyOn(console, 'error').mockImplementation(() => {});
      const seen: string[] = [];
      for (const url of addresses(uk)) {
        const page = await render(uk, url);
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
      failures.mockRestore();
      expect(failed).toEqual([]);
      const all = seen.join('\n');
      // Every price the platform formats is in pounds, in en-GB figures.
      const prices = pricesIn(all);
      expect(prices.length).toBeGreaterThan(0);
      expect(prices.filter((text) => text.includes('$'))).toEqual([]);
      expect(prices.filter((text) => /£\d{1,3}(,\d{3})+/.test(text)).length).toBeGreaterThan(0);
      // Miles: every map's scale (a car's odometer keeps the car's own unit, docs/regions.md);
      // the UK's words: the search's odometer sort and filter.
      const scales = [...all.matchAll(/fc-static-map__scale[\s\S]*?>([^<>]+)<\/text>/g)].map(
        (m) => m[1],
      );
      expect(scales.length, 'maps with a scale').toBeGreaterThan(0);
      expect(scales.filter((text) => !/^\d+(\.\d+)? mi$/.test(text))).toEqual([]);
      expect(all.includes('Mileage'), 'Mileage').toBe(true);
      expect(all.includes('Kilometres'), 'Kilometres').toBe(false);
    },
    120_000,
  );

  it('shows a car’s price in pounds, in en-GB figures, with VAT wording', async () => {
    const uk = inTheUk('gold-coast-ford');
    const car = pricedCars(uk.site).find(
      (c) => c.price_type === 'excl_gov_charges' && c.status !== 'sold',
    );
    if (!car) throw new Error('the site has no car priced excluding charges');
    const page = await render(uk, `/cars/${car.slug}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain(pounds(car.price));
    expect(page.html).toContain('Excl. VAT');
  });
});

describe('a region taken away again', () => {
  it('is unknown, and its code reads the default region’s facts and words', () => {
    registerRegion('ZZ', { ...ukFacts, locale: 'en-ZZ' }, ukWords, ukDocumentWords)();
    expect(knownRegions()).not.toContain('ZZ');
    expect(regionSettings('ZZ' as Region).region).toBe('AU');
    expect(messagesFor('ZZ' as Region).m('price.excl_gov_charges')).toBe('Excl. gov. charges');
    expect(documentWord('ZZ' as Region, 'law.consumer')).toBe('the Australian Consumer Law');
  });
});
