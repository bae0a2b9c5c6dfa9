import { describe, expect, it, vi, beforeEach } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EditorStore } from './store.ts';
import { findBlock, leftOutPages, overrideFor, pageOrigin, resolveDraft, UNSET, withoutAddedDefaults, type Doc } from './doc.ts';
import { flattenView, projectInsert, projectMove, withoutMoved } from './tree.ts';
import { copyBlocks, readClipboard } from './clipboard.ts';
import { copySelection, cutSelection, duplicateSelection, pasteClipboard, removeSelection } from './actions.ts';
import { createAutosaver, discardDraft, loadDraft, saveDraft } from './autosave.ts';
import { errorSchemaFor, issueTarget, mapIssues } from './issues.ts';
import { createSitePreparer } from '../../engine/site/prepare.ts';

/** The server's check (engine/server/editor-api.ts) runs this preparer. */
function createDraftValidator(templates: () => Record<string, Doc>) {
  const prepare = createSitePreparer({ loadTemplate: (name) => templates()[name] });
  return (doc: Doc) => {
    const r = prepare(doc);
    return r.ok ? [] : r.issues;
  };
}
import { blockPropsSchema, startingProps } from './schemas.ts';
import { blockMeta } from './blocks.ts';
import { collectBlockIds } from '../../engine/document/ids.ts';

const root = join(import.meta.dirname, '../..');
const read = (p: string) => JSON.parse(readFileSync(join(root, p), 'utf8')) as Doc;

function template(): Doc {
  return {
    schemaVersion: 2,
    features: { reserveButtons: true },
    theme: { colours: { primary: '#00095b' }, radius: 4 },
    layout: { header: [{ type: 'header', id: 'site-header' }], footer: [{ type: 'footer', id: 'site-footer' }] },
    pages: [
      {
        id: 'home',
        path: '/',
        title: '{site}',
        blocks: [
          { type: 'hero', id: 'home-hero', props: { heading: 'Welcome' } },
          { type: 'section', id: 'why-us', children: [{ type: 'rich-text', id: 'why-text', props: { html: '<p>Because</p>' } }] },
          { type: 'columns', id: 'cols', slots: { main: [{ type: 'rich-text', id: 'left-text', props: { html: '<p>L</p>' } }] } },
        ],
      },
      { id: 'contact', path: '/contact', title: 'Contact', blocks: [] },
    ],
  };
}

function site(): Doc {
  return { schemaVersion: 2, slug: 'test-site', name: 'Test Site', template: 'base', region: 'AU' };
}

function makeStore(doc = site()) {
  return new EditorStore({ slug: 'test-site', doc, templates: { base: template() } });
}

const ids = (list: Array<{ id: string }> | undefined) => (list ?? []).map((b) => b.id);

describe('editor store: changes, undo and redo with immer patches', () => {
  it('adds a block to an inherited page by copying the page into the site first', () => {
    const store = makeStore();
    store.select('home-hero');
    const id = store.addBlock('hero');
    expect(id).toBe('hero');
    const { doc, resolved } = store.getState();
    expect(doc.pages).toHaveLength(1);
    expect(ids(doc.pages[0].blocks)).toEqual(['home-hero', 'hero', 'why-us', 'cols']);
    expect(ids(resolved.pages[0].blocks)).toEqual(['home-hero', 'hero', 'why-us', 'cols']);
    // The new block has exactly the props its schema requires and nothing defaulted.
    expect(doc.pages[0].blocks[1]).toEqual({ type: 'hero', id: 'hero', props: { heading: 'New heading' } });
    expect(store.getState().selected).toBe('hero');
  });

  it('undo restores the exact previous document and redo reapplies it', () => {
    const store = makeStore();
    const original = store.getState().doc;
    store.addBlock('rich-text');
    store.setFeature('compare', true);
    const after = store.getState().doc;
    expect(store.undo()).toBe(true);
    expect(store.getState().doc.features).toBeUndefined();
    expect(store.undo()).toBe(true);
    expect(store.getState().doc).toEqual(original);
    expect(store.getState().canUndo).toBe(false);
    expect(store.redo()).toBe(true);
    expect(store.redo()).toBe(true);
    expect(store.getState().doc).toEqual(after);
    expect(store.getState().canRedo).toBe(false);
  });

  it('a new change after undo drops the redo stack', () => {
    const store = makeStore();
    store.setFeature('compare', true);
    store.undo();
    store.setFeature('watchlist', true);
    expect(store.getState().canRedo).toBe(false);
    expect(store.history().undo).toEqual(['Set switch watchlist to true']);
  });

  it('typing in one block is one undo step (coalesced), another block is another', () => {
    const store = makeStore();
    store.setProps('home-hero', { heading: 'W' });
    store.setProps('home-hero', { heading: 'We' });
    store.setProps('home-hero', { heading: 'Wel' });
    store.setProps('why-text', { html: '<p>x</p>' });
    expect(store.history().undo).toHaveLength(2);
    store.undo();
    store.undo();
    expect(store.getState().resolved.pages[0].blocks[0].props.heading).toBe('Welcome');
    // Nothing of the page was kept in the site: undo gives back the template page.
    expect(store.getState().doc.pages).toBeUndefined();
  });

  it('undo brings the view and selection back to where the change happened', () => {
    const store = makeStore();
    store.select('why-text');
    store.setProps('why-text', { html: '<p>changed</p>' });
    store.setView('page:contact');
    expect(store.getState().selected).toBeUndefined();
    store.undo();
    expect(store.getState().view).toBe('page:home');
    expect(store.getState().selected).toBe('why-text');
  });

  it('a no-op change makes no history step', () => {
    const store = makeStore();
    expect(store.setProps('home-hero', { heading: 'Welcome' })).toBe(false);
    expect(store.getState().canUndo).toBe(false);
  });

  it('keeps unchanged blocks identical (structural sharing keeps outline rows memoised)', () => {
    const store = makeStore();
    store.setProps('home-hero', { heading: 'A' });
    const before = store.getState().resolved.pages[0].blocks;
    store.setProps('home-hero', { heading: 'AB' });
    const after = store.getState().resolved.pages[0].blocks;
    expect(after[0]).not.toBe(before[0]);
    expect(after[1]).toBe(before[1]);
    expect(after[2]).toBe(before[2]);
  });
});

