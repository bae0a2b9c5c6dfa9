import { describe, expect, it } from 'vitest';
import { findBlock } from '../../doc.ts';
import { makeStore, ids } from '../test-kit.ts';

describe('editor store: move and insert rules', () => {
  it('adds into the selected container, else after the selected block', () => {
    const store = makeStore();
    store.select('why-us');
    expect(store.addBlock('hero')).toBe('hero');
    expect(ids(store.getState().doc.pages[0].blocks[1].children)).toEqual(['why-text', 'hero']);
    store.select('left-text');
    expect(store.addBlock('rich-text')).toBe('rich-text');
    expect(ids(findBlock(store.getState().resolved, 'cols')!.block.slots!.main)).toEqual([
      'left-text',
      'rich-text',
    ]);
  });
});
