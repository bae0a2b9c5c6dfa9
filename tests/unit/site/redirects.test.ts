/**
 * A site document's redirects (engine/site/redirects.ts; docs/site-documents.md, "Redirects"):
 * validated with the whole-site rules at their JSON paths, and where each address is sent.
 */
import { describe, expect, it } from 'vitest';
import { redirectFor } from '../../../engine/site/redirects.ts';
import { minimalDoc, prepare, prepared } from '../helpers.ts';

const pages = [
  { id: 'home', path: '/', title: 'Home | {site}', blocks: [] },
  { id: 'car', path: '/cars/:slug', title: 'Car | {site}', blocks: [] },
  { id: 'checkout', path: '/cars/:slug/checkout', title: 'Checkout | {site}', blocks: [] },
  { id: 'search', path: '/search', title: 'Search | {site}', blocks: [] },
];
const withRedirects = (redirects: unknown[]) => minimalDoc({ pages, redirects });
const issuesOf = (redirects: unknown[]) => {
  const r = prepare(withRedirects(redirects));
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
};

describe('redirects in the site document', () => {
  const site = prepared(
    withRedirects([
      { from: '/cars/:slug/buy-online', to: '/cars/:slug/checkout' },
      { from: '/brands/jeep', to: '/search?make=Jeep', status: 302 },
      { from: '/old-search', to: '/search' },
    ]),
  );

  it('sends an old address on, its :names filled and the query kept', () => {
    expect(redirectFor(site, '/cars/2021-ford-ranger/buy-online?from=ad')).toEqual({
      location: '/cars/2021-ford-ranger/checkout?from=ad',
      status: 301,
    });
    expect(redirectFor(site, '/brands/jeep?x=1')).toEqual({
      location: '/search?make=Jeep',
      status: 302,
    });
    expect(redirectFor(site, '/Old-Search/')).toEqual({ location: '/search', status: 301 });
  });

  it('leaves every other address to the pages', () => {
    expect(redirectFor(site, '/cars/2021-ford-ranger')).toBeUndefined();
    expect(redirectFor(site, '/cars/a/b/buy-online')).toBeUndefined();
    expect(redirectFor(prepared(minimalDoc()), '/brands/jeep')).toBeUndefined();
  });

  it('fills the default kind, permanent', () => {
    expect(site.redirects?.[0].status).toBe(301);
  });

  it('refuses another site’s address, or a path with a query, at its JSON path', () => {
    const issues = issuesOf([
      { from: '/a', to: 'https://elsewhere.example/a' },
      { from: '/b', to: '//elsewhere.example/b' },
      { from: '/c?x=1', to: '/search' },
    ]);
    expect(issues.some((i) => i.startsWith('/redirects/0/to'))).toBe(true);
    expect(issues.some((i) => i.startsWith('/redirects/1/to'))).toBe(true);
    expect(issues.some((i) => i.startsWith('/redirects/2/from'))).toBe(true);
  });

  it('refuses a backslash in the new address, which a browser reads as a slash', () => {
    // /\elsewhere.example would leave the site, though it matches the page /:name here.
    const anyName = { id: 'any', path: '/:name', title: 'Any | {site}', blocks: [] };
    const r = prepare(
      minimalDoc({
        pages: [...pages, anyName],
        redirects: [{ from: '/d', to: '/\\elsewhere.example' }],
      }),
    );
    expect(r.ok ? [] : r.issues.map((i) => i.path)).toContain('/redirects/0/to');
  });

  it('refuses a loop, through one redirect or several', () => {
    expect(issuesOf([{ from: '/a', to: '/a' }])).toEqual([
      expect.stringMatching(/^\/redirects\/0\/to: makes a redirect loop: \/a → \/a/),
    ]);
    const chain = issuesOf([
      { from: '/a', to: '/b' },
      { from: '/b', to: '/c' },
      { from: '/c', to: '/a' },
    ]);
    expect(chain).toHaveLength(3);
    for (const issue of chain) expect(issue).toMatch(/redirect loop/);
    expect(issuesOf([{ from: '/cars/:slug/x', to: '/cars/:slug/x' }])[0]).toMatch(/redirect loop/);
  });

  it('refuses two redirects from one address, an unknown :name and a page that does not exist', () => {
    expect(
      issuesOf([
        { from: '/a', to: '/search' },
        { from: '/A/', to: '/' },
      ]),
    ).toEqual([
      expect.stringMatching(
        /^\/redirects\/1\/from: redirects from the same address as \/redirects\/0/,
      ),
    ]);
    expect(issuesOf([{ from: '/x', to: '/cars/:slug/checkout' }])).toEqual([
      expect.stringMatching(/^\/redirects\/0\/to: uses :slug/),
    ]);
    expect(issuesOf([{ from: '/x', to: '/no-such-page' }])).toEqual([
      expect.stringMatching(/^\/redirects\/0\/to: /),
    ]);
  });
});
