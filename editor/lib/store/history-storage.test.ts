// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDraft, saveDraft } from '../autosave.ts';
import { EditorStore } from './index.ts';
import {
  historyForStorage,
  historyFromStorage,
  MAX_STORED_CHARS,
  MAX_STORED_STEPS,
} from './history-storage.ts';
import type { History, HistoryEntry } from './history.ts';
import { makeStore, site, template } from './test-kit.ts';

const templates = () => ({ base: template() });

/** A store reopened the way the editor reopens a site from its autosaved draft. */
function reopen(store: EditorStore): EditorStore {
  const { slug, doc, saved } = store.getState();
  expect(saveDraft(slug, doc, undefined, store.storedHistory())).toBeUndefined();
  const draft = JSON.parse(JSON.stringify(loadDraft(slug)));
  return new EditorStore({
    slug,
    doc: draft.doc,
    saved,
    templates: templates(),
    history: draft.history,
  });
}

describe('undo history kept with the autosaved draft', () => {
  beforeEach(() => localStorage.clear());

  it('undo and redo work after a reload, with labels and selection', () => {
    const store = makeStore();
    store.select('home-hero');
    store.addBlock('rich-text');
    store.setFeature('compare', true);
    store.undo();
    const again = reopen(store);
    expect(again.getState().canUndo).toBe(true);
    expect(again.getState().canRedo).toBe(true);
    expect(again.history()).toEqual(store.history());
    expect(again.redo()).toBe(true);
    expect(again.getState().doc.features).toEqual({ compare: true });
    expect(again.undo() && again.undo()).toBe(true);
    expect(again.getState().doc).toEqual(site());
    expect(again.getState().selected).toBe('home-hero');
    expect(again.getState().canUndo).toBe(false);
  });

  it('is not taken back when it does not fit the document opened', () => {
    const store = makeStore();
    store.select('home-hero');
    store.setProps('home-hero', { heading: 'Changed' });
    const stored = JSON.parse(JSON.stringify(store.storedHistory()));
    // The same document: it fits.
    expect(historyFromStorage(stored, store.getState().doc)).toBeDefined();
    // Another document (saved elsewhere since, say): the heading is not what the history led to.
    const other = store.getState().doc;
    const elsewhere = {
      ...other,
      pages: [
        { id: 'home', blockChanges: { 'home-hero': { props: { heading: 'Someone else' } } } },
      ],
    };
    expect(historyFromStorage(stored, elsewhere)).toBeUndefined();
    // A document the patches cannot even apply to.
    expect(historyFromStorage(stored, site())).toBeUndefined();
    const fresh = new EditorStore({
      slug: 'test-site',
      doc: elsewhere,
      templates: templates(),
      history: stored,
    });
    expect(fresh.getState().canUndo).toBe(false);
    // Nonsense is ignored.
    for (const junk of [
      null,
      'x',
      { v: 2, past: [], future: [] },
      { v: 1, past: [{ label: 1 }], future: [] },
    ])
      expect(historyFromStorage(junk, other)).toBeUndefined();
  });

  it('keeps the steps nearest the present within its bounds', () => {
    const entry = (n: number, size = 10): HistoryEntry => ({
      label: `step ${n}`,
      patches: [{ op: 'replace', path: ['name'], value: 'x'.repeat(size) }],
      inverse: [{ op: 'replace', path: ['name'], value: 'y' }],
      at: n,
      before: { view: 'page:home', selection: [] },
      after: { selection: [] },
    });
    const many: History = {
      past: Array.from({ length: 150 }, (_, i) => entry(i)),
      future: [entry(1000), entry(999)],
    };
    const kept = historyForStorage(many);
    expect(kept.past).toHaveLength(MAX_STORED_STEPS);
    expect(kept.past.at(-1)!.label).toBe('step 149');
    expect(kept.future.map((e) => e.label)).toEqual(['step 1000', 'step 999']);
    const big: History = {
      past: Array.from({ length: 10 }, (_, i) => entry(i, MAX_STORED_CHARS / 4)),
      future: [],
    };
    const trimmed = historyForStorage(big);
    expect(JSON.stringify(trimmed).length).toBeLessThan(MAX_STORED_CHARS + 1000);
    expect(trimmed.past.at(-1)!.label).toBe('step 9');
    expect(trimmed.past.length).toBeLessThan(4);
  });

  it('keeps the draft alone when the history does not fit in the browser’s storage', () => {
    const store = makeStore();
    store.setFeature('compare', true);
    const real = Storage.prototype.setItem;
    let calls = 0;
    Storage.prototype.setItem = function (key: string, value: string) {
      calls++;
      if (value.includes('"history"')) throw new DOMException('full', 'QuotaExceededError');
      real.call(this, key, value);
    };
    try {
      expect(
        saveDraft('test-site', store.getState().doc, undefined, store.storedHistory()),
      ).toBeUndefined();
    } finally {
      Storage.prototype.setItem = real;
    }
    expect(calls).toBe(2);
    expect(loadDraft('test-site')).toMatchObject({ doc: store.getState().doc });
    expect(loadDraft('test-site')?.history).toBeUndefined();
  });
});
