/**
 * Editing a template page stores only the change (docs/editor-design.md, "The document model"):
 * the site file grows by the edit, not by a copy of the page.
 */
import { structuredPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { renderText } from '../../../engine/document/diff-render.ts';
import { findBlock, type Doc } from '../doc.ts';
import { EditorStore } from './index.ts';
import { createDraftValidator, makeStore, read, rootIds } from './test-kit.ts';

/** Lines added or removed between the canonical texts of two documents. */
function changedLines(before: Doc, after: Doc): string[] {
  const patch = structuredPatch(
    'a',
    'b',
    formatSiteDocument(before),
    formatSiteDocument(after),
    '',
    '',
    { context: 0 },
  );
  return patch.hunks.flatMap((h) => h.lines).filter((l) => l.startsWith('+') || l.startsWith('-'));
}

/** A new site from a starter template, as the editor's "New site" form creates it. */
function newSite(): { store: EditorStore; templates: Record<string, Doc> } {
  const templates = { 'multi-brand-group': read('sites/templates/multi-brand-group.json') };
  const doc = {
    $schema: '../schemas/site.schema.json',
    schemaVersion: templates['multi-brand-group'].schemaVersion,
    slug: 'city-motors',
    name: 'City Motors',
    template: 'multi-brand-group',
    region: 'AU',
    dealership_id: 901,
    dealerships: [
      { id: 901, slug: 'city-motors', name: 'City Motors', manufacturers: ['Toyota', 'Mazda'] },
    ],
  };
  return { store: new EditorStore({ slug: 'city-motors', doc, templates }), templates };
}

describe('editing a template page stores only the change', () => {
  it('one prop edit of a starter template page is a handful of lines in the file, and reads as that edit', () => {
    const { store, templates } = newSite();
    const before = store.getState().doc;
    const home = store.getState().resolved.pages[0];
    const hero = home.blocks.find((b: Doc) => b.type === 'hero');
    expect(store.setProps(hero.id, { ...hero.props, heading: 'Drive away today' })).toBe(true);
    const after = store.getState().doc;
    const lines = changedLines(before, after);
    expect(lines.length).toBeLessThanOrEqual(12);
    expect(lines.join('\n')).toContain('"heading": "Drive away today"');
    expect(after.pages).toEqual([
      { id: home.id, blockChanges: { [hero.id]: { props: { heading: 'Drive away today' } } } },
    ]);
    // The resolved page is the template's with that one prop changed.
    expect(findBlock(store.getState().resolved, hero.id)!.block.props).toEqual({
      ...hero.props,
      heading: 'Drive away today',
    });
    expect(store.getState().resolved.pages[0].blocks.length).toBe(home.blocks.length);
    // Reviewers read the edit, not a page copy.
    const template = store.getState().template;
    expect(
      renderText(
        diffSiteDocuments(before, after, { templates: { before: template, after: template } }),
      ),
    ).toBe(
      `Block hero ${hero.id} on page ${home.id}: props/heading ${JSON.stringify(hero.props.heading)} → "Drive away today"\n`,
    );
    expect(createDraftValidator(() => templates)(after)).toEqual([]);
  });

  it('edits back to the template value leave nothing; page keys and removals are small changes too', () => {
    const store = makeStore();
    store.setProps('why-text', { html: '<p>Changed</p>' });
    expect(store.getState().doc.pages).toEqual([
      { id: 'home', blockChanges: { 'why-text': { props: { html: '<p>Changed</p>' } } } },
    ]);
    store.setProps('why-text', { html: '<p>Because</p>' });
    expect(store.getState().doc.pages).toBeUndefined();
    store.updatePage('contact', { title: 'Talk to us', description: 'Call or write' });
    store.removeBlocks(['left-text']);
    expect(store.getState().doc.pages).toEqual([
      { id: 'contact', title: 'Talk to us', description: 'Call or write' },
      { id: 'home', blockChanges: { 'left-text': null } },
    ]);
    store.updatePage('contact', { title: 'Contact', description: '' });
    expect(store.getState().doc.pages).toEqual([
      { id: 'home', blockChanges: { 'left-text': null } },
    ]);
  });

  it('a structural change turns the changes into a copy of the page as shown; Reset to template clears them', () => {
    const store = makeStore();
    store.setProps('home-hero', { heading: 'Hello' });
    store.removeBlocks(['left-text']);
    store.addBlock('rich-text', { ref: { area: 'page:home' }, index: 0 });
    const [page] = store.getState().doc.pages;
    expect(page).not.toHaveProperty('blockChanges');
    expect(page.blocks.map((b: Doc) => b.id)).toEqual(['rich-text', 'home-hero', 'why-us', 'cols']);
    expect(page.blocks[1].props.heading).toBe('Hello');
    expect(findBlock(store.getState().resolved, 'left-text')).toBeUndefined();
    // Further edits go to the copy.
    store.setProps('home-hero', { heading: 'Hi' });
    expect(store.getState().doc.pages[0].blocks[1].props).toEqual({ heading: 'Hi' });
    store.undo();
    store.undo();
    expect(store.getState().doc.pages).toEqual([
      {
        id: 'home',
        blockChanges: { 'home-hero': { props: { heading: 'Hello' } }, 'left-text': null },
      },
    ]);
    expect(store.removePage('home')).toEqual({ ok: true });
    expect(store.history().undo[0]).toBe('Reset page home to the template');
    expect(store.getState().doc.pages).toBeUndefined();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
  });
});
