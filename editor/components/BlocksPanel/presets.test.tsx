/**
 * Section presets from the palette (docs/editor-guide.md, "Section presets"): one click adds
 * the preset's blocks, with fresh ids, as one undo step named for the preset.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { PLATFORM_PRESETS } from '../../lib/presets/index.ts';
import { PRESET_WORDS } from '../Inspector/SavePreset.tsx';
import { setup } from '../outline-test-kit.tsx';
import { OWN_PRESET, PRESETS_GROUP } from './Palette.tsx';

const preset = PLATFORM_PRESETS.find((p) => p.id === 'hero-search-offers')!;

describe('section presets in the palette', () => {
  it('adds the preset as one undo step, and undo takes it all away', () => {
    const { store, announce } = setup();
    const before = store.getState().doc.pages[0].blocks.map((b: { id: string }) => b.id);
    const group = screen.getByRole('group', { name: PRESETS_GROUP });
    fireEvent.click(within(group).getByRole('button', { name: `Add preset ${preset.label}` }));
    const after = store.getState().doc.pages[0].blocks as { id: string; type: string }[];
    const added = after.filter((b) => !before.includes(b.id));
    expect(added.map((b) => b.type)).toEqual(preset.blocks.map((b) => b.type));
    // The page had a block with id "hero": the preset's hero got a fresh one.
    expect(added[0].id).toBe('hero-2');
    expect(announce).toHaveBeenCalledWith(`Added preset ${preset.label}: 3 blocks.`);
    expect(store.getState().lastAction).toBe(`Add preset ${preset.label}`);
    store.undo();
    expect(store.getState().doc.pages[0].blocks.map((b: { id: string }) => b.id)).toEqual(before);
  });

  it('is searched with the blocks', () => {
    setup();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search blocks' }), {
      target: { value: 'offers' },
    });
    expect(screen.getByRole('button', { name: `Add preset ${preset.label}` })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add preset Two columns of text' })).toBeNull();
  });

  it("saves selected blocks as this site's preset, offered beside the platform's, one undo step each", () => {
    const { store, announce } = setup({ inspector: true });
    type B = { id: string; type: string; props?: object };
    const page = () => store.getState().doc.pages[0].blocks as B[];
    const before = page().map((b) => b.id);
    const [first, second] = page();
    act(() => {
      store.select(first.id);
      store.toggleSelected(second.id);
    });
    fireEvent.click(screen.getByText(PRESET_WORDS.open));
    const name = screen.getByLabelText(PRESET_WORDS.name);
    // No name: said at the field, nothing saved.
    fireEvent.click(screen.getByRole('button', { name: PRESET_WORDS.save }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(PRESET_WORDS.noName)).toBeTruthy();
    expect(store.getState().doc.presets).toBeUndefined();

    fireEvent.change(name, { target: { value: 'Our welcome' } });
    fireEvent.click(screen.getByRole('button', { name: PRESET_WORDS.save }));
    // Kept in the site's document (saved, reviewed and published with it), the blocks as they were.
    expect(store.getState().doc.presets).toEqual([
      { id: 'our-welcome', label: 'Our welcome', blocks: [first, second] },
    ]);
    expect(store.getState().lastAction).toBe('Save preset Our welcome');
    expect(announce).toHaveBeenCalledWith(PRESET_WORDS.saved('Our welcome', 2));

    const group = screen.getByRole('group', { name: PRESETS_GROUP });
    fireEvent.click(
      within(group).getByRole('button', { name: `Add preset Our welcome (${OWN_PRESET})` }),
    );
    const added = page().filter((b) => !before.includes(b.id));
    expect(added.map((b) => b.type)).toEqual([first.type, second.type]);
    expect(added.map((b) => b.props)).toEqual([first.props, second.props]);
    expect(announce).toHaveBeenCalledWith('Added preset Our welcome: 2 blocks.');

    // The same name again: a second preset with an id of its own.
    act(() => {
      store.savePreset('Our welcome', [first.id]);
    });
    expect(store.getState().doc.presets.map((p: { id: string }) => p.id)).toEqual([
      'our-welcome',
      'our-welcome-2',
    ]);
    store.undo();
    store.undo();
    expect(page().map((b) => b.id)).toEqual(before);
    store.undo();
    expect(store.getState().doc.presets ?? []).toEqual([]);
  });
});
