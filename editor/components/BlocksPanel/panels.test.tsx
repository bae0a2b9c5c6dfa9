/**
 * The left column's panels collapse and open again, remembered in this browser
 * (PanelTitle.tsx), and the outline refuses, saying why, a block a column does not take
 * (engine/site/placement.ts; docs/editor-guide.md, "Where a block may go").
 */
import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent } from '@testing-library/react';
import { listRule, refusalOf } from '../../../engine/site/placement.ts';
import { unitSite } from '../../lib/test-fixtures.ts';
import { COLLAPSED_PANELS_KEY } from '../PanelTitle.tsx';
import { setup } from '../outline-test-kit.tsx';

// Found by id, not by role: role queries over the whole palette are slow in jsdom.
const toggle = (panel: 'palette' | 'outline') =>
  document.querySelector<HTMLButtonElement>(`#fc-${panel}-title button`)!;
const heroItem = () => document.querySelector<HTMLButtonElement>('[data-palette="hero"]');
const shown = (el: Element | null) => !!el && !el.closest('[hidden]');

describe('collapsible panels', () => {
  it('collapse to their title, stay so after a reload, and open again', () => {
    setup();
    const palette = toggle('palette');
    expect(palette.textContent).toContain('Add blocks');
    expect(palette.getAttribute('aria-expanded')).toBe('true');
    expect(shown(heroItem())).toBe(true);
    fireEvent.click(palette);
    expect(palette.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('fc-palette-body')!.hidden).toBe(true);
    expect(shown(heroItem())).toBe(false);
    expect(JSON.parse(localStorage.getItem(COLLAPSED_PANELS_KEY)!)).toEqual({ palette: false });
    // The outline stays open, and collapses on its own.
    const outline = toggle('outline');
    expect(outline.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(outline);
    expect(document.getElementById('fc-outline-body')!.hidden).toBe(true);

    // A reload (a new mount reading the same storage) keeps both collapsed.
    cleanup();
    remount();
    expect(toggle('palette').getAttribute('aria-expanded')).toBe('false');
    expect(toggle('outline').getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle('palette'));
    expect(toggle('palette').getAttribute('aria-expanded')).toBe('true');
    expect(shown(heroItem())).toBe(true);
  });
});

/** Mounts the panels again with what storage holds (setup clears storage before rendering). */
function remount() {
  vi.spyOn(Storage.prototype, 'clear').mockImplementationOnce(() => {});
  setup();
}

describe('where a block may go, in the outline', () => {
  it('refuses to paste a hero into half a column, saying why', () => {
    const { store, announce } = setup({
      page: unitSite([
        { type: 'hero', id: 'hero', props: { heading: 'Hello' } },
        {
          type: 'columns',
          id: 'cols',
          slots: { aside: [{ type: 'rich-text', id: 'side', props: { html: '<p>x</p>' } }] },
        },
      ]),
    });
    const row = (id: string) =>
      document.querySelector<HTMLButtonElement>(`[data-row="${id}"] .fc-row-main`)!;
    act(() => store.select('hero'));
    fireEvent.keyDown(row('hero'), { key: 'c', ctrlKey: true });
    act(() => store.select('side'));
    fireEvent.keyDown(row('side'), { key: 'v', ctrlKey: true });
    expect(announce).toHaveBeenCalledWith(
      `Cannot paste here: ${refusalOf(listRule('columns', 'aside')!, 'hero')}.`,
    );
    expect(store.getState().doc.pages[0].blocks[1].slots.aside).toHaveLength(1);
  });
});
