import isEqual from 'lodash-es/isEqual.js';
import { describe, expect, it } from 'vitest';
import { sameDoc } from './same-doc.ts';
import { read } from './store/test-kit.ts';
import { EditorStore } from './store/index.ts';

describe('sameDoc (unsaved changes, asked on every keystroke)', () => {
  it('answers as lodash isEqual on JSON values', () => {
    const pairs: [unknown, unknown][] = [
      [{ a: 1 }, { a: 1 }],
      [{ a: 1 }, { a: 2 }],
      [{ a: undefined }, {}],
      [{}, { a: undefined }],
      [
        [1, 2],
        [1, 2],
      ],
      [
        [1, 2],
        [2, 1],
      ],
      [[], {}],
      [{ a: [{ b: 'x' }] }, { a: [{ b: 'x' }] }],
      [{ a: [{ b: 'x' }] }, { a: [{ b: 'y' }] }],
      [null, {}],
      [null, null],
      [Number.NaN, Number.NaN],
      ['1', 1],
    ];
    for (const [a, b] of pairs) expect(sameDoc(a, b)).toBe(isEqual(a, b));
  });

  it('follows the draft through edits, undo and a save', () => {
    const doc = read('sites/gold-coast-ford.json');
    const store = new EditorStore({ slug: 'gold-coast-ford', doc, saved: structuredClone(doc) });
    expect(store.dirty).toBe(false);
    store.setProps('home-hero', { heading: 'Typed' });
    expect(store.dirty).toBe(true);
    store.undo();
    expect(store.dirty).toBe(false);
    store.redo();
    store.markSaved(store.getState().doc);
    expect(store.dirty).toBe(false);
  });
});
