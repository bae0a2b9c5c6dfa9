/**
 * Whole-site rules (docs/site-documents.md, "Whole-site rules"): what a schema that
 * checks each value alone cannot see.
 */
import { describe, expect, it } from 'vitest';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import { documentReferences, linksInHtml } from '../../engine/site/links.ts';
import {
  editDistance,
  routeKey,
  siteCollections,
  siteSetIssues,
  wholeSiteIssues,
} from '../../engine/site/whole-site.ts';
import { siteDataFor } from '../../engine/site/data.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';
import { readCatalogue } from '../../engine/site/folder.ts';
import { loadTemplate, minimalDoc, prepared, readSite, SITES_DIR } from './helpers.ts';

const { catalogue } = readCatalogue(SITES_DIR);
const prepare = createSitePreparer({ loadTemplate, catalogue });

function issuesOf(doc: unknown) {
  const r = prepare(doc);
  return r.ok ? [] : r.issues;
}

const page = (id: string, path: string, blocks: unknown[] = []) => ({
  id,
  path,
  title: id,
  blocks,
});
const hero = (id: string, href: string) => ({
  type: 'hero',
  id,
  props: { heading: 'Hi', actions: [{ label: 'Go', href }] },
});
const location = (id: number, slug: string) => ({
  id,
  name: slug,
  slug,
  location_type: 'sales',
  dealership_slug: 'main',
  address: { street: '1 Main St', city: 'Brisbane', state: 'QLD', postcode: '4000' },
});
const withData = (overrides: Record<string, unknown>) =>
  minimalDoc({
    dealerships: [{ id: 1, slug: 'main', name: 'Main Motors', manufacturers: ['Ford'] }],
    locations: [location(7, 'brisbane')],
    ...overrides,
  });

describe('pages', () => {
  it('two pages on one route: the later one is named, with the page that has the route', () => {
    const issues = issuesOf(
      minimalDoc({ pages: [page('home', '/'), page('a', '/about'), page('b', '/about')] }),
    );
    expect(issues).toEqual([
      {
        path: '/pages/2/path',
        message:
          'route "/about" is already the route of page "a" (/pages/1/path); visitors could never reach one of them',
      },
    ]);
  });

  it('routes that differ only in parameter names or letter case are one route', () => {
    expect(routeKey('/cars/:slug')).toBe(routeKey('/Cars/:id/'));
    const issues = issuesOf(
      minimalDoc({ pages: [page('home', '/'), page('a', '/cars/:slug'), page('b', '/cars/:id')] }),
    );
    expect(issues).toEqual([
      {
        path: '/pages/2/path',
        message:
          'route "/cars/:id" is already the route of page "a" (/pages/1/path: "/cars/:slug"); visitors could never reach one of them',
      },
    ]);
  });

  it('two pages with one id', () => {
    const issues = issuesOf(minimalDoc({ pages: [page('home', '/'), page('home', '/other')] }));
    expect(issues).toEqual([
      { path: '/pages/1/id', message: 'duplicate page id "home", also used at /pages/0/id' },
    ]);
  });

  it('two blocks with one id, across pages', () => {
    const issues = issuesOf(
      minimalDoc({
        pages: [page('home', '/', [hero('x', '/')]), page('b', '/b', [hero('x', '/')])],
      }),
    );
    expect(issues).toEqual([
      {
        path: '/pages/1/blocks/0/id',
        message: 'duplicate block id "x", also used at /pages/0/blocks/0/id',
      },
    ]);
  });
});

