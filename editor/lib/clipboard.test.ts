// @vitest-environment jsdom
import { describe, expect, it, beforeEach } from 'vitest';
import { findBlock, type Doc } from './doc.ts';
import { copyBlocks, readClipboard } from './clipboard.ts';
import { pasteClipboard } from './actions.ts';
import { makeStore } from './store/test-kit.ts';

describe('multi-select: operations are one undo step each', () => {
  beforeEach(() => localStorage.clear());

  it('reads a single block stored by older versions (and older versions can read a list)', () => {
    const store = makeStore();
    const hero = findBlock(store.getState().resolved, 'home-hero')!.block;
    const KEY = 'forecourt:editor:clipboard';
    // What the first editor versions wrote: v 1, a one-block list.
    localStorage.setItem(
      KEY,
      JSON.stringify({
        v: 1,
        blocks: [hero],
        from: { site: 'old-site', page: 'page:home' },
        at: 1,
      }),
    );
    expect(readClipboard()).toEqual({
      v: 1,
      blocks: [hero],
      from: { site: 'old-site', page: 'page:home' },
      at: 1,
    });
    store.setView('page:contact');
    expect(pasteClipboard(store, () => {})).toEqual(['home-hero-2']);
    // A single block kept as `block`, or bare, reads as a one-block list too.
    localStorage.setItem(
      KEY,
      JSON.stringify({ v: 1, block: hero, from: { site: 'old-site' }, at: 2 }),
    );
    expect(readClipboard()?.blocks).toEqual([hero]);
    localStorage.setItem(KEY, JSON.stringify(hero));
    expect(readClipboard()).toMatchObject({ v: 1, blocks: [hero], from: { site: 'another site' } });
    // Unreadable entries are nothing to paste.
    for (const bad of [
      'not json',
      JSON.stringify({ v: 2, blocks: [hero] }),
      JSON.stringify({ v: 1, blocks: [] }),
      JSON.stringify({ v: 1, blocks: [{ id: 'x' }] }),
    ]) {
      localStorage.setItem(KEY, bad);
      expect(readClipboard()).toBeUndefined();
    }
    // What this version writes for several blocks passes the older versions' check.
    copyBlocks([hero, findBlock(store.getState().resolved, 'why-us')!.block], {
      site: 'test-site',
      page: 'page:home',
    });
    const stored = JSON.parse(localStorage.getItem(KEY)!);
    const olderCheck = (c: typeof stored) =>
      c?.v === 1 &&
      Array.isArray(c.blocks) &&
      c.blocks.every((b: Doc) => b && typeof b.type === 'string' && typeof b.id === 'string');
    expect(olderCheck(stored)).toBe(true);
    expect(stored.blocks.map((b: Doc) => b.id)).toEqual(['home-hero', 'why-us']);
  });
});
