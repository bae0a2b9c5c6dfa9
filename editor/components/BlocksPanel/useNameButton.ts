import { useEffect, useRef, type MouseEvent as ReactMouseEvent } from 'react';
import { useStore } from '../../lib/hooks.ts';
import { isPlacingFocus } from './focus.ts';
import type { Pick } from './rows.ts';

/**
 * A block row's name button: a click picks (one, Ctrl toggle, Shift range); focus by Tab
 * or arrows selects the block unless several are selected; the primary block's row
 * scrolls into view.
 */
export function useNameButton(key: string, primary: boolean, onPick: Pick) {
  const store = useStore();
  const ref = useRef<HTMLButtonElement | null>(null);
  // A press focuses the button before its click: the click decides (toggle, range, one).
  const pressed = useRef(false);
  useEffect(() => {
    if (primary) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [primary]);
  return {
    ref,
    onMouseDown() {
      pressed.current = true;
    },
    onClick(e: ReactMouseEvent) {
      pressed.current = false;
      onPick(key, { range: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
    },
    onBlur() {
      pressed.current = false;
    },
    onFocus() {
      // Tabbing onto a row selects it, as before, but never undoes a multi-selection.
      // Focus moved there after an action (focusInOutline) leaves the selection alone.
      if (pressed.current || isPlacingFocus()) return;
      const { selection } = store.getState();
      if (selection.length > 1 || store.isSelected(key)) return;
      store.select(key);
    },
  };
}