describe('editor store: move and insert rules', () => {
  it('moves a block into a container, into a named slot and back to the page', () => {
    const store = makeStore();
    expect(store.move('home-hero', { area: 'page:home', parent: 'why-us' }, 1)).toBe(true);
    let page = store.getState().doc.pages[0];
    expect(ids(page.blocks)).toEqual(['why-us', 'cols']);
    expect(ids(page.blocks[0].children)).toEqual(['why-text', 'home-hero']);
    expect(store.move('home-hero', { area: 'page:home', parent: 'cols', slot: 'aside' }, 0)).toBe(true);
    page = store.getState().doc.pages[0];
    expect(page.blocks[1].slots.aside.map((b: Doc) => b.id)).toEqual(['home-hero']);
    expect(store.move('home-hero', { area: 'page:home' }, 0)).toBe(true);
    page = store.getState().doc.pages[0];
    expect(ids(page.blocks)).toEqual(['home-hero', 'why-us', 'cols']);
    // The emptied slot is removed rather than written out as [].
    expect(page.blocks[2].slots).toEqual({ main: [expect.objectContaining({ id: 'left-text' })] });
  });

  it('refuses blocks where the schema does not allow them', () => {
    const store = makeStore();
    expect(store.move('why-text', { area: 'page:home', parent: 'home-hero' }, 0)).toBe(false); // hero is no container
    expect(store.move('home-hero', { area: 'page:home', parent: 'cols' }, 0)).toBe(false); // columns: slots only
    expect(store.move('home-hero', { area: 'page:home', parent: 'cols', slot: 'sidebar' }, 0)).toBe(false); // no such slot
    expect(store.move('why-us', { area: 'page:home', parent: 'why-us' }, 0)).toBe(false); // into itself
    expect(store.getState().canUndo).toBe(false);
  });

  it('refuses to move a container into its own descendant', () => {
    const store = makeStore();
    store.move('cols', { area: 'page:home', parent: 'why-us' }, 0);
    expect(store.move('why-us', { area: 'page:home', parent: 'cols', slot: 'main' }, 0)).toBe(false);
  });

  it('moves blocks between the header and footer of the layout', () => {
    const store = makeStore();
    store.addBlock('emergency-banner', { ref: { area: 'layout:header' }, index: 0 });
    expect(store.move('emergency-banner', { area: 'layout:footer' }, 1)).toBe(true);
    const { doc } = store.getState();
    expect(ids(doc.layout.header)).toEqual(['site-header']);
    expect(ids(doc.layout.footer)).toEqual(['site-footer', 'emergency-banner']);
  });

  it('adds into the selected container, else after the selected block', () => {
    const store = makeStore();
    store.select('why-us');
    expect(store.addBlock('hero')).toBe('hero');
    expect(ids(store.getState().doc.pages[0].blocks[1].children)).toEqual(['why-text', 'hero']);
    store.select('left-text');
    expect(store.addBlock('rich-text')).toBe('rich-text');
    expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual(['left-text', 'rich-text']);
  });

  it('removes a block with its children', () => {
    const store = makeStore();
    store.remove('why-us');
    expect(findBlock(store.getState().resolved, 'why-text')).toBeUndefined();
    store.undo();
    expect(findBlock(store.getState().resolved, 'why-text')).toBeDefined();
  });
});

