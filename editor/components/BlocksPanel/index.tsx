/**
 * The palette and the outline, under one DndContext (so palette items can be dragged into
 * the outline). How they behave is in docs/editor-design.md ("The outline",
 * "Accessibility"); each concern is a module of this folder: dragging (useOutlineDrag,
 * OutlineDnd, announcements), selection by mouse (useRowPick) and keys (keyboard), the
 * roving tabindex (useOutlineEntry) and focus after an action (focus, actions-with-focus),
 * the rows (Outline, TreeRow) and the palette (Palette).
 */
import { useMemo, useRef } from 'react';
import { LAYOUT_VIEW, type ListRef } from '../../lib/doc.ts';
import { useEditor } from '../../lib/hooks.ts';
import { flattenView } from '../../lib/tree.ts';
import { useDragAnnouncements } from './announcements.ts';
import { useOutlineKeyDown } from './keyboard.ts';
import { Outline } from './Outline.tsx';
import { OutlineDnd } from './OutlineDnd.tsx';
import { Palette } from './Palette.tsx';
import { useCollapsed } from './useCollapsed.ts';
import { useOutlineDrag } from './useOutlineDrag.ts';
import { useOutlineEntry } from './useOutlineEntry.ts';
import { useRowPick } from './useRowPick.ts';

export { BlockActions } from './BlockActions.tsx';
export { duplicateWithFocus, removeWithFocus } from './actions-with-focus.ts';
export { focusSelectionInOutline } from './focus.ts';
export { entryRow } from './OutlineEntry.ts';

export function BlocksPanel() {
  const resolved = useEditor((s) => s.resolved);
  const view = useEditor((s) => s.view);
  const multi = useEditor((s) => s.selection.length > 1);
  const [collapsed, toggle] = useCollapsed();
  const listRef = useRef<HTMLUListElement>(null);
  const rows = useMemo(() => flattenView(resolved, view, collapsed), [resolved, view, collapsed]);
  // Read by the click and key handlers (stable callbacks, so memoised rows stay put).
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const root: ListRef | undefined = view === LAYOUT_VIEW ? undefined : { area: view };
  const { drag, dragRef, visible, handlers } = useOutlineDrag({ resolved, rows, root, listRef });
  const announcements = useDragAnnouncements(dragRef);
  const onKeyDown = useOutlineKeyDown(rowsRef, dragRef);
  const { entry, onFocus } = useOutlineEntry(rows, rowsRef, listRef);
  const pick = useRowPick(rowsRef);
  return (
    <OutlineDnd handlers={handlers} announcements={announcements}>
      <Palette />
      <Outline
        view={view}
        rows={rows}
        visible={visible}
        drag={drag}
        multi={multi}
        entry={entry}
        listRef={listRef}
        onToggle={toggle}
        onPick={pick}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      />
    </OutlineDnd>
  );
}
