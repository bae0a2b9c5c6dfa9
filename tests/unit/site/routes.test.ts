/**
 * Which page an address shows (engine/site/routes.ts): ranking only the pages whose path may
 * match the address's first segment gives the page ranking every page gives, for every
 * address a demo site's links name, every route filled with the site's data, and addresses
 * made to trip it (case, parameters and splats first, empty segments, escapes).
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { siteDataFor } from '../../../engine/site/data.ts';
import { documentReferences } from '../../../engine/site/links.ts';
import { matchAmong, matchPage, pagesThatMayMatch } from '../../../engine/site/routes.ts';
import type { Page } from '../../../engine/site/types.ts';
import { readCatalogue } from '../../../engine/site/folder.ts';
import { prepared, readSite, SITES_DIR } from '../helpers.ts';

const slugs = readdirSync(SITES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

describe('the page an address shows', () => {
  it.each(slugs)('is the one ranking every page gives (%s)', (slug) => {
    const site = prepared(readSite(slug));
    const { routeValues } = siteDataFor(site, readCatalogue(SITES_DIR).catalogue);
    const linked = documentReferences(site).links.map((l) => l.href.split(/[?#]/)[0]);
    const filled = site.pages.flatMap((p) =>
      Object.values(routeValues?.[p.id] ?? {}).flatMap((values) =>
        values.slice(0, 5).map((v) => p.path.replace(/:[A-Za-z]+\??/, v)),
      ),
    );
    const tricky = site.pages.flatMap((p) => [
      p.path.toUpperCase(),
      `${p.path}/`,
      `${p.path}/extra/segments`,
      `/x${p.path}`,
      `/${p.path}`,
      p.path.replace(/^\//, ''),
      p.path.replace(':', '%3A'),
    ]);
    const addresses = [...new Set([...linked, ...filled, ...tricky, '/', '', '//', '/%20'])];
    expect(addresses.length).toBeGreaterThan(30);
    for (const address of addresses) {
      const expected = matchAmong(site.pages, address, routeValues);
      const found = matchPage(site.pages, address, routeValues);
      expect(found?.page.id, address).toBe(expected?.page.id);
      expect(found?.params, address).toEqual(expected?.params);
    }
  });

  it('an address a visitor makes up adds nothing kept: it ranks the pages that start with a parameter', () => {
    const pages = [
      { id: 'home', path: '/' },
      { id: 'cars', path: '/cars/:slug' },
      { id: 'lang', path: '/:lang/about' },
      { id: 'nf', path: '*' },
    ] as Page[];
    expect(pagesThatMayMatch(pages, '/made-up-1').map((p) => p.id)).toEqual(['lang', 'nf']);
    expect(pagesThatMayMatch(pages, '/made-up-2')).toBe(pagesThatMayMatch(pages, '/made-up-1'));
    expect(pagesThatMayMatch(pages, '/CARS/x').map((p) => p.id)).toEqual(['cars', 'lang', 'nf']);
    expect(pagesThatMayMatch(pages, '/').map((p) => p.id)).toEqual(['home', 'lang', 'nf']);
    // In the pages' own order, a page starting with a parameter before one of the segment too.
    const reordered = [pages[2], pages[1], pages[3], pages[0]];
    expect(pagesThatMayMatch(reordered, '/cars/x').map((p) => p.id)).toEqual([
      'lang',
      'cars',
      'nf',
    ]);
    expect(pagesThatMayMatch(reordered, '/').map((p) => p.id)).toEqual(['lang', 'nf', 'home']);
  });
});
