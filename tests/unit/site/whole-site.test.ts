/**
 * Whole-site rules (docs/site-documents.md, "Whole-site rules"): what a schema that
 * checks each value alone cannot see.
 */
import { describe, expect, it } from 'vitest';
import { documentReferences, linksInHtml } from '../../../engine/site/links.ts';
import {
  editDistance,
  routeKey,
  siteSetIssues,
  wholeSiteIssues,
} from '../../../engine/site/whole-site.ts';
import { siteDataFor } from '../../../engine/site/data.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { minimalDoc, readSite } from '../helpers.ts';
import { catalogue, hero, issuesOf, page, prepare } from './whole-site-kit.ts';

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
