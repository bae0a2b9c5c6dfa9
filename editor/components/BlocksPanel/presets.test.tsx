/**
 * Section presets from the palette (docs/editor-guide.md, "Section presets"): one click adds
 * the preset's blocks, with fresh ids, as one undo step named for the preset.
 */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { PLATFORM_PRESETS } from '../../lib/presets/index.ts';
import { setup } from '../outline-test-kit.tsx';
import { PRESETS_GROUP } from './Palette.tsx';

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
});