describe('outline rows and drop projection', () => {
  const doc = resolveDraft(site(), { base: template() });
  const rows = flattenView(doc, 'page:home');

  it('flattens the visible tree into one list with depths and slot heads', () => {
    expect(rows.map((r) => `${'  '.repeat(r.depth)}${r.key}`)).toEqual([
      'home-hero',
      'why-us',
      '  why-text',
      'cols',
      '  slot:cols:main',
      '    left-text',
      '  slot:cols:aside',
    ]);
    expect(flattenView(doc, 'page:home', new Set(['why-us'])).map((r) => r.key)).not.toContain('why-text');
  });

  it('shows the header and footer as two lists in the layout view', () => {
    expect(flattenView(doc, 'layout').map((r) => `${r.depth}:${r.key}`)).toEqual(['0:head:layout:header', '1:site-header', '0:head:layout:footer', '1:site-footer']);
  });

  it('projects a drag to the list and index it would land in', () => {
    const root = { area: 'page:home' as const };
    // hero dragged over why-text without moving sideways: lands in the section, first child.
    expect(projectMove(doc, rows, 'home-hero', 'why-us', 0, root)).toMatchObject({ ref: { parent: 'why-us' }, index: 0, valid: true });
    // dragged to the end, nudged right: goes into the empty aside slot.
    const p = projectMove(doc, rows, 'home-hero', 'slot:cols:aside', 2, root);
    expect(p).toMatchObject({ ref: { parent: 'cols', slot: 'aside' }, index: 0, valid: true });
    // a new block dropped after the aside head: at depth 0 it lands after cols on the page,
    // at depth 2 inside the aside slot.
    expect(projectInsert(doc, rows, 'slot:cols:aside', true, 0, 'hero', root)).toMatchObject({ valid: true, ref: { area: 'page:home' }, index: 3 });
    expect(projectInsert(doc, rows, 'slot:cols:aside', true, 2, 'hero', root)).toMatchObject({ valid: true, ref: { parent: 'cols', slot: 'aside' }, index: 0 });
    // between a columns block and its first slot head nothing can go
    expect(projectInsert(doc, rows, 'cols', true, 1, 'hero', root)).toBeUndefined();
  });

  it('steers drops to the nearest depth the schema allows, or marks them refused with a reason', () => {
    const slot = blockMeta.columns.slots[0];
    const accepts = slot.accepts;
    slot.accepts = ['rich-text']; // a First column that takes nothing but rich text
    try {
      const root = { area: 'page:home' as const };
      expect(projectInsert(doc, rows, 'left-text', true, 2, 'rich-text', root)).toMatchObject({ valid: true, ref: { slot: 'main' }, index: 1 });
      // A hero is refused there (no other depth is possible between left-text and the aside head)…
      expect(projectInsert(doc, rows, 'left-text', true, 2, 'hero', root)).toMatchObject({ valid: false });
      // …while after the section's last child it is steered to the page when the section is wanted.
      expect(projectInsert(doc, rows, 'why-text', true, 1, 'hero', root)).toMatchObject({ valid: true, ref: { parent: 'why-us' }, index: 1 });
      const p = projectInsert(doc, rows, 'slot:cols:main', true, 2, 'hero', root);
      expect(p).toMatchObject({ valid: false, reason: 'First column of Columns does not take Hero blocks' });
    } finally {
      slot.accepts = accepts;
    }
  });
});

describe('dragging several selected blocks together', () => {
  const doc = resolveDraft(site(), { base: template() });
  const rows = flattenView(doc, 'page:home');
  const root = { area: 'page:home' as const };

  it('hides the other members of the group and everything inside them while dragging', () => {
    expect(withoutMoved(rows, 'home-hero', ['home-hero', 'cols']).map((r) => r.key)).toEqual(['home-hero', 'why-us', 'why-text']);
    // A group of one is the row without its descendants.
    expect(withoutMoved(rows, 'why-us', undefined).map((r) => r.key)).toEqual(['home-hero', 'why-us', 'cols', 'slot:cols:main', 'left-text', 'slot:cols:aside']);
  });

  it('projects the group where every one of its blocks is allowed', () => {
    expect(projectMove(doc, rows, 'home-hero', 'why-text', 0, root, ['home-hero', 'cols'])).toMatchObject({ ref: root, index: 1, valid: true });
    const slot = blockMeta.columns.slots[0];
    const accepts = slot.accepts;
    slot.accepts = ['rich-text'];
    try {
      // why-text alone may go into the First column; with a hero in its group it may not.
      expect(projectMove(doc, rows, 'why-text', 'left-text', 1, root)).toMatchObject({ ref: { slot: 'main' }, valid: true });
      expect(projectMove(doc, rows, 'why-text', 'left-text', 1, root, ['home-hero', 'why-text'])).toMatchObject({
        ref: { slot: 'main' },
        valid: false,
        reason: 'First column of Columns does not take Hero blocks',
      });
    } finally {
      slot.accepts = accepts;
    }
  });
});

describe('copy, paste and duplicate give fresh readable ids', () => {
  beforeEach(() => localStorage.clear());

  it('duplicates a container with fresh ids for it and its children', () => {
    const store = makeStore();
    const id = store.duplicate('why-us');
    expect(id).toBe('why-us-2');
    const copy = findBlock(store.getState().resolved, 'why-us-2')!.block;
    expect(copy.children?.[0].id).toBe('why-text-2');
    const all = [...collectBlockIds(store.getState().resolved)];
    expect(new Set(all).size).toBe(all.length);
  });

  it('pastes between pages and between sites via the local clipboard', () => {
    const a = makeStore();
    copyBlocks([findBlock(a.getState().resolved, 'why-us')!.block], { site: 'test-site', page: 'home' });
    const clip = readClipboard()!;
    expect(clip.blocks[0].id).toBe('why-us');
    a.setView('page:contact');
    const pasted = a.paste(clip.blocks);
    expect(pasted).toEqual(['why-us-2']);
    expect(ids(a.getState().resolved.pages[1].blocks)).toEqual(['why-us-2']);

    const other = new EditorStore({
      slug: 'other',
      doc: { schemaVersion: 2, slug: 'other', name: 'Other', pages: [{ id: 'home', path: '/', title: 'Home', blocks: [] }] },
    });
    expect(other.paste(clip.blocks)).toEqual(['why-us']); // no clash in that site: the id is kept
    expect(other.paste(clip.blocks)).toEqual(['why-us-2']);
  });
});

