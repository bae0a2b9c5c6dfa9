/**
 * Test kit for the outline's focus tests (outline-roving-focus, outline-focus-removal and
 * outline-focus-actions): a small page, the outline (and optionally the Inspector) mounted
 * with a fresh store, and where focus is.
 */
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { blockSummary } from '../lib/blocks.ts';
import type { Doc } from '../lib/doc.ts';
import { AnnounceContext, IssueCounts, IssueCountsContext, StoreContext } from '../lib/hooks.ts';
import { EditorStore } from '../lib/store/index.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { BlocksPanel } from './BlocksPanel/index.tsx';
import { BlockInspector } from './Inspector/index.ts';

/** The blocks whose rows rendered since the last mockClear (the test file mocks blockSummary, which a row calls once per render). */
export const rendered = () =>
  vi
    .mocked(blockSummary)
    .mock.calls.map(([block]) => block.id as string)
    .sort();

export function doc(): Doc {
  return unitSite([
    { type: 'hero', id: 'hero', props: { heading: 'Hello' } },
    {
      type: 'section',
      id: 'box',
      children: [{ type: 'rich-text', id: 'text', props: { html: '<p>x</p>' } }],
    },
    { type: 'rich-text', id: 'last', props: { html: '<p>y</p>' } },
  ]);
}

export function setup({ page, inspector = false }: { page?: Doc; inspector?: boolean } = {}) {
  localStorage.clear();
  const store = new EditorStore({ slug: 'unit-site', doc: page ?? doc() });
  const announce = vi.fn();
  render(
    <StoreContext.Provider value={store}>
      <AnnounceContext.Provider value={announce}>
        <IssueCountsContext.Provider value={new IssueCounts()}>
          <button type="button" id="outside">
            outside
          </button>
          <BlocksPanel />
          {inspector && <BlockInspector />}
        </IssueCountsContext.Provider>
      </AnnounceContext.Provider>
    </StoreContext.Provider>,
  );
  const button = (id: string, kind: 'handle' | 'toggle' | 'row-main' = 'row-main') =>
    document.querySelector<HTMLButtonElement>(`[data-row="${id}"] .fc-${kind}`)!;
  /** The rows with a button in the Tab order, and which of their buttons are. */
  const tabbable = () => {
    const out: Record<string, string[]> = {};
    for (const b of document.querySelectorAll<HTMLButtonElement>('.fc-tree button')) {
      if (b.tabIndex < 0) continue;
      const row = b.closest('[data-row]')!.getAttribute('data-row')!;
      (out[row] ??= []).push(b.className);
    }
    return out;
  };
  return { store, announce, button, tabbable };
}

/** Lets the focus step (next animation frame, after the rows are rendered) run. */
export const frame = () =>
  act(async () => {
    await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
  });

/** Where focus is: "row button-class", "tree" (the treegrid), "head row-key", or the element's id. */
export function focused(): string {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return 'body';
  if (el.matches('.fc-tree')) return 'tree';
  if (el.matches('.fc-row-head')) return `head ${el.dataset.row}`;
  const row = el.closest<HTMLElement>('.fc-tree [data-row]');
  return row ? `${row.dataset.row} ${el.className}` : el.id || el.textContent || el.tagName;
}

export function slotsPage(): Doc {
  return unitSite([
    {
      type: 'columns',
      id: 'cols',
      slots: {
        main: [{ type: 'rich-text', id: 'a', props: { html: '<p>a</p>' } }],
        aside: [{ type: 'rich-text', id: 'b', props: { html: '<p>b</p>' } }],
      },
    },
    { type: 'rich-text', id: 'after', props: { html: '<p>c</p>' } },
  ]);
}

export const blockIdsOf = (store: EditorStore) =>
  (store.getState().doc.pages[0].blocks as Doc[]).map((b) => b.id);
