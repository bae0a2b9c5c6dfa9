/**
 * Section presets from the palette (docs/editor-guide.md, "Section presets"): one click adds
 * the preset's blocks, with fresh ids, as one undo step named for the preset; a site's own
 * presets are saved from the inspector and removed from the palette, each one undo step.
 */
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';
import { staffChangeLines } from '../../../engine/document/words/change-words.ts';
import { PLATFORM_PRESETS } from '../../lib/presets/index.ts';
import { PRESET_WORDS } from '../Inspector/SavePreset.tsx';
import { setup } from '../outline-test-kit.tsx';
import { OWN_PRESET, PRESET_REMOVED, PRESETS_GROUP } from './Palette.tsx';

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
      within(group).getByRole('button', { name: `Add preset Our welcome, ${OWN_PRESET}` }),
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

  it("removes one of this site's presets from the palette: one undo step, in the review, focus kept in the group", () => {
    const { store, announce } = setup();
    const [first, second] = store.getState().doc.pages[0].blocks as { id: string }[];
    act(() => {
      store.savePreset('Our welcome', [first.id]);
      store.savePreset('Service promise', [second.id]);
    });
    const saved = store.getState().doc;
    const group = screen.getByRole('group', { name: PRESETS_GROUP });
    const removeButtons = () =>
      within(group)
        .queryAllByRole('button', { name: /^Remove preset / })
        .map((b) => b.getAttribute('aria-label'));
    // The platform's presets are not the site's to remove.
    expect(removeButtons()).toEqual([
      `Remove preset Our welcome, ${OWN_PRESET}`,
      `Remove preset Service promise, ${OWN_PRESET}`,
    ]);
    const remove = within(group).getByRole('button', {
      name: `Remove preset Our welcome, ${OWN_PRESET}`,
    });
    // Buttons in the Tab order, each name holding the words shown, as axe reads them (a part
    // in brackets left out: label-content-name-mismatch).
    expect(remove.tabIndex).toBe(0);
    expect(remove.textContent).toBe('Remove');
    const words = (t: string) => (t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
    for (const b of within(group).getAllByRole('button')) {
      const name = b.getAttribute('aria-label')!.replace(/\([^()]*\)/g, '');
      expect(words(name), name).toContain(words(b.textContent!));
    }
    remove.focus();
    fireEvent.click(remove);

    expect(store.getState().doc.presets.map((p: { id: string }) => p.id)).toEqual([
      'service-promise',
    ]);
    expect(store.getState().lastAction).toBe('Remove preset Our welcome');
    expect(announce).toHaveBeenCalledWith(PRESET_REMOVED('Our welcome'));
    expect(removeButtons()).toEqual([`Remove preset Service promise, ${OWN_PRESET}`]);
    // Focus goes to the preset now in its place, not to the page.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      `Add preset Service promise, ${OWN_PRESET}`,
    );
    // An edit of the site's document like any other: the review names what went.
    const now = store.getState().doc;
    const lines = staffChangeLines(diffSiteDocuments(saved, now), { before: saved, after: now });
    expect(lines.map((l) => l.text)).toEqual(['Site › Section presets › Our welcome: removed']);

    // The last one: the document has no presets left; focus goes to the preset before it.
    fireEvent.click(
      within(group).getByRole('button', { name: `Remove preset Service promise, ${OWN_PRESET}` }),
    );
    expect(store.getState().doc.presets).toBeUndefined();
    expect(removeButtons()).toEqual([]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      `Add preset ${PLATFORM_PRESETS.at(-1)!.label}`,
    );

    // Undo brings each back where it was.
    store.undo();
    store.undo();
    expect(store.getState().doc.presets).toEqual(saved.presets);
  });
});
