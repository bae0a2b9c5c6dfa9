import { useCallback, type RefObject } from 'react';
import { selectionMessage } from '../../lib/actions.ts';
import { useAnnounce, useStore } from '../../lib/hooks.ts';
import type { Row } from '../../lib/tree.ts';
import { blockIds, type Pick } from './rows.ts';

/**
 * Selection by mouse (a treegrid with aria-multiselectable rows): click selects one block,
 * Ctrl/Cmd+click toggles one in or out, Shift+click selects the visible rows from the
 * primary one. Stable, so memoised rows stay put.
 */
export function useRowPick(rowsRef: RefObject<Row[]>): Pick {
  const store = useStore();
  const announce = useAnnounce();
  return useCallback(
    (id, how) => {
      if (how.range) store.selectRange(id, blockIds(rowsRef.current));
      else if (how.toggle) store.toggleSelected(id);
      else return store.select(id);
      announce(selectionMessage(store));
    },
    [store, announce, rowsRef],
  );
}
