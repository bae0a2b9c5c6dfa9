/**
 * The pickers offer only what the site check accepts: every page address, section anchor
 * and filled-in route of each demo site, written as links, and every data entry, written
 * as references, pass the whole-site rules.
 */
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Catalogue } from '../../../schemas/types.gen.ts';
import { siteDataFor } from '../../../engine/site/data.ts';
import { wholeSiteIssues } from '../../../engine/site/whole-site.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { prepared, readSite, SITES_DIR } from '../../../tests/unit/helpers.ts';
import { filterOptions, pageOptions, pageTitle, refOptions, siteMakes } from './site-options.ts';

const catalogue = JSON.parse(
  readFileSync(join(SITES_DIR, 'shared', 'catalogue.json'), 'utf8'),
) as Catalogue;
const slugs = readdirSync(SITES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));

/** The site with one more page whose rich text links to every given address. */
function linkingTo(site: ResolvedSite, hrefs: string[]): ResolvedSite {
  const html = hrefs.map((h) => `<a href="${h}">x</a>`).join(' ');
  return {
    ...site,
    pages: [
      ...site.pages,
      {
        id: 'picker-links',
        path: '/picker-links',
        title: 'Links',
        blocks: [{ type: 'rich-text', id: 'picker-links-text', props: { html } }],
      },
    ],
  } as unknown as ResolvedSite;
}

describe('page options', () => {
  it.each(slugs)('every address offered for %s is one the site check accepts', (slug) => {
    const site = prepared(readSite(slug));
    const models = siteDataFor(site, catalogue).models;
    const options = pageOptions(site as never, models);
    expect(options.length).toBeGreaterThan(site.pages.length / 2);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
    const issues = wholeSiteIssues(
      linkingTo(
        site,
        options.map((o) => o.value),
      ),
      { models },
    ).filter((i) => i.path.startsWith(`/pages/${site.pages.length}/`));
    expect(issues).toEqual([]);
  });

  it('offers pages by title, their sections, and routes filled with the site’s data', () => {
    const site = prepared(readSite('gold-coast-ford'));
    const options = pageOptions(site as never, siteDataFor(site, catalogue).models);
    const home = site.pages.find((p) => p.path === '/')!;
    expect(options).toContainEqual({ value: '/', label: pageTitle(home as never), detail: '/' });
    const firstBlock = home.blocks[0];
    expect(options.map((o) => o.value)).toContain(`/#${firstBlock.id}`);
    for (const location of site.locations)
      expect(
        options.some(
          (o) => o.value === `/locations/${location.slug}` && o.label.endsWith(location.name),
        ),
      ).toBe(true);
    // Two parameters, or a parameter no block names data for: left out, never half-filled.
    expect(options.some((o) => o.value.includes(':'))).toBe(false);
  });

  it('drops the site-name suffix of titles', () => {
    expect(pageTitle({ id: 'finance', title: 'Finance | {site}' })).toBe('Finance');
    expect(pageTitle({ id: 'x', title: '' })).toBe('x');
  });

  it('filters by every word typed, in the title or the address', () => {
    const options = [
      { value: '/finance', label: 'Finance', detail: '/finance' },
      { value: '/service', label: 'Book a service', detail: '/service' },
    ];
    expect(filterOptions(options, 'BOOK serv').map((o) => o.value)).toEqual(['/service']);
    expect(filterOptions(options, '/fin')).toHaveLength(1);
    expect(filterOptions(options, '  ')).toHaveLength(2);
  });
});

describe('data options', () => {
  it.each(slugs)('every entry offered for %s is a reference the site check accepts', (slug) => {
    const site = prepared(readSite(slug));
    const models = siteDataFor(site, catalogue).models;
    for (const collection of [
      'models',
      'makes',
      'makeSlugs',
      'offers',
      'locations',
      'locationIds',
      'dealerships',
      'reviewAccounts',
    ]) {
      const options = refOptions(collection, site as never, models)!;
      expect(options, collection).toBeDefined();
      const known = new Set(options.map((o) => o.value));
      for (const o of options) expect(known.has(o.detail)).toBe(true);
    }
    expect(refOptions('locations', site as never)!.map((o) => o.label)).toEqual(
      site.locations.map((l) => l.name),
    );
    expect(refOptions('models', site as never)).toBeUndefined();
    expect(refOptions('models', site as never, models)!.length).toBe(models.length);
  });

  it('names the makes a site sells, from its dealerships', () => {
    expect(
      siteMakes({
        dealerships: [{ manufacturers: ['Mazda', 'Ford'] }, { manufacturers: ['Ford'] }],
      }),
    ).toEqual(['Ford', 'Mazda']);
    expect(siteMakes(undefined)).toEqual([]);
  });

  it('copes with a new site that has no locations, offers or dealerships yet', () => {
    expect(refOptions('locations', { pages: [] })).toEqual([]);
    expect(pageOptions({ pages: [{ id: 'home', path: '/', title: 'Home', blocks: [] }] })).toEqual([
      { value: '/', label: 'Home', detail: '/' },
    ]);
  });
});
