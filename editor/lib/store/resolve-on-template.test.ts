import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findBlock, resolveDraft, resolvedTemplate, type Doc } from '../doc.ts';
import { resolveDraftOn, resolveEdit } from '../template-layer.ts';
import { EditorStore } from './index.ts';
import { read } from './test-kit.ts';

/** Every starter template, by name, as in sites/templates/. */
const templates: Record<string, Doc> = Object.fromEntries(
  readdirSync('sites/templates')
    .filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), read(`sites/templates/${f}`)]),
);
const sites = readdirSync('sites')
  .filter((f) => f.endsWith('.json'))
  .map((f) => read(`sites/${f}`));

const both = (doc: Doc, all: Record<string, Doc> = templates) => ({
  long: resolveDraft(doc, all),
  short: resolveDraftOn(doc, all, resolvedTemplate(doc, all)),
});

describe('resolving a draft onto its template merged once (the store, on every change)', () => {
  it('gives every demo site exactly what merging the whole chain gives', () => {
    expect(sites.filter((s) => typeof s.template === 'string').length).toBeGreaterThan(0);
    for (const doc of sites) {
      const { long, short } = both(doc);
      expect(short).toEqual(long);
    }
  });

  it('gives the same through a chain of two templates, with page changes and left-out pages', () => {
    const base = sites.find((s) => typeof s.template === 'string')!;
    const name = String(base.template);
    const middle: Doc = {
      ...templates[name],
      template: name,
      withoutPages: [],
      pages: [],
      theme: { colours: { primary: '#204060' } },
    };
    const all = { ...templates, middle };
    const doc = { ...base, template: 'middle' };
    const { long, short } = both(doc, all);
    expect(short).toEqual(long);
    expect((short.theme as Doc).colours).toMatchObject({ primary: '#204060' });
  });

  it('goes the long way when a template of the chain is missing', () => {
    const doc = { ...sites[0], template: 'gone' };
    const { long, short } = both(doc, { gone: { ...templates.ford, template: 'also-gone' } });
    expect(short).toEqual(long);
    expect(short).toBe(doc);
  });

  it('keeps the store’s resolved draft what the whole merge gives after an edit of a template page', () => {
    const doc = read('sites/gold-coast-ford.json');
    const store = new EditorStore({ slug: 'gold-coast-ford', doc, templates });
    const hero = findBlock(store.getState().resolved, 'home-hero')!.block;
    expect(store.setProps('home-hero', { ...hero.props, heading: 'Welcome in' })).toBe(true);
    const { doc: draft, resolved } = store.getState();
    expect(resolved).toEqual(resolveDraft(draft, templates));
    expect(findBlock(resolved, 'home-hero')!.block.props?.heading).toBe('Welcome in');
  });

  it('swaps only the edited pages after an edit of the draft’s own pages, as the whole merge would', () => {
    for (const doc of sites) {
      const store = new EditorStore({ slug: String(doc.slug ?? 'site'), doc, templates });
      const first = (store.getState().doc.pages as Doc[] | undefined)?.find((p) =>
        (p.blocks as Doc[] | undefined)?.some((b) => b.props),
      );
      if (!first) continue;
      const block = (first.blocks as Doc[]).find((b) => b.props)!;
      const prev = store.getState();
      store.setProps(String(block.id), { ...(block.props as Doc), heading: 'Typed' });
      const { doc: draft, resolved } = store.getState();
      expect(resolveEdit(prev, draft)).toBeDefined();
      expect(resolved).toEqual(resolveDraft(draft, templates));
      store.undo();
      expect(store.getState().resolved).toEqual(resolveDraft(store.getState().doc, templates));
    }
  });

  it('leaves anything but an edit of the draft’s own pages to the whole merge', () => {
    const doc = read('sites/gold-coast-ford.json');
    const prev = { doc, resolved: resolveDraft(doc, templates) };
    const pages = doc.pages as Doc[];
    // A setting changed, a page added, a page's id changed, a page turned into changes to the template's.
    expect(resolveEdit(prev, { ...doc, theme: { ...(doc.theme as Doc) } })).toBeUndefined();
    expect(
      resolveEdit(prev, { ...doc, pages: [...pages, { id: 'new', blocks: [] }] }),
    ).toBeUndefined();
    expect(
      resolveEdit(prev, { ...doc, pages: [{ ...pages[0], id: 'other' }, ...pages.slice(1)] }),
    ).toBeUndefined();
    const { blocks: _blocks, ...changes } = pages[0];
    expect(
      resolveEdit(prev, { ...doc, pages: [{ ...changes, blockChanges: [] }, ...pages.slice(1)] }),
    ).toBeUndefined();
    // The same page edited: its new object in its place, the rest as they were.
    const edited = { ...pages[0], title: 'Typed' };
    const out = resolveEdit(prev, { ...doc, pages: [edited, ...pages.slice(1)] })!;
    expect(out).toEqual(resolveDraft({ ...doc, pages: [edited, ...pages.slice(1)] }, templates));
    expect((out.pages as Doc[]).includes(edited)).toBe(true);
  });
});