describe('links', () => {
  const site = (href: string, extraPages: unknown[] = []) =>
    withData({
      pages: [
        page('home', '/', [hero('hero', href)]),
        page('finance', '/finance'),
        page('cars', '/cars/:slug'),
        page('loc', '/locations/:slug', [{ type: 'location-detail', id: 'ld', props: {} }]),
        page('nf', '*'),
        ...extraPages,
      ],
    });

  it('a link to a route the site does not have names the link and the nearest routes', () => {
    expect(issuesOf(site('/financ'))).toEqual([
      {
        path: '/pages/0/blocks/0/props/actions/0/href',
        message: 'links to "/financ", which is not a route of this site; did you mean "/finance"?',
      },
    ]);
  });

  it('the catch-all page does not make every address a route', () => {
    expect(issuesOf(site('/nowhere-at-all')).map((i) => i.message)).toEqual([
      'links to "/nowhere-at-all", which is not a route of this site',
    ]);
  });

  it('fixed, parametric and platform routes, queries, other sites, tel: and mailto: are fine', () => {
    for (const href of [
      '/finance?car_id=3',
      '/finance/',
      '/cars/2020-ford-ranger-12',
      '/locations/brisbane',
      '/feeds/vehicles.tsv',
      '/cars/12/history-report.pdf',
      'https://ford.com.au/x',
      'tel:0755550000',
      'mailto:a@b.co',
      '?page=2',
    ]) {
      expect(issuesOf(site(href)), href).toEqual([]);
    }
  });

  it('a parameter the page resolves from site data must name an entry that exists', () => {
    expect(issuesOf(site('/locations/sydney'))).toEqual([
      {
        path: '/pages/0/blocks/0/props/actions/0/href',
        message:
          'links to "/locations/sydney", which is not a route of this site: page "loc" (/locations/:slug) shows this site\'s locations, and no location has slug "sydney"',
      },
    ]);
  });

  it("model pages (/:modelSlug) accept the site's models only, with suggestions", () => {
    const models = [
      page('model', '/:modelSlug', [{ type: 'model-detail', id: 'md', props: {} }]),
      page('contact', '/contact'),
    ];
    expect(issuesOf(site('/ranger', models))).toEqual([]);
    const [issue] = issuesOf(site('/rangr', models));
    expect(issue.message).toMatch(
      /^links to "\/rangr", which is not a route of this site: page "model" \(\/:modelSlug\) shows this site's models, and no model has slug "rangr"; did you mean "\/ranger"/,
    );
    // A Toyota model is not in a Ford dealer's range.
    expect(issuesOf(site('/hilux', models))).toHaveLength(1);
  });

  it('an anchor must name a block on the page it goes to', () => {
    const withForm = [
      page('service', '/service', [
        { type: 'hero', id: 'service-booking', props: { heading: 'Book' } },
      ]),
    ];
    expect(issuesOf(site('/service#service-booking', withForm))).toEqual([]);
    expect(issuesOf(site('/service#booking', withForm))).toEqual([
      {
        path: '/pages/0/blocks/0/props/actions/0/href',
        message:
          'links to "/service#booking", but page "service" (/service) has no block with id "booking" to jump to',
      },
    ]);
    expect(issuesOf(site('#nothing'))[0].message).toBe(
      'links to "#nothing", but page "home" has no block with id "nothing" to jump to',
    );
    expect(issuesOf(site('#hero'))).toEqual([]);
  });

  it('links inside rich text are checked, at the path of the text', () => {
    const text = {
      type: 'rich-text',
      id: 'text',
      props: {
        html: '<p>See <a href="/finance">finance</a> or <a href=\'/servce\'>service</a>.</p>',
      },
    };
    const issues = issuesOf(
      withData({
        pages: [
          page('home', '/', [text]),
          page('finance', '/finance'),
          page('service', '/service'),
        ],
      }),
    );
    expect(issues).toEqual([
      {
        path: '/pages/0/blocks/0/props/html',
        message:
          'a link in this text goes to "/servce", which is not a route of this site; did you mean "/service"?',
      },
    ]);
  });

  it('on a site with a service-booking key, /service links must reach /ford-service', () => {
    const doc = withData({
      features: { serviceBookingKey: 'ford-au-service' },
      pages: [page('home', '/', [hero('hero', '/service')]), page('service', '/service')],
    });
    expect(issuesOf(doc)[0].message).toBe(
      'links to "/service" ("/ford-service" on this site, which has a service-booking key), which is not a route of this site',
    );
    (doc.pages as unknown[]).push(page('ford-service', '/ford-service'));
    expect(issuesOf(doc)).toEqual([]);
  });

  it('menus and footers are checked like any link', () => {
    const header = {
      type: 'header',
      id: 'header',
      props: {
        menu: [
          {
            label: 'Stock',
            href: '/cars',
            children: [{ label: 'Used', href: '/search/used-cars' }],
          },
        ],
      },
    };
    const issues = issuesOf(withData({ layout: { header: [header] }, pages: [page('home', '/')] }));
    expect(issues.map((i) => i.path)).toEqual([
      '/layout/header/0/props/menu/0/href',
      '/layout/header/0/props/menu/0/children/0/href',
    ]);
  });
});

describe('references into site data', () => {
  it('a fixed model, location, offer, location id and dealership must exist', () => {
    const doc = withData({
      offers: [{ id: 3, name: 'Spring deal' }],
      pages: [
        page('contact', '/contact'),
        page('home', '/', [
          { type: 'model-detail', id: 'md', props: { model: 'bronco-x' } },
          { type: 'location-detail', id: 'ld', props: { location: 'sydney' } },
          { type: 'offer-detail', id: 'od', props: { offerId: 4 } },
          { type: 'locations', id: 'ls', props: { filter: 8 } },
          { type: 'locations', id: 'ls2', props: { filter: 'service' } },
        ]),
      ],
    });
    ((doc as Record<string, unknown>).locations as Record<string, unknown>[])[0].dealership_slug =
      'elsewhere';
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    expect(issuesOf(doc).sort(byPath)).toEqual([
      {
        path: '/locations/0/dealership_slug',
        message: 'names dealership with slug "elsewhere", which this site does not have',
      },
      {
        path: '/pages/1/blocks/0/props/model',
        message:
          'names model with slug "bronco-x", which this site does not have; did you mean "bronco"?',
      },
      {
        path: '/pages/1/blocks/1/props/location',
        message: 'names location with slug "sydney", which this site does not have',
      },
      {
        path: '/pages/1/blocks/2/props/offerId',
        message: 'names offer with id 4, which this site does not have; did you mean "3"?',
      },
      {
        path: '/pages/1/blocks/3/props/filter',
        message: 'names location with id 8, which this site does not have; did you mean "7"?',
      },
    ]);
  });
  it("a make is named by the platform's one slug rule, the catalogue's own slug for it", () => {
    const made = siteCollections(
      prepared(withData({ pages: [page('home', '/')] })),
      catalogue.models,
    );
    const catalogueSlugs = new Map(catalogue.manufacturers.map((m) => [m.name, m.slug]));
    for (const name of new Set(catalogue.models.map((m) => m.manufacturer_name))) {
      if (catalogueSlugs.has(name))
        expect(made.makeSlugs?.has(catalogueSlugs.get(name)!), name).toBe(true);
    }
    expect(made.makeSlugs?.has('lynk-and-co')).toBe(true);
    expect(made.makeSlugs?.has('lynk-co')).toBe(false);
  });
});

