// @vitest-environment jsdom
/** Hiding blocks (set-hidden.ts): kept in the document, marked on their node, one undo step. */
import { describe, expect, it } from 'vitest';
import { findBlock } from '../../doc.ts';
import { makeStore } from '../test-kit.ts';

const hiddenOf = (store: ReturnType<typeof makeStore>, id: string) =>
  findBlock(store.getState().resolved, id)?.block.hidden;

describe('editor store: hiding blocks', () => {
  it('marks the blocks hidden and keeps them, in one undo step, and shows them again', () => {
    const store = makeStore();
    expect(store.setHidden(['home-hero', 'why-text'], true)).toBe(true);
    expect(hiddenOf(store, 'home-hero')).toBe(true);
    expect(hiddenOf(store, 'why-text')).toBe(true);
    expect(store.history().undo).toEqual(['Hide 2 blocks']);
    // Already hidden: nothing to do, no undo step.
    expect(store.setHidden(['home-hero'], true)).toBe(false);
    store.undo();
    expect(hiddenOf(store, 'home-hero')).toBeUndefined();
    store.redo();
    expect(store.setHidden(['home-hero'], false)).toBe(true);
    expect(store.history().undo[0]).toBe('Show Hero home-hero');
    // Shown again: the mark goes from the file, not `hidden: false`.
    expect(findBlock(store.getState().doc, 'home-hero')?.block).not.toHaveProperty('hidden');
    expect(hiddenOf(store, 'why-text')).toBe(true);
  });

  it('gives a template page the site has not copied its own copy, holding the mark', () => {
    const store = makeStore();
    expect(store.getState().doc.pages ?? []).toEqual([]);
    store.setHidden(['home-hero'], true);
    const home = (store.getState().doc.pages as Array<{ id: string; blocks?: unknown[] }>).find(
      (p) => p.id === 'home',
    );
    expect(home?.blocks).toBeDefined();
    expect(findBlock(store.getState().doc, 'home-hero')?.block.hidden).toBe(true);
  });
});
