import { describe, expect, it } from 'vitest';
import { makeStore, ids } from './test-kit.ts';
import heroSchema from '../../../schemas/blocks/hero.schema.json';

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
    expect(doc.pages[0].blocks[1]).toEqual({
      type: 'hero',
      id: 'hero',
      props: { heading: heroSchema.properties.heading['x-placeholder'] },
    });
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