describe('multi-select: selection rules', () => {
  const blockRows = (store: EditorStore, collapsed?: Set<string>) =>
    flattenView(store.getState().resolved, store.getState().view, collapsed)
      .filter((r) => r.kind === 'block')
      .map((r) => r.key);

  it('a plain select is one block; Ctrl/Cmd+click toggles blocks in and out, the last one picked is primary', () => {
    const store = makeStore();
    store.select('home-hero');
    expect(store.getState().selection).toEqual(['home-hero']);
    store.toggleSelected('why-us');
    store.toggleSelected('left-text');
    expect(store.getState().selection).toEqual(['home-hero', 'why-us', 'left-text']);
    expect(store.getState().selected).toBe('left-text');
    expect([...store.getState().selectedSet]).toEqual(['home-hero', 'why-us', 'left-text']);
    // Taking the primary out: the last one picked before it becomes primary.
    store.toggleSelected('left-text');
    expect(store.getState().selection).toEqual(['home-hero', 'why-us']);
    expect(store.getState().selected).toBe('why-us');
    // Taking another one out keeps the primary.
    store.toggleSelected('home-hero');
    expect(store.getState()).toMatchObject({ selection: ['why-us'], selected: 'why-us' });
    store.toggleSelected('why-us');
    expect(store.getState()).toMatchObject({ selection: [], selected: undefined });
    // With nothing selected a toggle selects; a plain select ends a multi-selection.
    store.toggleSelected('cols');
    store.toggleSelected('home-hero');
    store.select('why-text');
    expect(store.getState()).toMatchObject({ selection: ['why-text'], selected: 'why-text' });
  });

  it('a block of another view (header, another page) starts a new selection there', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('site-header');
    expect(store.getState()).toMatchObject({ view: 'layout', selection: ['site-header'], selected: 'site-header' });
    store.toggleSelected('site-footer');
    expect(store.getState().selection).toEqual(['site-header', 'site-footer']);
    store.setView('page:home');
    expect(store.getState()).toMatchObject({ selection: [], selected: undefined });
  });

  it('Shift selects the visible block rows from the primary (the anchor, which stays primary) to the one clicked', () => {
    const store = makeStore();
    const rows = blockRows(store);
    expect(rows).toEqual(['home-hero', 'why-us', 'why-text', 'cols', 'left-text']); // no slot heads
    store.select('why-us');
    store.selectRange('left-text', rows);
    expect(store.getState()).toMatchObject({ selection: ['why-us', 'why-text', 'cols', 'left-text'], selected: 'why-us' });
    // From the same anchor the other way: the range replaces the previous one.
    store.selectRange('home-hero', rows);
    expect(store.getState()).toMatchObject({ selection: ['why-us', 'home-hero'], selected: 'why-us' });
    // Blocks inside a collapsed row are not visible, so not in the range.
    store.selectRange('cols', blockRows(store, new Set(['why-us'])));
    expect(store.getState().selection).toEqual(['why-us', 'cols']);
    // Without an anchor (nothing selected) it selects just the block.
    store.select(undefined);
    store.selectRange('cols', rows);
    expect(store.getState().selection).toEqual(['cols']);
  });

  it('normalises: a block inside another selected block is covered by it; operations see top-most blocks in document order', () => {
    const store = makeStore();
    store.select('left-text');
    store.toggleSelected('why-text');
    store.toggleSelected('why-us');
    store.toggleSelected('home-hero');
    expect(store.getState().selection).toEqual(['left-text', 'why-text', 'why-us', 'home-hero']);
    expect(store.topSelected().map((l) => l.block.id)).toEqual(['home-hero', 'why-us', 'left-text']);
    expect(store.selectionInOrder().map((l) => l.block.id)).toEqual(['home-hero', 'why-us', 'why-text', 'left-text']);
    // Removing them removes the three top-most, why-text with its section.
    expect(store.removeBlocks()).toBe(true);
    expect(store.history().undo[0]).toBe('Remove 3 blocks');
  });

  it('Ctrl/Cmd+A selects the primary block’s list, then every top-level block of the page; Escape goes back to the primary', () => {
    const store = makeStore();
    store.addBlock('rich-text', { ref: { area: 'page:home', parent: 'why-us' }, index: 1 });
    store.select('why-text');
    store.selectAll();
    expect(store.getState()).toMatchObject({ selection: ['why-text', 'rich-text'], selected: 'why-text' });
    store.selectAll();
    expect(store.getState()).toMatchObject({ selection: ['home-hero', 'why-us', 'cols'], selected: 'home-hero' });
    store.collapseSelection();
    expect(store.getState()).toMatchObject({ selection: ['home-hero'], selected: 'home-hero' });
    // Nothing selected: the page. In the layout view: header and footer.
    store.select(undefined);
    store.selectAll();
    expect(store.getState().selection).toEqual(['home-hero', 'why-us', 'cols']);
    store.setView('layout');
    store.selectAll();
    expect(store.getState().selection).toEqual(['site-header', 'site-footer']);
  });

  it('keeps the selection (and its set, which outline rows read) untouched by changes that do not affect it', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('cols');
    const { selection, selectedSet } = store.getState();
    store.setProps('why-text', { html: '<p>x</p>' });
    store.setFeature('compare', true);
    expect(store.getState().selection).toBe(selection);
    expect(store.getState().selectedSet).toBe(selectedSet);
  });
});

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());
  const rootIds = (store: EditorStore, page = 0) => ids(store.getState().resolved.pages[page].blocks);

  it('removes several blocks (Delete) in one step; undo brings them and the selection back, redo removes them again', () => {
    const store = makeStore();
    const original = store.getState().doc;
    store.select('home-hero');
    store.toggleSelected('left-text');
    const announce = vi.fn();
    expect(removeSelection(store, announce)).toBe(true);
    expect(announce).toHaveBeenCalledWith('Removed 2 blocks: Hero home-hero and Rich text left-text. Undo with Ctrl+Z.');
    expect(rootIds(store)).toEqual(['why-us', 'cols']);
    expect(findBlock(store.getState().resolved, 'left-text')).toBeUndefined();
    // The emptied slot is not written out as [].
    expect(findBlock(store.getState().resolved, 'cols')!.block.slots).toBeUndefined();
    expect(store.getState().selection).toEqual([]);
    expect(store.history().undo).toEqual(['Remove 2 blocks']);
    store.undo();
    expect(store.getState().doc).toEqual(original);
    expect(store.getState()).toMatchObject({ selection: ['home-hero', 'left-text'], selected: 'left-text' });
    store.redo();
    expect(rootIds(store)).toEqual(['why-us', 'cols']);
    expect(store.history()).toEqual({ undo: ['Remove 2 blocks'], redo: [] });
  });

  it('duplicates several blocks in one step: the copies of one list follow the last selected block of that list, and become the selection', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('why-us');
    store.toggleSelected('left-text');
    store.toggleSelected('why-us'); // out and in again: primary
    store.toggleSelected('why-us');
    const copies = duplicateSelection(store, () => {});
    expect(copies).toEqual(['home-hero-2', 'why-us-2', 'left-text-2']);
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'home-hero-2', 'why-us-2', 'cols']);
    expect(ids(findBlock(store.getState().resolved, 'why-us-2')!.block.children)).toEqual(['why-text-2']);
    expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual(['left-text', 'left-text-2']);
    expect(store.getState()).toMatchObject({ selection: ['home-hero-2', 'why-us-2', 'left-text-2'], selected: 'why-us-2' });
    const all = [...collectBlockIds(store.getState().resolved)];
    expect(new Set(all).size).toBe(all.length);
    expect(store.history().undo).toEqual(['Duplicate 3 blocks']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    expect(store.getState().selection).toEqual(['home-hero', 'left-text', 'why-us']);
    // One block: the same as before multi-select.
    expect(store.duplicate('cols')).toBe('cols-2');
    expect(store.history().undo[0]).toBe('Duplicate Columns cols as cols-2');
  });

  it('duplicating a container with a child selected too copies the container once', () => {
    const store = makeStore();
    store.select('why-us');
    store.toggleSelected('why-text');
    expect(store.duplicateBlocks()).toEqual(['why-us-2']);
    expect(findBlock(store.getState().resolved, 'why-text-3')).toBeUndefined();
  });

  it('copies several blocks in document order and pastes them all, in order, with fresh ids, as one step', () => {
    const store = makeStore();
    store.select('why-us');
    store.toggleSelected('home-hero');
    store.toggleSelected('why-text'); // covered by why-us
    const announce = vi.fn();
    expect(copySelection(store, announce)).toBe(true);
    expect(announce).toHaveBeenCalledWith(expect.stringMatching(/^Copied 2 blocks: Hero home-hero and Section why-us\./));
    const clip = readClipboard()!;
    expect(clip.blocks.map((b) => b.id)).toEqual(['home-hero', 'why-us']);
    expect(clip.from).toEqual({ site: 'test-site', page: 'page:home' });
    expect(store.getState().canUndo).toBe(false); // copying is not a change
    store.setView('page:contact');
    expect(pasteClipboard(store, announce)).toEqual(['home-hero-2', 'why-us-2']);
    expect(announce).toHaveBeenLastCalledWith('Pasted Hero home-hero-2 and Section why-us-2.');
    expect(rootIds(store, 1)).toEqual(['home-hero-2', 'why-us-2']);
    expect(ids(store.getState().resolved.pages[1].blocks[1].children)).toEqual(['why-text-2']);
    expect(store.getState()).toMatchObject({ selection: ['home-hero-2', 'why-us-2'], selected: 'home-hero-2' });
    expect(store.history().undo).toEqual(['Paste 2 blocks']);
    // Pasting again goes after the (pasted, selected) blocks.
    pasteClipboard(store, announce);
    expect(rootIds(store, 1)).toEqual(['home-hero-2', 'why-us-2', 'home-hero-3', 'why-us-3']);
    store.undo();
    store.undo();
    expect(store.getState().doc.pages).toBeUndefined();
  });

  it('a removal can select the block that stays in the first one’s place; redo brings back the selection as it was after each change', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('why-us');
    expect(store.removeBlocks(undefined, { select: 'cols' })).toBe(true);
    expect(rootIds(store)).toEqual(['cols']);
    expect(store.getState()).toMatchObject({ selection: ['cols'], selected: 'cols' });
    store.undo();
    expect(store.getState()).toMatchObject({ selection: ['home-hero', 'why-us'], selected: 'why-us' });
    store.redo();
    expect(store.getState()).toMatchObject({ selection: ['cols'], selected: 'cols' });
    store.undo();
    // Duplicate: undo selects the originals again, redo the copies.
    const copies = duplicateSelection(store, () => {});
    expect(copies).toEqual(['home-hero-2', 'why-us-2']);
    store.undo();
    expect(store.getState()).toMatchObject({ selection: ['home-hero', 'why-us'], selected: 'why-us' });
    store.redo();
    expect(store.getState()).toMatchObject({ selection: ['home-hero-2', 'why-us-2'], selected: 'why-us-2' });
    // Without `select`, nothing is selected after a removal (and after its redo).
    store.removeBlocks(['cols']);
    expect(store.getState().selection).toEqual([]);
    store.undo();
    store.redo();
    expect(store.getState().selection).toEqual([]);
  });

  it('cuts several blocks: copied, then removed in one step', () => {
    const store = makeStore();
    store.select('home-hero');
    store.toggleSelected('cols');
    expect(cutSelection(store, () => {})).toBe(true);
    expect(readClipboard()!.blocks.map((b) => b.id)).toEqual(['home-hero', 'cols']);
    expect(rootIds(store)).toEqual(['why-us']);
    expect(store.history().undo).toEqual(['Remove 2 blocks']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    // Pasted back into the section (a container, selected alone): at its end.
    store.select('why-us');
    expect(store.paste(readClipboard()!.blocks)).toEqual(['home-hero-2', 'cols-2']);
    expect(ids(findBlock(store.getState().resolved, 'why-us')!.block.children)).toEqual(['why-text', 'home-hero-2', 'cols-2']);
  });

  it('refuses a paste, with the reason, when the target list does not take one of the blocks (the rules drops follow)', () => {
    const slot = blockMeta.columns.slots[0];
    const accepts = slot.accepts;
    slot.accepts = ['rich-text']; // a First column that takes nothing but rich text
    try {
      const store = makeStore();
      const hero = findBlock(store.getState().resolved, 'home-hero')!.block;
      const text = findBlock(store.getState().resolved, 'why-text')!.block;
      store.select('left-text');
      expect(store.pasteBlocks([text, hero])).toEqual({ ids: [], reason: 'First column of Columns does not take Hero blocks' });
      expect(store.getState().canUndo).toBe(false);
      copyBlocks([text, hero], { site: 'test-site' });
      const announce = vi.fn();
      expect(pasteClipboard(store, announce)).toEqual([]);
      expect(announce).toHaveBeenCalledWith('Cannot paste here: First column of Columns does not take Hero blocks.');
      // Rich text alone is fine there.
      expect(store.paste([text])).toEqual(['why-text-2']);
      expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual(['left-text', 'why-text-2']);
    } finally {
      slot.accepts = accepts;
    }
  });

  it('moves several blocks together (a group drag) in document order as one step; refused where one of them cannot go', () => {
    const store = makeStore();
    store.select('cols');
    store.toggleSelected('home-hero');
    expect(store.moveBlocks(store.getState().selection, { area: 'page:home', parent: 'why-us' }, 1)).toBe(true);
    expect(rootIds(store)).toEqual(['why-us']);
    expect(ids(findBlock(store.getState().resolved, 'why-us')!.block.children)).toEqual(['why-text', 'home-hero', 'cols']);
    expect(store.getState()).toMatchObject({ selection: ['home-hero', 'cols'], selected: 'home-hero' });
    expect(store.history().undo).toEqual(['Move 2 blocks to Section why-us']);
    store.undo();
    expect(rootIds(store)).toEqual(['home-hero', 'why-us', 'cols']);
    expect(store.getState().doc.pages).toBeUndefined();
    // Where they already are: nothing to do. Into one of them: refused.
    expect(store.moveBlocks(['home-hero', 'why-us'], { area: 'page:home' }, 0)).toBe(false);
    expect(store.moveBlocks(['home-hero', 'why-us'], { area: 'page:home', parent: 'why-us' }, 0)).toBe(false);
    // A slot that takes rich text only refuses a group holding a hero.
    const slot = blockMeta.columns.slots[0];
    const accepts = slot.accepts;
    slot.accepts = ['rich-text'];
    try {
      expect(store.moveBlocks(['home-hero', 'why-text'], { area: 'page:home', parent: 'cols', slot: 'main' }, 0)).toBe(false);
      expect(store.getState().canUndo).toBe(false);
    } finally {
      slot.accepts = accepts;
    }
  });

  it('reads a single block stored by older versions (and older versions can read a list)', () => {
    const store = makeStore();
    const hero = findBlock(store.getState().resolved, 'home-hero')!.block;
    const KEY = 'forecourt:editor:clipboard';
    // What the first editor versions wrote: v 1, a one-block list.
    localStorage.setItem(KEY, JSON.stringify({ v: 1, blocks: [hero], from: { site: 'old-site', page: 'page:home' }, at: 1 }));
    expect(readClipboard()).toEqual({ v: 1, blocks: [hero], from: { site: 'old-site', page: 'page:home' }, at: 1 });
    store.setView('page:contact');
    expect(pasteClipboard(store, () => {})).toEqual(['home-hero-2']);
    // A single block kept as `block`, or bare, reads as a one-block list too.
    localStorage.setItem(KEY, JSON.stringify({ v: 1, block: hero, from: { site: 'old-site' }, at: 2 }));
    expect(readClipboard()?.blocks).toEqual([hero]);
    localStorage.setItem(KEY, JSON.stringify(hero));
    expect(readClipboard()).toMatchObject({ v: 1, blocks: [hero], from: { site: 'another site' } });
    // Unreadable entries are nothing to paste.
    for (const bad of ['not json', JSON.stringify({ v: 2, blocks: [hero] }), JSON.stringify({ v: 1, blocks: [] }), JSON.stringify({ v: 1, blocks: [{ id: 'x' }] })]) {
      localStorage.setItem(KEY, bad);
      expect(readClipboard()).toBeUndefined();
    }
    // What this version writes for several blocks passes the older versions' check.
    copyBlocks([hero, findBlock(store.getState().resolved, 'why-us')!.block], { site: 'test-site', page: 'page:home' });
    const stored = JSON.parse(localStorage.getItem(KEY)!);
    const olderCheck = (c: typeof stored) => c?.v === 1 && Array.isArray(c.blocks) && c.blocks.every((b: Doc) => b && typeof b.type === 'string' && typeof b.id === 'string');
    expect(olderCheck(stored)).toBe(true);
    expect(stored.blocks.map((b: Doc) => b.id)).toEqual(['home-hero', 'why-us']);
  });
});

