import { describe, expect, it } from 'vitest';
import { menuLocations } from '../../blocks/_shared/site-links.ts';
import type { Doc } from './doc.ts';
import { cutFor, PreviewModel, propsToShow, staleBanner } from './preview-model.ts';

const location = (id: number, name: string): Doc => ({
  id,
  name,
  slug: name.toLowerCase(),
  location_type: 'sales',
  dealership_slug: 'd',
  address: { street: '1 Main St', city: name, state: 'VIC', postcode: '3000' },
});

function site(blocks: Doc[], locations: Doc[] = [location(1, 'Frankston')]): Doc {
  return {
    schemaVersion: 2,
    slug: 'unit-site',
    name: 'Unit Site',
    region: 'AU',
    features: {},
    theme: {},
    dealerships: [],
    offers: [],
    locations,
    layout: { header: [{ type: 'header', id: 'header', props: {} }], footer: [] },
    pages: [{ id: 'home', path: '/', title: 'Home', blocks }],
  };
}

const blocksOf = (shown: { site: unknown }) => (shown.site as Doc).pages[0].blocks as Doc[];

describe('preview model: blocks with problems stay on the page', () => {
  it('shows a block with an invalid prop with that prop’s last valid value, and marks it', () => {
    const model = new PreviewModel();
    model.show(
      site([{ type: 'hero', id: 'hero', props: { heading: 'Drive away', tone: 'brand' } }]),
      [],
      [],
      '/',
      1,
    );
    const shown = model.show(
      site([{ type: 'hero', id: 'hero', props: { heading: '', tone: 'brand' } }]),
      [{ path: '/pages/0/blocks/0/props/heading', message: 'This cannot be empty' }],
      [],
      '/',
      2,
    );
    expect(blocksOf(shown)).toEqual([
      { type: 'hero', id: 'hero', props: { heading: 'Drive away', tone: 'brand' } },
    ]);
    // Named as the form names the field, not by its key.
    expect(shown.problems.get('hero')).toEqual(['Heading: This cannot be empty']);
    expect(shown.stale).toEqual([]);
  });

  it('leaves an empty list item out of its list, the rest of the block shown as typed', () => {
    const model = new PreviewModel();
    const items = [
      { question: 'Q1', answer: '<p>A1</p>' },
      {},
      { question: 'Q3', answer: '<p>A3</p>' },
    ];
    const shown = model.show(
      site([{ type: 'faq-accordion', id: 'faq', props: { heading: 'New heading', items } }]),
      [
        { path: '/pages/0/blocks/0/props/items/1/question', message: 'is required' },
        { path: '/pages/0/blocks/0/props/items/1/answer', message: 'is required' },
      ],
      [],
      '/',
      1,
    );
    expect(blocksOf(shown)[0].props).toEqual({
      heading: 'New heading',
      items: [items[0], items[2]],
    });
    // The item is named by its place (it has no question yet), the fields by their labels.
    expect(shown.problems.get('faq')).toEqual([
      'Questions › 2nd item › Question: is required',
      'Questions › 2nd item › Answer: is required',
    ]);
  });

  it('falls back to the schema default, else leaves the prop out, when the block was never valid', () => {
    expect(
      propsToShow('hero', { heading: 'H', tone: 'neon', text: 5 }, [['tone'], ['text']], undefined),
    ).toEqual({ heading: 'H', tone: 'brand' });
    // A problem of the props as a whole: the last valid props fill what is missing.
    expect(
      propsToShow('hero', { tone: 'plain' }, [[]], { heading: 'Before', tone: 'brand' }),
    ).toEqual({ heading: 'Before', tone: 'plain' });
  });

  it('cuts at the innermost list item below the first segment, else the property', () => {
    expect(cutFor(['locations', '1', 'address'])).toEqual(['locations', '1']);
    expect(cutFor(['items', '0', 'links', '2', 'href'])).toEqual(['items', '0', 'links', '2']);
    expect(cutFor(['theme', 'colours', 'primary'])).toEqual(['theme', 'colours', 'primary']);
    expect(cutFor(['2'])).toEqual(['2']);
    expect(cutFor([])).toBeUndefined();
  });
});

