/**
 * Text typed into a block's form goes to the store while the input keeps showing it, and the
 * form takes it when the keys pause or focus leaves (typing-form.tsx; docs/editor-design.md,
 * "Typing: the text input owns its text"). Nothing typed is lost on the way: not when staff
 * switch fields mid-burst, press undo before the pause, empty a field or fill an empty one.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { EditorStore } from '../lib/store/index.ts';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { BlockInspector } from './Inspector/index.ts';
import { inEditor } from './test-editor-contexts.tsx';
import { withText } from './typing-form.tsx';

const CARDS = [
  { title: 'Ranger review', text: 'Built tough.', link: { label: 'Read it', href: '/ranger' } },
  { title: 'Everest review', text: 'Seven seats.' },
];

function setup() {
  const store = new EditorStore({
    slug: 'unit-site',
    doc: unitSite([{ type: 'cards-grid', id: 'cards', props: { heading: '', cards: CARDS } }]),
  });
  act(() => store.select('cards'));
  render(inEditor(store, <BlockInspector />));
  return store;
}

const stored = (store: EditorStore) =>
  (store.getState().doc.pages as Doc[])[0].blocks[0].props as {
    heading?: string;
    cards: Array<{ title: string; link?: { label: string } }>;
  };
const field = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(field(id), { target: { value } });
/** The keys of a word typed one at a time after `start`. */
const keys = (id: string, start: string, word: string) => {
  for (let i = 1; i <= word.length; i++) type(id, start + word.slice(0, i));
};

describe('typing into a block form', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('stores every key and shows it in the field; the form takes it at the pause', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', ' 2026');
    expect(stored(store).cards[0].title).toBe('Ranger review 2026');
    expect(field('root_cards_0_title').value).toBe('Ranger review 2026');
    // The list item is still named by what the form last took.
    expect(screen.queryByText(/Ranger review 2026/, { selector: 'legend' })).toBeNull();
    act(() => void vi.runAllTimers());
    expect(screen.getByText(/Ranger review 2026/, { selector: 'legend' })).toBeTruthy();
    expect(field('root_cards_0_title').value).toBe('Ranger review 2026');
    expect(stored(store).cards[1]).toEqual(CARDS[1]);
  });

  it('keeps both texts when staff move to another field mid-burst', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', ' now');
    fireEvent.focusOut(field('root_cards_0_title'));
    keys('root_cards_0_link_label', 'Read it', ' all');
    expect(stored(store).cards[0].title).toBe('Ranger review now');
    expect(stored(store).cards[0].link?.label).toBe('Read it all');
    act(() => void vi.runAllTimers());
    expect(field('root_cards_0_title').value).toBe('Ranger review now');
    expect(field('root_cards_0_link_label').value).toBe('Read it all');
    expect(stored(store).cards[0].title).toBe('Ranger review now');
  });

  it('keeps a second field’s keys typed before the first field’s pause', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', '!');
    // No focus change reported (a script, say): the other field's key still keeps the first.
    keys('root_cards_1_title', 'Everest review', '!');
    act(() => void vi.runAllTimers());
    expect(stored(store).cards.map((c) => c.title)).toEqual(['Ranger review!', 'Everest review!']);
    expect(field('root_cards_0_title').value).toBe('Ranger review!');
    expect(field('root_cards_1_title').value).toBe('Everest review!');
  });

  it('keeps a field’s keys when the form applies a change of its own before the pause', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', '!');
    // Emptying another field is the form's own change, applied to its own state.
    type('root_cards_1_title', '');
    expect(stored(store).cards[0].title).toBe('Ranger review!');
    act(() => void vi.runAllTimers());
    expect(stored(store).cards[0].title).toBe('Ranger review!');
    expect(field('root_cards_0_title').value).toBe('Ranger review!');
    expect(field('root_cards_1_title').value).toBe('');
  });

  it('shows what undo brings back when it comes before the pause, and redo after it', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', ' 2026');
    act(() => void store.undo());
    expect(stored(store).cards[0].title).toBe('Ranger review');
    expect(field('root_cards_0_title').value).toBe('Ranger review');
    act(() => void vi.runAllTimers());
    expect(field('root_cards_0_title').value).toBe('Ranger review');
    act(() => void store.redo());
    expect(field('root_cards_0_title').value).toBe('Ranger review 2026');
    // Typing on from there goes on from what redo brought back.
    keys('root_cards_0_title', 'Ranger review 2026', '!');
    act(() => void vi.runAllTimers());
    expect(stored(store).cards[0].title).toBe('Ranger review 2026!');
  });

  it('shows what undo brings back in both fields after a field switch mid-burst', () => {
    const store = setup();
    keys('root_cards_0_title', 'Ranger review', ' now');
    fireEvent.focusOut(field('root_cards_0_title'));
    keys('root_cards_0_link_label', 'Read it', ' all');
    // One typing step for the block: undo takes both fields back, before the pause.
    act(() => void store.undo());
    expect(stored(store).cards[0].title).toBe('Ranger review');
    expect(stored(store).cards[0].link?.label).toBe('Read it');
    expect(field('root_cards_0_link_label').value).toBe('Read it');
    expect(field('root_cards_0_title').value).toBe('Ranger review');
    act(() => void vi.runAllTimers());
    expect(field('root_cards_0_link_label').value).toBe('Read it');
  });

  it('empties a field and fills an empty one through the form itself', () => {
    const store = setup();
    type('root_cards_0_title', '');
    expect(field('root_cards_0_title').value).toBe('');
    keys('root_cards_0_title', '', 'Ute');
    expect(stored(store).cards[0].title).toBe('Ute');
    expect(stored(store).heading ?? '').toBe('');
    keys('root_heading', '', 'Reviews');
    act(() => void vi.runAllTimers());
    expect(stored(store).heading).toBe('Reviews');
    expect(field('root_heading').value).toBe('Reviews');
    expect(field('root_cards_0_title').value).toBe('Ute');
  });
});

describe('withText', () => {
  const data = { heading: 'A', cards: [{ title: 'B', image: { width: 3 } }], more: { n: 1 } };

  it('replaces the text at the path, copying only the objects on the way', () => {
    const next = withText(data, ['cards', 0, 'title'], 'C');
    expect(next).toEqual({ ...data, cards: [{ title: 'C', image: { width: 3 } }] });
    expect(next?.more).toBe(data.more);
    expect(next?.cards[0].image).toBe(data.cards[0].image);
    expect(data.cards[0].title).toBe('B');
  });

  it('leaves anything but existing text to the form', () => {
    expect(withText(data, ['cards', 1, 'title'], 'C')).toBeUndefined();
    expect(withText(data, ['cards', 0, 'subtitle'], 'C')).toBeUndefined();
    expect(withText(data, ['cards', 0, 'image', 'width'], 'C')).toBeUndefined();
    expect(withText(data, ['cards', '0', 'title'], 'C')).toBeUndefined();
    expect(withText(data, [], 'C')).toBeUndefined();
  });
});
