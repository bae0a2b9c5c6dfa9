import { describe, expect, it } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { renderText } from '../../../engine/document/diff-render.ts';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { outlineDocument } from '../../../engine/document/outline.ts';

type Json = Record<string, any>;

const template: Json = {
  pages: [
    {
      id: 'home',
      path: '/',
      title: 'Home',
      blocks: [
        { type: 'hero', id: 'hero', props: { heading: 'A', subheading: 'Sub' } },
        { type: 'rich-text', id: 'intro', props: { html: '<p>Hi</p>' } },
      ],
    },
    {
      id: 'about',
      path: '/about',
      title: 'About',
      blocks: [{ type: 'rich-text', id: 'about-text', props: { html: '<p>About</p>' } }],
    },
  ],
};
const site = (pages: Json[] = []): Json => ({
  slug: 's',
  name: 'S',
  template: 'base',
  ...(pages.length ? { pages } : {}),
});
const diff = (before: Json, after: Json) =>
  renderText(
    diffSiteDocuments(before, after, { templates: { before: template, after: template } }),
  );

describe('semantic diff of template pages changed block by block', () => {
  it('a first prop edit reads as that block edit, not a page copy', () => {
    expect(
      diff(site(), site([{ id: 'home', blockChanges: { hero: { props: { heading: 'B' } } } }])),
    ).toBe('Block hero hero on page home: props/heading "A" → "B"\n');
  });

  it('a further edit, a page title and a left-out block', () => {
    const before = site([{ id: 'home', blockChanges: { hero: { props: { heading: 'B' } } } }]);
    const after = site([
      { id: 'about', title: 'About us' },
      {
        id: 'home',
        blockChanges: { hero: { props: { heading: 'C', subheading: null } }, intro: null },
      },
    ]);
    expect(diff(before, after).split('\n').filter(Boolean)).toEqual([
      'Page about renamed: title "About" → "About us"',
      'Block rich-text intro removed from page home, position 2',
      'Block hero hero on page home: props/heading "B" → "C"',
      'Block hero hero on page home: props/subheading "Sub" → (not set)',
    ]);
  });

  it('clearing the changes reads as going back to the template; a copy as what it changes', () => {
    const changed = site([{ id: 'home', blockChanges: { hero: { props: { heading: 'B' } } } }]);
    expect(diff(changed, site())).toBe('Block hero hero on page home: props/heading "B" → "A"\n');
    const copy = site([
      {
        ...template.pages[0],
        blocks: [
          { type: 'hero', id: 'hero', props: { heading: 'B', subheading: 'Sub' } },
          template.pages[0].blocks[1],
          { type: 'rich-text', id: 'new' },
        ],
      },
    ]);
    expect(diff(changed, copy)).toBe('Block rich-text new added on page home, position 3\n');
  });

  it('without the template, the changes still read as block edits', () => {
    const out = renderText(
      diffSiteDocuments(
        site(),
        site([{ id: 'home', blockChanges: { hero: { props: { heading: 'B' } } } }]),
      ),
    );
    expect(out).toBe('Block template block hero on page home: props/heading (not set) → "B"\n');
  });

  it('canonical form puts blockChanges before blocks and sorts its block ids; the outline names each change', () => {
    const doc = site([
      { blockChanges: { zed: null, alpha: { props: { b: 1, a: 2 } } }, title: 'T', id: 'home' },
    ]);
    const text = formatSiteDocument(doc);
    expect(text).toContain(
      '"id": "home",\n      "title": "T",\n      "blockChanges": {\n        "alpha": {\n          "props": {\n            "a": 2,\n            "b": 1\n          }\n        },\n        "zed": null',
    );
    expect(formatSiteDocument(JSON.parse(text))).toBe(text);
    expect(outlineDocument(doc)).toContain(
      'page home (changes to the template page)\npage home: title = "T"\npage home › template block alpha: props/a = 2\npage home › template block alpha: props/b = 1\npage home › template block zed left out',
    );
  });
});
