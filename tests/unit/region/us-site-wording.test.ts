/**
 * Every text the US demo site shows is in US words and units (docs/regions.md): each page of
 * lakeside-chevrolet rendered by the server's renderer, car pages whose cars carry the full
 * specifications, its offers and the car PDF. No Australian qualifier ("driveaway", "drive
 * away", also as the buyer leaving with the car), fuel name ("Petrol - Unleaded ULP") or metric specification (mm, kg,
 * litres of a tank, kW, Nm) may show; the specifications read inches, pounds, gallons.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../blocks/entry-server.tsx';
import { carPdf } from '../../../engine/api/car-pdf.ts';
import { messagesFor } from '../../../engine/messages/index.ts';
import { documentWord } from '../../../engine/messages/document-words.ts';
import { JOURNEY_WORDS } from '../../../demo/pages/content-kit.ts';
import { formatNumber } from '../../../engine/region.ts';
import { allSpecifications } from '../../../blocks/_cars/specs.ts';
import type { Car } from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type { SiteData } from '../../../engine/site/data.ts';
import { startRenderingServices, type RenderingServices } from './rendering-services.ts';

const US_SITE = 'lakeside-chevrolet';

/** Words and units no US visitor may read (the browser walk's list, plus units and "driveaway"). */
const NOT_US: RegExp[] = [
  // The price qualifier in every spelling, and dealer text that says the buyer drives away
  // (a buyer reads the Australian qualifier there too): the demo's JOURNEY_WORDS.
  /\bdrive[- ]?away\b/i,
  /\bORC\b/,
  /\bon-road costs\b/i,
  /\bpetrol\b/i,
  /\bULP\b/,
  /\butes?\b/i,
  /\brego\b/i,
  /\bkilomet(?:re|er)s?\b/i,
  /\d\s?(?:mm|kg|kW|Nm)\b/,
  /\d\s?L\/100\s?km\b/,
  /\blitres?\b/i,
];

let kit: RenderingServices;
let services: RenderingServices['services'];
let site: ResolvedSite;
let data: SiteData;

beforeAll(async () => {
  kit = await startRenderingServices('us-wording');
  services = kit.services;
  const entry = kit.sites.get(US_SITE);
  if (!entry?.ok) throw new Error(`${US_SITE} is not valid`);
  ({ site, data } = entry);
}, 120_000);

afterAll(() => kit?.close());

const render = (url: string) =>
  renderPage({
    site,
    siteData: data,
    url,
    basename: '',
    mode: 'development',
    origin: 'https://us.example',
  });

/** The text a visitor reads: no scripts, styles or tags (attributes a screen reader reads kept). */
const visibleText = (html: string) =>
  html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/(?:aria-label|title|alt|placeholder)="([^"]*)"/g, ' $1 ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ');

const siteCars = () => {
  const dealers = new Set(site.dealerships.map((d) => d.slug));
  return services.cars.filter((c) => dealers.has(c.dealership_slug));
};

/** Cars with the most specifications filled: the car page's long table. */
const fullySpecified = (): Car[] =>
  siteCars()
    .filter((c) => c.variant?.vehiclelength && c.variant?.fuelcapacity && c.variant?.power)
    .slice(0, 3);

const offending = (text: string) =>
  NOT_US.flatMap((re) => {
    const m = re.exec(text);
    return m ? [`${re}: …${text.slice(Math.max(0, m.index - 50), m.index + 30)}…`] : [];
  });

describe(`the US demo site (${US_SITE})`, () => {
  it('shows no Australian word or metric unit on any page', async () => {
    const [car] = siteCars();
    const offer = site.offers?.[0];
    const fixed: Record<string, string> = {
      slug: car.slug,
      segment: 'used',
      make: car.make.toLowerCase(),
      model: car.model.toLowerCase(),
      offerId: String(offer?.id ?? ''),
    };
    const urls = site.pages
      .filter((page) => page.path !== '*')
      .map((page) =>
        page.path.replace(/:(\w+)/g, (_, param: string) =>
          encodeURIComponent(data.routeValues?.[page.id]?.[param]?.[0] ?? fixed[param] ?? param),
        ),
      );
    urls.push(...fullySpecified().map((c) => `/cars/${c.slug}`));
    const problems: string[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const url of urls) {
      const page = await render(url);
      for (const p of offending(visibleText(page.html))) problems.push(`${url}: ${p}`);
    }
    expect(problems).toEqual([]);
  }, 120_000);

  // The car page shows its first rows on the server and the rest on "Show more"; compare reads the same values (fieldValue).
  it('shows specifications in inches, pounds, gallons, horsepower and pound-feet', () => {
    const cars = fullySpecified();
    expect(cars.length).toBeGreaterThan(0);
    const format = {
      number: (n: number) => formatNumber(n, site.region),
      preOwned: false,
      region: site.region,
    };
    const rows = cars.flatMap((car) => allSpecifications(car, format));
    const text = rows.map((r) => `${r.label} ${r.value}`).join('\n');
    expect(offending(text)).toEqual([]);
    for (const unit of [/\d in\b/, /\d lb\b/, /\d gal\b/, /\d hp\b/, /\d lb-ft\b/, /\d mpg\b/])
      expect(text).toMatch(unit);
  });

  it('tells the buying journey in the region’s words (the /buying and /models pages)', async () => {
    const buying = visibleText((await render('/buying')).html);
    expect(buying).toContain(JOURNEY_WORDS.handover.US);
    const models = visibleText((await render('/models')).html);
    expect(models).toContain(JOURNEY_WORDS.ready.US);
  });

  it('words the offers with the region’s out-the-door price', () => {
    const words = documentWord(site.region, 'price.driveAwayDeal');
    expect(site.offers?.some((o) => o.name.includes(words))).toBe(true);
  });

  it('gives the car PDF US price words and fuel names', () => {
    const car = siteCars().find(
      (c) =>
        c.price > 10 && c.price_type === 'drive_away' && /Petrol/.test(c.fuel ?? c.simple_fuel),
    );
    if (!car) throw new Error('the US site has no drive-away petrol car');
    const text = carPdf(car, site).toString('latin1');
    const { m, display } = messagesFor(site.region);
    expect(text).toContain(m('price.drive_away').toLowerCase());
    // PDF strings escape their parentheses.
    const fuel = display('fuel', car.fuel ?? car.simple_fuel).replace(/[()]/g, '\\$&');
    expect(text).toContain(`Fuel: ${fuel}`);
    expect(offending(text)).toEqual([]);
  });
});