describe('settings, switches and pages', () => {
  it('stores only the override of the template for settings', () => {
    const store = makeStore();
    const theme = structuredClone(store.getState().resolved.theme);
    theme.colours.primary = '#ff0000';
    store.setSetting('theme', theme);
    expect(store.getState().doc.theme).toEqual({ colours: { primary: '#ff0000' } });
    theme.colours.primary = '#00095b';
    store.setSetting('theme', theme);
    expect(store.getState().doc.theme).toEqual({ colours: { primary: '#00095b' } }); // kept: the site set it
    expect(overrideFor({ a: 1 }, { a: 1 }, undefined)).toBe(UNSET);
    expect(overrideFor({ a: 1, b: 2 }, { a: 1 }, undefined)).toEqual({ b: null });
  });

  it('sets and resets feature switches', () => {
    const store = makeStore();
    store.setFeature('reserveButtons', false);
    expect(store.getState().resolved.features.reserveButtons).toBe(false);
    store.setFeature('reserveButtons', undefined);
    expect(store.getState().doc.features).toBeUndefined();
    expect(store.getState().resolved.features.reserveButtons).toBe(true);
  });

  it('adds, renames and removes pages; removePage resets an override of a template page', () => {
    const store = makeStore();
    const id = store.addPage('Service Specials', '/service-specials')!;
    expect(id).toBe('service-specials');
    expect(store.getState().view).toBe('page:service-specials');
    store.updatePage(id, { title: 'Specials', path: '/specials' });
    expect(store.getState().doc.pages[0]).toEqual({ id, path: '/specials', title: 'Specials', blocks: [] });
    expect(store.removePage(id).ok).toBe(true);
    expect(store.removePage('contact').ok).toBe(false);
    store.updatePage('contact', { title: 'Contact us' });
    expect(store.getState().doc.pages.map((p: Doc) => p.id)).toEqual(['contact']);
    expect(store.removePage('contact').ok).toBe(true); // resets the override
    expect(store.getState().resolved.pages.find((p: Doc) => p.id === 'contact').title).toBe('Contact');
  });

  it('removes a template page from this site (withoutPages) and restores it, each one undoable step', () => {
    const store = makeStore();
    const pageIds = () => store.getState().resolved.pages.map((p: Doc) => p.id);
    store.setView('page:contact');
    expect(store.removeTemplatePage('contact')).toBe(true);
    expect(store.getState().doc.withoutPages).toEqual(['contact']);
    expect(store.getState().doc.pages).toBeUndefined();
    expect(pageIds()).toEqual(['home']);
    // The view moves off the page that is gone.
    expect(store.getState().view).toBe('page:home');
    expect(store.history().undo).toEqual(['Remove template page contact from this site']);
    expect(leftOutPages(store.getState().doc, store.getState().template)).toEqual([{ id: 'contact', path: '/contact', title: 'Contact', inTemplate: true }]);
    // Undo and redo go through the patches like any change.
    store.undo();
    expect(store.getState().doc).toEqual(site());
    expect(pageIds()).toEqual(['home', 'contact']);
    store.redo();
    expect(pageIds()).toEqual(['home']);
    // Only template pages can be removed this way; a removed one is not offered again.
    expect(store.removeTemplatePage('nope')).toBe(false);
    expect(store.removeTemplatePage('contact')).toBe(false);
    // A new page never takes the id of a page the site leaves out.
    expect(store.addPage('Contact', '/contact')).toBe('contact-2');
    store.undo();
    // Restoring brings it back in the template's place and shows it; the empty list goes.
    expect(store.restoreTemplatePage('contact')).toBe(true);
    expect(store.getState().doc).toEqual(site());
    expect(pageIds()).toEqual(['home', 'contact']);
    expect(store.getState().view).toBe('page:contact');
    expect(store.restoreTemplatePage('contact')).toBe(false);
    expect(store.history().undo).toEqual(['Restore template page contact', 'Remove template page contact from this site']);
  });

  it('removing a changed template page drops the site copy too, and the result is valid', () => {
    const templates = { ford: read('sites/templates/ford.json') };
    const validate = createDraftValidator(() => templates);
    const store = new EditorStore({ slug: 'test-site', doc: { ...site(), template: 'ford' }, templates });
    store.updatePage('finance', { title: 'Car finance' });
    expect(pageOrigin(store.getState().doc, store.getState().template, 'finance')).toBe('override');
    expect(store.removeTemplatePage('finance')).toBe(true);
    expect(store.getState().doc.pages).toEqual([]);
    expect(store.getState().doc.withoutPages).toEqual(['finance']);
    expect(store.getState().resolved.pages.some((p: Doc) => p.id === 'finance')).toBe(false);
    expect(validate(store.getState().doc)).toEqual([]);
    // The draft check names a stale entry (e.g. after the template dropped the page).
    expect(validate({ ...store.getState().doc, withoutPages: ['finance', 'gone'] })).toEqual([{ path: '/withoutPages/1', message: 'no template page has id "gone"' }]);
    store.undo();
    expect(store.getState().doc.pages).toEqual([expect.objectContaining({ id: 'finance', title: 'Car finance' })]);
    expect(store.getState().doc.withoutPages).toBeUndefined();
  });

  it('never writes defaults rjsf fills in, but keeps what was set', () => {
    const schema = blockPropsSchema('hero')!;
    expect(withoutAddedDefaults({ heading: 'x', align: 'left', tone: 'brand', actions: [], text: undefined }, { heading: '' }, schema)).toEqual({ heading: 'x' });
    expect(withoutAddedDefaults({ heading: 'x', align: 'left' }, { heading: 'x', align: 'left' }, schema)).toEqual({ heading: 'x', align: 'left' });
    expect(withoutAddedDefaults({ heading: 'x', align: 'center' }, {}, schema)).toEqual({ heading: 'x', align: 'center' });
    expect(startingProps('carousel')).toEqual({ slides: [{ title: 'New title' }] });
  });
});