describe('across the sites of a folder', () => {
  it('slug equal to the file name; each host name on the first site that claims it', () => {
    const issues = siteSetIssues([
      { name: 'city-motors', slug: 'city-motors', hostnames: ['city.example'] },
      { name: 'copy', slug: 'city-motors', hostnames: ['www.x.example', 'City.Example'] },
    ]);
    expect([...issues]).toEqual([
      [
        'copy',
        [
          {
            path: '/slug',
            message:
              'is "city-motors" but the file is copy.json; a site\'s slug must equal its file name',
          },
          {
            path: '/hostnames/1',
            message:
              'host name "City.Example" is already claimed by site "city-motors" (city-motors.json); each host name serves one site',
          },
        ],
      ],
    ]);
  });
});

describe('every demo site', { timeout: 30_000 }, () => {
  const slugs = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];

  it('is valid with the catalogue (every link and reference resolves)', () => {
    for (const slug of slugs) expect(issuesOf(readSite(slug)), slug).toEqual([]);
  });

  it("reports any one of its links broken, at that link's path (property over every link)", () => {
    for (const slug of slugs) {
      const r = prepare(readSite(slug));
      if (!r.ok) throw new Error(slug);
      const { links } = documentReferences(r.site);
      const fields = links.filter(
        (l) => !l.inText && l.href.startsWith('/') && !l.href.startsWith('//'),
      );
      expect(fields.length).toBeGreaterThan(20);
      // Every link field broken at once, each to its own address: each is reported at its own
      // path, naming that address (the whole-site rules alone, on the prepared site).
      const broken = structuredClone(r.site) as unknown as Record<string, unknown>;
      fields.forEach((link, n) => setAt(broken, link.path, `/zz-no-such-page-${n}`));
      const issues = wholeSiteIssues(broken as unknown as ResolvedSite, {
        models: siteDataFor(r.site, catalogue).models,
      });
      fields.forEach((link, n) => {
        expect(issues.find((i) => i.path === link.path)?.message, `${slug} ${link.path}`).toContain(
          `"/zz-no-such-page-${n}"`,
        );
      });
      expect(issues).toHaveLength(fields.length);
    }
  });
});

describe('helpers', () => {
  it('finds links in HTML with any quoting and entities', () => {
    expect(
      linksInHtml(
        `<a href="/a?x=1&amp;y=2">a</a><A class=x HREF='/b'>b</A><a href=/c>c</a><link href="/d">`,
      ),
    ).toEqual(['/a?x=1&y=2', '/b', '/c']);
  });

  it('edit distance', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

function setAt(doc: Record<string, unknown>, pointer: string, value: unknown) {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node: any = doc;
  for (const p of parts.slice(0, -1)) node = node[p];
  node[parts[parts.length - 1]] = value;
}

describe('reviews', () => {
  const withReviews = (props: Record<string, unknown>) =>
    withData({
      pages: [
        page('home', '/', [
          {
            type: 'reviews',
            id: 'rv',
            props: { reviews: [{ id: 4, customer_name: 'Ana', rating: 5 }], ...props },
          },
        ]),
      ],
    });

  it('a hidden review id must be one of the reviews pasted here, unless the block also reads the reviews service', () => {
    expect(issuesOf(withReviews({ hiddenReviewIds: [4] }))).toEqual([]);
    expect(issuesOf(withReviews({ hiddenReviewIds: [9] }))).toEqual([
      {
        path: '/pages/0/blocks/0/props/hiddenReviewIds/0',
        message: 'names review with id 9, which this site does not have; did you mean "4"?',
      },
    ]);
    expect(issuesOf(withReviews({ hiddenReviewIds: [9], fetchReviews: true }))).toEqual([]);
  });

  it('the reviews account is the site (its slug or id) or one of its dealerships', () => {
    expect(issuesOf(withReviews({ orgId: 'test-site' }))).toEqual([]);
    expect(issuesOf(withReviews({ orgId: 'main' }))).toEqual([]);
    expect(issuesOf(withReviews({ orgId: 'other-dealer' }))[0]).toEqual({
      path: '/pages/0/blocks/0/props/orgId',
      message: 'names reviews account "other-dealer", which this site does not have',
    });
  });
});