describe('preview model: problems outside blocks', () => {
  it('a reopened draft with a half-filled location: the location is left out and the banner says so', () => {
    const model = new PreviewModel();
    const half = { id: 2, location_type: 'sales' };
    const doc = site(
      [{ type: 'hero', id: 'hero', props: { heading: 'Hi' } }],
      [location(1, 'Frankston'), half],
    );
    // Straight from the header: the half-filled location crashed it (no address).
    expect(() => menuLocations(doc as never)).toThrow();
    const shown = model.show(
      doc,
      [
        { path: '/locations/1/address', message: 'is required' },
        { path: '/locations/1/slug', message: 'is required' },
      ],
      [],
      '/',
      1,
    );
    expect((shown.site as unknown as Doc).locations).toEqual([location(1, 'Frankston')]);
    expect(menuLocations(shown.site).map((l) => l.label)).toEqual(['Frankston']);
    expect(shown.staleShown).toBe('left-out');
    expect(staleBanner(shown)).toBe(
      'Left out of the preview until fixed: Settings › Locations › 2nd item › Address: is required; Settings › Locations › 2nd item › Location web name: is required',
    );
    // Later edits still show (nothing is frozen at an old version).
    const next = model.show(
      {
        ...doc,
        pages: [
          {
            id: 'home',
            path: '/',
            title: 'Home',
            blocks: [{ type: 'hero', id: 'hero', props: { heading: 'Hello' } }],
          },
        ],
      },
      [{ path: '/locations/1/address', message: 'is required' }],
      [],
      '/',
      2,
    );
    expect(blocksOf(next)[0].props).toEqual({ heading: 'Hello' });
  });

  it('a problem of the document itself keeps the last version without it, else shows the draft as it is', () => {
    const model = new PreviewModel();
    const problem = [{ path: '/', message: "must have required property 'name'" }];
    const first = model.show(site([]), problem, [], '/', 1);
    expect(first.staleShown).toBe('as-is');
    expect(staleBanner(first)).toMatch(/shows the draft as it is/);
    const valid = model.show(
      site([{ type: 'hero', id: 'hero', props: { heading: 'Hi' } }]),
      [],
      [],
      '/',
      2,
    );
    const again = model.show(site([]), problem, [], '/', 3);
    expect(again.site).toBe(valid.site);
    expect(again.staleShown).toBe('last-valid');
    expect(staleBanner(again)).toMatch(/shows the last version without this problem/);
  });

  it('keeps unchanged parts identical between renders', () => {
    const model = new PreviewModel();
    const a = model.show(
      site([
        { type: 'hero', id: 'hero', props: { heading: 'Hi' } },
        { type: 'hero', id: 'b', props: { heading: 'B' } },
      ]),
      [],
      [],
      '/',
      1,
    );
    const b = model.show(
      site([
        { type: 'hero', id: 'hero', props: { heading: 'Hi!' } },
        { type: 'hero', id: 'b', props: { heading: 'B' } },
      ]),
      [],
      [],
      '/',
      2,
    );
    expect(blocksOf(b)[1]).toBe(blocksOf(a)[1]);
    expect(blocksOf(b)[0]).not.toBe(blocksOf(a)[0]);
  });
});

describe('preview model: what stays the same object between checks', () => {
  it('keeps the site’s data (models, anchors) when a check changed only a block’s text', () => {
    const model = new PreviewModel();
    const models = [{ id: 1, name: 'Ranger', manufacturer_name: 'Ford' }];
    const first = model.show(
      site([{ type: 'hero', id: 'hero', props: { heading: 'One' } }]),
      [],
      models,
      '/',
      1,
    );
    const second = model.show(
      site([{ type: 'hero', id: 'hero', props: { heading: 'Two' } }]),
      [],
      models,
      '/',
      2,
    );
    expect(second.site).not.toBe(first.site);
    // Every block reads it through the renderer's context: a new object re-renders them all.
    expect(second.siteData).toBe(first.siteData);
    expect(second.site.layout).toBe(first.site.layout);
  });
});