describe('validation issues point at blocks and fields', () => {
  it('maps issue paths to the block, page, switch or settings section', () => {
    const resolved = resolveDraft(site(), { base: template() });
    expect(issueTarget(resolved, '/pages/0/blocks/1/children/0/props/html')).toEqual({ kind: 'block', view: 'page:home', blockId: 'why-text', field: ['html'] });
    expect(issueTarget(resolved, '/pages/0/blocks/2/slots/main/0/props/html')).toMatchObject({ blockId: 'left-text' });
    expect(issueTarget(resolved, '/pages/1/title')).toEqual({ kind: 'page', view: 'page:contact', pageId: 'contact', field: ['title'] });
    expect(issueTarget(resolved, '/features/financeLink')).toEqual({ kind: 'feature', key: 'financeLink' });
    expect(issueTarget(resolved, '/theme/colours/primary')).toEqual({ kind: 'setting', section: 'theme', field: ['colours', 'primary'] });
    expect(errorSchemaFor([{ field: ['actions', '0', 'href'], message: 'bad' }])).toEqual({ actions: { 0: { href: { __errors: ['bad'] } } } });
  });

  it('validates the draft exactly as the server does', () => {
    const templates = { ford: read('sites/templates/ford.json') };
    const validate = createDraftValidator(() => templates);
    const doc = read('sites/gold-coast-ford.json');
    expect(validate(doc)).toEqual([]);
    const store = new EditorStore({ slug: doc.slug, doc, templates });
    store.setProps('home-hero', { heading: '' });
    const issues = mapIssues(store.getState().resolved, validate(store.getState().doc));
    expect(issues).toEqual([expect.objectContaining({ path: expect.stringMatching(/props\/heading$/), target: expect.objectContaining({ kind: 'block', blockId: 'home-hero', field: ['heading'] }) })]);
  });
});

describe('autosave', () => {
  beforeEach(() => localStorage.clear());

  it('keeps a draft per site and gives it back', () => {
    const doc = site();
    expect(saveDraft('test-site', doc, 'v1')).toBeUndefined();
    expect(loadDraft('test-site')).toMatchObject({ slug: 'test-site', doc, baseVersion: 'v1' });
    expect(loadDraft('other')).toBeUndefined();
    discardDraft('test-site');
    expect(loadDraft('test-site')).toBeUndefined();
  });

  it('ignores a corrupt stored draft', () => {
    localStorage.setItem('forecourt:editor:draft:test-site', '{nope');
    expect(loadDraft('test-site')).toBeUndefined();
  });

  it('writes at most once per pause and at once on flush', () => {
    vi.useFakeTimers();
    const write = vi.fn();
    const saver = createAutosaver(write, 300);
    saver.schedule();
    saver.schedule();
    vi.advanceTimersByTime(299);
    expect(write).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(write).toHaveBeenCalledTimes(1);
    saver.schedule();
    saver.flush();
    expect(write).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });

  it('reports when the browser refuses to store the draft', () => {
    const spy = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(saveDraft('test-site', site())).toMatch(/could not be kept/);
    spy.mockRestore();
  });
});
