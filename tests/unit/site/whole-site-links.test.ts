/**
 * Whole-site rules (docs/site-documents.md, "Whole-site rules"): every link in a document
 * must reach a route of the site, a page of its data or a block to jump to.
 */
import { describe, expect, it } from 'vitest';
import { hero, issuesOf, page, withData } from './whole-site-kit.ts';

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

  it('a web address with a space in it is refused, at its path, in link fields and in rich text', () => {
    const at = '/pages/0/blocks/0/props/actions/0/href';
    // "/:anything" would match "/about us": the space is what is wrong.
    const catchAll = [page('about', '/about-us'), page('any', '/:anything')];
    expect(issuesOf(site('/about us', catchAll))).toEqual([
      {
        path: at,
        message:
          'links to "/about us", which has a space in its path: browsers ask for "/about%20us", and no page of this site has a space in its address; did you mean "/about-us"?',
      },
    ]);
    expect(issuesOf(site('/finance?make=Land Rover'))).toEqual([
      {
        path: at,
        message:
          'links to "/finance?make=Land Rover", which has a space in it; a web address cannot hold a space: write "/finance?make=Land%20Rover"',
      },
    ]);
    expect(issuesOf(site('https://landrover.com.au/range rover'))[0].message).toBe(
      'links to "https://landrover.com.au/range rover", which has a space in it; a web address cannot hold a space: write "https://landrover.com.au/range%20rover"',
    );
    expect(issuesOf(site('/fin\tance', catchAll))[0].message).toBe(
      'links to "/fin\\tance", which has a tab or line break in it; browsers drop it and go to "/finance": write that',
    );
    const text = {
      type: 'rich-text',
      id: 'text',
      props: { html: '<p><a href="/finance?make=Land Rover">Land Rover finance</a></p>' },
    };
    expect(
      issuesOf(withData({ pages: [page('home', '/', [text]), page('finance', '/finance')] })),
    ).toEqual([
      {
        path: '/pages/0/blocks/0/props/html',
        message:
          'a link in this text goes to "/finance?make=Land Rover", which has a space in it; a web address cannot hold a space: write "/finance?make=Land%20Rover"',
      },
    ]);
    // Encoded, or a phone number or mail subject (read fine with spaces), it is accepted.
    for (const href of [
      '/finance?make=Land%20Rover',
      '/finance?make=Land+Rover',
      'tel:07 5555 0101',
      'mailto:sales@example.com?subject=Test drive',
    ])
      expect(issuesOf(site(href)), href).toEqual([]);
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
