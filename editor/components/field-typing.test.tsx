/**
 * Typing in the Inspector's generated forms: a cleared field with a default stays empty
 * while staff type, and Ctrl+Z / Ctrl+Shift+Z in a field go through the editor's history
 * (docs/editor-design.md, "Undo and redo").
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { EditorStore } from '../lib/store/index.ts';
import type { Doc } from '../lib/doc.ts';
import { BlockInspector, SettingsPanel } from './Inspector/index.ts';
import { caretAfterChange } from './Inspector/useFieldHistoryKeys.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { inEditor } from './test-editor-contexts.tsx';

function setup(
  doc: Doc = unitSite([
    { type: 'promo-tile', id: 'tile', props: { heading: 'Warranty', backgroundColour: '#112233' } },
  ]),
) {
  const store = new EditorStore({ slug: 'unit-site', doc });
  const wrap = (ui: ReactNode) => inEditor(store, ui);
  return { store, wrap };
}

const tileProps = (store: EditorStore) => (store.getState().doc.pages as Doc[])[0].blocks[0].props;

function field(id: string) {
  return document.getElementById(id) as HTMLInputElement;
}

describe('a cleared field with a default', () => {
  it('stays empty while staff type, and typing then gives exactly what was typed', () => {
    const { store, wrap } = setup();
    act(() => store.select('tile'));
    render(wrap(<BlockInspector />));
    const input = field('root_backgroundColour');
    expect(input.value).toBe('#112233');
    input.focus();
    fireEvent.change(input, { target: { value: '' } });
    // Not snapped back to the default (#1f3a93), and the stored block leaves it out.
    expect(field('root_backgroundColour').value).toBe('');
    expect(tileProps(store)).toEqual({ heading: 'Warranty' });
    fireEvent.change(input, { target: { value: '#' } });
    fireEvent.change(input, { target: { value: '#0a0' } });
    expect(field('root_backgroundColour')).toBe(input);
    expect(input.value).toBe('#0a0');
    expect(tileProps(store)).toEqual({ heading: 'Warranty', backgroundColour: '#0a0' });
  });

  it('stays empty when the default was not stored either, and shows what undo brings back', () => {
    const { store, wrap } = setup(
      unitSite([{ type: 'promo-tile', id: 'tile', props: { heading: 'Warranty' } }]),
    );
    act(() => store.select('tile'));
    render(wrap(<BlockInspector />));
    const input = field('root_textColour');
    expect(input.value).toBe('#ffffff');
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { value: '#000' } });
    expect(tileProps(store)).toEqual({ heading: 'Warranty', textColour: '#000' });
    act(() => void store.undo());
    // Back to no stored value: the form shows the default again.
    expect(tileProps(store)).toEqual({ heading: 'Warranty' });
    expect(field('root_textColour').value).toBe('#ffffff');
  });

  it('in a settings section stays empty too, the site storing no colour', () => {
    const { store, wrap } = setup(unitSite([]));
    render(wrap(<SettingsPanel open="theme" onOpen={() => undefined} />));
    const input = field('settings-theme_colours_primary');
    expect(input.value).toBe('#1f3a93');
    fireEvent.change(input, { target: { value: '#123456' } });
    expect((store.getState().doc.theme as Doc).colours).toEqual({ primary: '#123456' });
    fireEvent.change(input, { target: { value: '' } });
    expect(input.value).toBe('');
    expect((store.getState().doc.theme as Doc | undefined)?.colours?.primary).toBeUndefined();
    fireEvent.change(input, { target: { value: '#0a0' } });
    expect(input.value).toBe('#0a0');
    expect((store.getState().doc.theme as Doc).colours).toEqual({ primary: '#0a0' });
  });
});

describe('Ctrl+Z in a field', () => {
  it('undoes through the editor’s history (typing is one step) and Ctrl+Shift+Z redoes, the field following', async () => {
    const { store, wrap } = setup();
    act(() => store.select('tile'));
    render(wrap(<BlockInspector />));
    const input = field('root_heading');
    input.focus();
    fireEvent.change(input, { target: { value: 'Warranty 3' } });
    fireEvent.change(input, { target: { value: 'Warranty 3 years' } });
    expect(store.history().undo).toEqual(['Edit Promo tile tile']);
    fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
    expect(tileProps(store)).toMatchObject({ heading: 'Warranty' });
    expect(input.value).toBe('Warranty');
    expect(store.history()).toEqual({ undo: [], redo: ['Edit Promo tile tile'] });
    // The caret is where the undone text was (its end), the field still focused.
    await waitFor(() => expect(input.selectionStart).toBe(8));
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(input.value).toBe('Warranty 3 years');
    await waitFor(() => expect(input.selectionStart).toBe(16));
    // The toolbar's Undo is the same history: the field shows its result too.
    act(() => void store.undo());
    expect(input.value).toBe('Warranty');
    fireEvent.keyDown(input, { key: 'y', ctrlKey: true });
    expect(input.value).toBe('Warranty 3 years');
    expect(store.history().redo).toEqual([]);
  });

  it('undoes in an email box, which has no caret to place, without an error', async () => {
    const { store, wrap } = setup({
      ...unitSite([]),
      leadRouting: { routes: [{ kinds: ['enquiry'], emails: ['sales@example.com'] }] },
    });
    render(wrap(<SettingsPanel open="leads" onOpen={() => undefined} />));
    const input = document.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(input.value).toBe('sales@example.com');
    input.focus();
    fireEvent.change(input, { target: { value: 'leads@example.com' } });
    const thrown: unknown[] = [];
    const record = (e: ErrorEvent) => thrown.push(e.error);
    window.addEventListener('error', record);
    try {
      fireEvent.keyDown(input, { key: 'z', ctrlKey: true });
      expect(input.value).toBe('sales@example.com');
      // The caret is placed in the next frame, where the error was thrown.
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      expect(thrown).toEqual([]);
      expect(document.activeElement).toBe(input);
    } finally {
      window.removeEventListener('error', record);
    }
    expect((store.getState().doc.leadRouting as Doc).routes[0].emails).toEqual([
      'sales@example.com',
    ]);
  });

  it('puts the caret just after what changed', () => {
    expect(caretAfterChange('Hello there!', 'Hello')).toBe(5);
    expect(caretAfterChange('Hello', 'Hello there!')).toBe(12);
    expect(caretAfterChange('abXcd', 'abcd')).toBe(2);
    expect(caretAfterChange('abcd', 'abXYcd')).toBe(4);
    expect(caretAfterChange('aaa', 'aa')).toBe(2);
    expect(caretAfterChange('same', 'same')).toBeUndefined();
  });
});
