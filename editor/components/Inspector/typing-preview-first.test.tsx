/**
 * A key typed into a block's form reaches the preview's listener in the key's own task and
 * the rest of the editor when the keys pause or the field is left (docs/editor-design.md,
 * "Speed"), and the form still follows an undo pressed before then.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { EditorStore } from '../../lib/store/index.ts';
import type { Doc } from '../../lib/doc.ts';
import { unitSite } from '../../lib/test-fixtures.ts';
import { BlockInspector } from './index.ts';
import { inEditor } from '../test-editor-contexts.tsx';

function setup() {
  const store = new EditorStore({
    slug: 'unit-site',
    doc: unitSite([{ type: 'promo-tile', id: 'tile', props: { heading: 'Warranty' } }]),
  });
  act(() => store.select('tile'));
  render(inEditor(store, <BlockInspector />));
  return store;
}

const heading = (store: EditorStore) =>
  ((store.getState().doc.pages as Doc[])[0].blocks[0].props as Doc).heading;
const input = () => document.getElementById('root_heading') as HTMLInputElement;

describe('typing in a block form', () => {
  afterEach(() => vi.useRealTimers());

  it('tells the preview in the key’s task and the other listeners after a pause', () => {
    const store = setup();
    vi.useFakeTimers();
    const order: string[] = [];
    store.subscribeLeading(() => order.push(`preview ${heading(store)}`));
    store.subscribe(() => order.push(`rest ${heading(store)}`));
    fireEvent.change(input(), { target: { value: 'Warranty 3' } });
    expect(heading(store)).toBe('Warranty 3');
    expect(order).toEqual(['preview Warranty 3']);
    act(() => void vi.runAllTimers());
    expect(order).toEqual(['preview Warranty 3', 'rest Warranty 3']);
    expect(input().value).toBe('Warranty 3');
  });

  it('tells the other listeners at once when the field is left', () => {
    const store = setup();
    vi.useFakeTimers();
    const rest = vi.fn();
    store.subscribe(rest);
    fireEvent.change(input(), { target: { value: 'Warranty 3' } });
    expect(rest).not.toHaveBeenCalled();
    fireEvent.focusOut(input());
    expect(rest).toHaveBeenCalledTimes(1);
    act(() => void vi.runAllTimers());
    expect(rest).toHaveBeenCalledTimes(1);
  });

  it('shows what undo brings back when the undo comes before the pause', () => {
    const store = setup();
    vi.useFakeTimers();
    fireEvent.change(input(), { target: { value: 'Warranty 3' } });
    fireEvent.change(input(), { target: { value: 'Warranty 3 years' } });
    // Before the held task: the form's prop is still the value it was first handed.
    act(() => void store.undo());
    expect(heading(store)).toBe('Warranty');
    expect(input().value).toBe('Warranty');
    act(() => void vi.runAllTimers());
    expect(input().value).toBe('Warranty');
    act(() => void store.redo());
    expect(input().value).toBe('Warranty 3 years');
  });
});
