/**
 * Focus after an action that removes or adds rows: it is put on a row, never left on the
 * page body (docs/editor-design.md, "Accessibility").
 */
import type { EditorStore } from '../../lib/store/index.ts';

/**
 * Where focus goes once an action has changed the outline's rows. Rows are looked up by
 * their `data-row` key after React has committed (the next animation frame): nothing
 * re-renders for it, and focus moved there never changes the selection by itself (see
 * `isPlacingFocus`) nor announces anything (the action has said what it did).
 */
export interface OutlineFocusRequest {
  /** Row keys, best first: the first one shown gets focus. */
  rows: readonly (string | undefined)[];
  /** The button of a block row to focus ('fc-handle', 'fc-toggle' or 'fc-row-main', the default and fallback). Head rows are focused themselves. */
  button?: string;
  /** Select the block row that gets focus (after a removal the selection goes with focus; already done when that row is the one the store selected). */
  select?: boolean;
  /** A control that keeps focus when it is still in the page and enabled (the toolbar's button). */
  keep?: HTMLElement | null;
}

/** Where an action was started from: the rows to focus come from the action itself. */
export type FocusFrom = Omit<OutlineFocusRequest, 'rows' | 'select'>;

/** A block row's buttons, in order: the drag handle, the expand/collapse toggle, the main button. */
export const ROW_BUTTONS = '.fc-handle, .fc-toggle, .fc-row-main';

let placingFocus = false;

/** True while focusInOutline moves focus: a row's name button then does not select on focus. */
export const isPlacingFocus = () => placingFocus;

/**
 * Moves focus after an action (next frame, once the rows are rendered): to `keep` if it
 * can still have it; else to the first shown row of `rows`; else, if focus is still on a
 * row of the outline, nowhere; else to the outline's entry row; else to the treegrid itself.
 */
export function focusInOutline(store: EditorStore, request: OutlineFocusRequest) {
  requestAnimationFrame(() => {
    const { keep } = request;
    if (keep?.isConnected && !(keep as HTMLButtonElement).disabled) {
      if (document.activeElement !== keep) keep.focus();
      return;
    }
    const tree = document.querySelector<HTMLElement>('.fc-tree');
    if (!tree) return;
    const shown = new Map<string, HTMLElement>();
    for (const li of tree.children)
      if (li instanceof HTMLElement && li.dataset.row) shown.set(li.dataset.row, li);
    let row = request.rows.map((key) => (key ? shown.get(key) : undefined)).find((li) => !!li);
    if (!row) {
      const active = document.activeElement;
      if (active && active !== tree && tree.contains(active)) return;
      row =
        tree
          .querySelector<HTMLElement>('button[tabindex="0"]')
          ?.closest<HTMLElement>('li[data-row]') ?? undefined;
    }
    const head = !!row?.classList.contains('fc-row-head');
    const target = !row ? tree : head ? row : buttonOf(row, request.button);
    if (request.select && row && !head) store.select(row.dataset.row);
    placingFocus = true;
    try {
      target?.focus();
    } finally {
      placingFocus = false;
    }
  });
}

/**
 * After undo or redo from the keyboard with focus in the outline (`from`, the focused
 * element): focus the row of the selection it brought back (the primary block, else
 * another selected one), on the same button, when shown.
 */
export function focusSelectionInOutline(store: EditorStore, from: Element | null) {
  const { selected, selection } = store.getState();
  focusInOutline(store, { rows: [selected, ...selection], button: rowButton(from) });
}

/** The row of block `key` inside `container` (the outline). */
export function rowElement(container: Element, key: string): HTMLElement | null {
  return (
    [...container.querySelectorAll<HTMLElement>('li[data-row]')].find(
      (li) => li.dataset.row === key,
    ) ?? null
  );
}

/** A block row's `button` ('fc-handle', 'fc-toggle' or 'fc-row-main'), else (a row without a toggle) its main button. */
export function buttonOf(row: Element | null, button = 'fc-row-main'): HTMLElement | null {
  return (
    row?.querySelector<HTMLElement>(`.${button}`) ??
    row?.querySelector<HTMLElement>('.fc-row-main') ??
    null
  );
}

/** Which of a row's buttons `el` is, if any (so the action's focus lands on the same one). */
export function rowButton(el: Element | null | undefined): string | undefined {
  if (!el?.matches(ROW_BUTTONS)) return undefined;
  return ['fc-handle', 'fc-toggle', 'fc-row-main'].find((c) => el.classList.contains(c));
}
