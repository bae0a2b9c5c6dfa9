/**
 * Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z and Ctrl+Y inside the Inspector's text fields go through
 * the editor's history, like the toolbar's Undo and Redo (docs/editor-design.md, "Undo and redo").
 * The browser's own undo of a field knew nothing of the editor's: each of its steps was
 * recorded as a new change, so the field and the toolbar undid each other's work. The
 * editor's history already makes a burst of typing in one block one step.
 */
import { useCallback, type KeyboardEvent } from 'react';
import { useAnnounce, useStore } from '../../lib/hooks.ts';

type TextField = HTMLInputElement | HTMLTextAreaElement;

const TEXT_INPUT = new Set(['text', 'search', 'url', 'tel', 'email', 'number', 'password']);

function textField(target: EventTarget | null): TextField | undefined {
  if (target instanceof HTMLTextAreaElement) return target;
  if (target instanceof HTMLInputElement && TEXT_INPUT.has(target.type)) return target;
  return undefined;
}

/**
 * Where the caret goes once a field shows what undo or redo brought back: just after the
 * part that changed (after text put back, where text was taken out), as the browser's own
 * undo does. Unchanged text keeps its caret.
 */
export function caretAfterChange(before: string, after: string): number | undefined {
  if (before === after) return undefined;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (
    end < before.length - start &&
    end < after.length - start &&
    before[before.length - 1 - end] === after[after.length - 1 - end]
  )
    end++;
  return after.length - end;
}

/** Puts the caret after the change once React and the form have shown the new value. */
function keepCaret(field: TextField, before: string) {
  requestAnimationFrame(() => {
    // Undo can bring back another block, whose form has a field with the same id.
    const now = field.isConnected
      ? field
      : textField(field.id ? document.getElementById(field.id) : null);
    if (!now) return;
    if (document.activeElement !== now) now.focus();
    const caret = caretAfterChange(before, now.value);
    // An email or number box has no caret to place (its selectionStart is null, and setting
    // one throws): Ctrl+Z there only changes the value.
    if (caret !== undefined && now.selectionStart !== null) now.setSelectionRange(caret, caret);
  });
}

/** The keydown handler for a panel of fields that edit the document. */
export function useFieldHistoryKeys() {
  const store = useStore();
  const announce = useAnnounce();
  return useCallback(
    (e: KeyboardEvent<HTMLElement>) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const k = e.key.toLowerCase();
      const redo = (k === 'z' && e.shiftKey) || (k === 'y' && !e.shiftKey);
      if (!redo && k !== 'z') return;
      const field = textField(e.target);
      if (!field) return;
      e.preventDefault();
      const before = field.value;
      if (!(redo ? store.redo() : store.undo())) return;
      announce(store.getState().lastAction ?? (redo ? 'Redone' : 'Undone'));
      keepCaret(field, before);
    },
    [store, announce],
  );
}
