/**
 * The palette and the outline, under one DndContext (so palette items can be dragged into
 * the outline).
 *
 * The outline is ONE flat sortable list of rows with depths (no nested sortables, so no
 * flicker or mis-collision between nested droppables). While a row is dragged its
 * descendants are hidden and travel with it; moving the pointer sideways (or pressing
 * left/right while dragging by keyboard) changes the depth. Each position is projected to
 * a target list, and refused (shown in red, announced, not dropped) unless the schema lets
 * that block type go there.
 *
 * Selection (a treegrid with aria-multiselectable rows): click selects one block,
 * Ctrl/Cmd+click toggles one in or out, Shift+click selects the visible rows from the
 * primary one; by keyboard on a row, ↑/↓ (Home/End) move and select, Shift+↑/↓ (Shift+
 * Home/End) extend, Space or Ctrl+Space toggles, Escape goes back to the primary block,
 * Ctrl/Cmd+A selects the primary block's list, then the whole page. Dragging one of the
 * top-most selected blocks moves all of them together (in document order, where every one
 * of them is allowed); dragging any other block moves just it and selects just it.
 *
 * Focus (roving tabindex): only one row, the entry row (see OutlineEntry), is in the Tab
 * order, so Tab enters the outline there and leaves it after that row's buttons, however
 * long the page. ↑/↓/Home/End go from row to row (to the same button of the other row),
 * ←/→ between a row's handle, toggle and main button. After an action that removes or
 * adds rows, focus is put on a row (focusInOutline), never left on the page body.
 */
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MeasuringStrategy,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, type SortingStrategy } from '@dnd-kit/sortable';
import { CSS as DndCSS } from '@dnd-kit/utilities';
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type FocusEvent as ReactFocusEvent, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent, type PointerEventHandler } from 'react';
import { copySelection, cutSelection, duplicateSelection, pasteClipboard, removeSelection, selectionMessage } from '../lib/actions.ts';
import { readClipboard, subscribeClipboard, clipboardSnapshot } from '../lib/clipboard.ts';
import type { EditorStore } from '../lib/store.ts';
import { blockName, blockSummary, metaOf, paletteGroups } from '../lib/blocks.ts';
import { findBlock, getList, LAYOUT_VIEW, listLabel, sameList, type Doc, type ListRef, type View } from '../lib/doc.ts';
import { useAnnounce, useEditor, useIssueCount, useStore } from '../lib/hooks.ts';
import { draggedTypes, flattenView, focusAfterRemoval, headKey, project, projectMove, withoutMoved, type BlockRow, type Projection, type Row } from '../lib/tree.ts';

export const INDENT = 18;
const PALETTE_PREFIX = 'palette:';
const END_ZONE = 'outline-end';

interface DragState {
  /** Block id (outline drag) or palette:{type}. */
  activeId: string;
  type: string;
  fromPalette: boolean;
  /** Blocks dragged together (the top-most selected ones, the active one among them). */
  group?: string[];
  overId?: string;
  projection?: Projection;
}

/**
 * What travels with a dragged row: all top-most selected blocks when the row is one of
 * them and there are several; otherwise (undefined) the row alone.
 */
function dragGroup(store: EditorStore, id: string): string[] | undefined {
  const { selectedSet, selection } = store.getState();
  if (selection.length < 2 || !selectedSet.has(id)) return undefined;
  const top = store.topSelected().map((loc) => loc.block.id);
  return top.length > 1 && top.includes(id) ? top : undefined;
}

/** Up/down go to the next row (sortable's own getter); left/right change the depth, keeping it across up/down. */
const coordinateGetter: KeyboardCoordinateGetter = (event, args) => {
  const current = args.currentCoordinates;
  if (event.code === 'ArrowLeft' || event.code === 'ArrowRight') {
    event.preventDefault();
    return { x: current.x + (event.code === 'ArrowRight' ? INDENT : -INDENT), y: current.y };
  }
  const next = sortableKeyboardCoordinates(event, args);
  if (!next) return next;
  const { collisionRect } = args.context;
  const sideways = collisionRect ? current.x - collisionRect.left : 0;
  return { x: next.x + sideways, y: next.y };
};

/**
 * Rows stay where they are while dragging; a line shows where the block will land (at the
 * depth it will have). Shifting 300 rows on every move is what makes long outlines lag.
 */
const stayInPlace: SortingStrategy = () => null;

/** Outline rows collide by centre (stable with one flat list); palette items only over what is under the pointer. */
const collisionDetection: CollisionDetection = (args) => {
  if (String(args.active.id).startsWith(PALETTE_PREFIX)) return pointerWithin(args);
  return closestCenter(args);
};

export function BlocksPanel() {
  const store = useStore();
  const announce = useAnnounce();
  const resolved = useEditor((s) => s.resolved);
  const view = useEditor((s) => s.view);
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(() => new Set());
  const [drag, setDrag] = useState<DragState | null>(null);
  const dragRef = useRef<DragState | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number }>(undefined);
  useEffect(() => {
    const onMove = (e: PointerEvent) => {
      pointer.current = { x: e.clientX, y: e.clientY };
    };
    window.addEventListener('pointermove', onMove, { capture: true, passive: true });
    return () => window.removeEventListener('pointermove', onMove, { capture: true });
  }, []);
  const multi = useEditor((s) => s.selection.length > 1);

  const rows = useMemo(() => flattenView(resolved, view, collapsed), [resolved, view, collapsed]);
  // Read by the click and key handlers (stable callbacks, so memoised rows stay put).
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const onKeyDown = useMemo(() => outlineKeyDown(store, announce, { rows: () => rowsRef.current, dragging: () => !!dragRef.current }), [store, announce]);

  // The entry row (roving tabindex). `focusedRow` is the row focus last went to, until the
  // primary block changes while focus is outside the outline (a click in the preview, a
  // block added from the palette): then the entry follows the selection again.
  const focusedRow = useRef<string | undefined>(undefined);
  const [entry] = useState(() => new OutlineEntry(entryRow(rows, undefined, store.getState().selected)));
  const placeEntry = useCallback(() => entry.set(entryRow(rowsRef.current, focusedRow.current, store.getState().selected)), [entry, store]);
  useLayoutEffect(placeEntry, [rows, placeEntry]);
  useEffect(() => {
    let primary = store.getState().selected;
    return store.subscribe(() => {
      const { selected } = store.getState();
      if (selected === primary) return;
      primary = selected;
      // Focus still on a row (Ctrl+click, arrows) keeps that row the entry: Tab goes on from there.
      const active = document.activeElement;
      focusedRow.current = active && listRef.current?.contains(active) ? active.closest<HTMLElement>('[data-row]')?.dataset.row : undefined;
      placeEntry();
    });
  }, [store, placeEntry]);
  const onFocus = useCallback(
    (e: ReactFocusEvent) => {
      const key = (e.target as HTMLElement).closest<HTMLElement>('[data-row]')?.dataset.row;
      if (!key) return;
      focusedRow.current = key;
      placeEntry();
    },
    [placeEntry],
  );
  const pick = useCallback(
    (id: string, how: { range: boolean; toggle: boolean }) => {
      if (how.range) store.selectRange(id, blockIds(rowsRef.current));
      else if (how.toggle) store.toggleSelected(id);
      else return store.select(id);
      announce(selectionMessage(store));
    },
    [store, announce],
  );
  const root: ListRef | undefined = view === LAYOUT_VIEW ? undefined : { area: view };
  const visible = useMemo(() => (drag && !drag.fromPalette ? withoutMoved(rows, drag.activeId, drag.group) : rows), [rows, drag?.activeId, drag?.fromPalette, drag?.group]);
  const ids = useMemo(() => visible.map((r) => r.key), [visible]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  const toggle = useCallback((id: string) => {
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  /** Where the dragged thing would land now. */
  const computeProjection = (state: DragState, over: { id: UniqueIdentifier; rect: { top: number; height: number; left: number } } | null, e: DragMoveEvent | DragEndEvent): Projection | undefined => {
    if (!over) return undefined;
    const overId = String(over.id);
    if (!state.fromPalette) {
      if (overId === END_ZONE) {
        const others = visible.filter((r) => r.key !== state.activeId);
        const active = rows.find((r) => r.key === state.activeId) as BlockRow | undefined;
        return active ? project(resolved, others, others.length, active.depth + Math.round(e.delta.x / INDENT), draggedTypes(resolved, state.type, state.group), root) : undefined;
      }
      return projectMove(resolved, rows, state.activeId, overId, Math.round(e.delta.x / INDENT), root, state.group);
    }
    // From the palette: before or after the row under the pointer, depth from the pointer's x.
    // (The pointer itself, not dnd-kit's delta, which is corrected for scrolling.)
    const start = e.activatorEvent as PointerEvent;
    const x = pointer.current?.x ?? (start.clientX ?? 0) + e.delta.x;
    const y = pointer.current?.y ?? (start.clientY ?? 0) + e.delta.y;
    const listLeft = listRef.current?.getBoundingClientRect().left ?? 0;
    const wanted = Math.max(0, Math.floor((x - listLeft - 24) / INDENT));
    if (overId === END_ZONE) return project(resolved, visible, visible.length, wanted, state.type, root);
    const index = visible.findIndex((r) => r.key === overId);
    if (index < 0) return undefined;
    const after = y > over.rect.top + over.rect.height / 2;
    return project(resolved, visible, index + (after ? 1 : 0), wanted, state.type, root);
  };

  const update = (e: DragMoveEvent) => {
    const state = dragRef.current;
    if (!state) return;
    const projection = computeProjection(state, e.over, e);
    const overId = e.over ? String(e.over.id) : undefined;
    const prev = state.projection;
    if (overId === state.overId && samePlace(prev, projection)) return;
    const next = { ...state, overId, projection };
    dragRef.current = next;
    setDrag(next);
  };

  const onDragStart = (e: DragStartEvent) => {
    const id = String(e.active.id);
    const fromPalette = id.startsWith(PALETTE_PREFIX);
    const type = fromPalette ? id.slice(PALETTE_PREFIX.length) : (findBlock(resolved, id)?.block.type ?? '');
    const state: DragState = { activeId: id, type, fromPalette, group: fromPalette ? undefined : dragGroup(store, id) };
    dragRef.current = state;
    setDrag(state);
    // Selection (and the props form it mounts) waits for the drop: picking up stays instant.
  };

  const onDragEnd = (e: DragEndEvent) => {
    const state = dragRef.current;
    dragRef.current = null;
    setDrag(null);
    if (!state) return;
    const projection = computeProjection(state, e.over, e) ?? state.projection;
    if (!projection?.valid) return;
    if (state.fromPalette) {
      const block = store.newBlock(state.type);
      store.insert(block, { ref: projection.ref, index: projection.index });
      announce(`Added ${blockName(block)} to ${listLabel(store.getState().resolved, projection.ref)}.`);
    } else if (state.group) {
      store.moveBlocks(state.group, projection.ref, projection.index);
    } else {
      store.move(state.activeId, projection.ref, projection.index);
    }
    requestAnimationFrame(() => {
      if (!state.fromPalette) {
        // Keep keyboard users where they were: focus the moved block's handle again.
        document.querySelector<HTMLElement>(`[data-row="${CSS.escape(state.activeId)}"] .fc-handle`)?.focus();
      }
    });
  };

  const onDragCancel = () => {
    dragRef.current = null;
    setDrag(null);
  };

  const announcements = useMemo<Announcements>(() => {
    const nameOf = (id: UniqueIdentifier) => {
      const s = String(id);
      if (s.startsWith(PALETTE_PREFIX)) return `new ${metaOf(s.slice(PALETTE_PREFIX.length)).label} block`;
      const b = findBlock(store.getState().resolved, s)?.block;
      return b ? blockName(b) : s;
    };
    let said = '';
    let pickedUp = '';
    let start: { ref: ListRef; index: number } | undefined;
    // The blocks moving together (set on pick-up, from the selection as it was then).
    let group: string[] | undefined;
    const what = (active: UniqueIdentifier) => (group ? `The ${group.length} selected blocks` : nameOf(active));
    const where = (active: UniqueIdentifier): string | undefined => {
      const p = dragRef.current?.projection;
      const doc = store.getState().resolved;
      // Still where it started, and nothing else said yet: keep the pick-up instructions.
      if (p?.valid && start && said === pickedUp && sameList(p.ref, start.ref) && p.index === start.index) return undefined;
      if (!p) return `${what(active)} ${group ? 'are' : 'is'} not over a place ${group ? 'they' : 'it'} can be dropped.`;
      if (!p.valid) return `${what(active)} cannot go here: ${p.reason ?? 'not allowed'}.`;
      return `${what(active)} will go to ${positionWords(doc, p, group ?? [String(active)])}.`;
    };
    const once = (text: string | undefined) => {
      if (!text || text === said) return undefined;
      said = text;
      return text;
    };
    return {
      onDragStart({ active }) {
        const loc = findBlock(store.getState().resolved, String(active.id));
        group = String(active.id).startsWith(PALETTE_PREFIX) ? undefined : dragGroup(store, String(active.id));
        start = loc ? { ref: loc.ref, index: loc.index } : undefined;
        if (group && loc) {
          // Where the group starts: the dragged block's place among the blocks that stay.
          const members = group;
          const staying = (getList(store.getState().resolved, loc.ref) ?? []).filter((b) => b.id === loc.block.id || !members.includes(b.id));
          start = { ref: loc.ref, index: staying.findIndex((b) => b.id === loc.block.id) };
          pickedUp = `Picked up the ${group.length} selected blocks: ${group.map((id) => nameOf(id)).join(', ')}. Arrow up and down move them, left and right change nesting, space drops them, escape cancels.`;
          said = pickedUp;
          return pickedUp;
        }
        pickedUp = loc
          ? `Picked up ${nameOf(active.id)}, at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}. Arrow up and down move it, left and right change nesting, space drops it, escape cancels.`
          : `Picked up ${nameOf(active.id)}.`;
        said = pickedUp;
        return pickedUp;
      },
      onDragMove({ active }) {
        return once(where(active.id));
      },
      onDragOver({ active }) {
        return once(where(active.id));
      },
      onDragEnd({ active }) {
        const s = String(active.id);
        if (s.startsWith(PALETTE_PREFIX)) return undefined; // announced when added
        const loc = findBlock(store.getState().resolved, group?.[0] ?? s);
        if (loc && group) return `Dropped the ${group.length} selected blocks. They are now at positions ${loc.index + 1} to ${loc.index + group.length} in ${listLabel(store.getState().resolved, loc.ref)}.`;
        return loc ? `Dropped ${nameOf(active.id)}. It is now at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}.` : undefined;
      },
      onDragCancel({ active }) {
        if (group) return `Moving the ${group.length} selected blocks was cancelled. They stay where they were.`;
        const loc = findBlock(store.getState().resolved, String(active.id));
        return loc ? `Moving ${nameOf(active.id)} was cancelled. It stays at position ${loc.index + 1} in ${listLabel(store.getState().resolved, loc.ref)}.` : 'Cancelled.';
      },
    };
  }, [store]);

  const activeRow = drag && !drag.fromPalette ? (rows.find((r) => r.key === drag.activeId) as BlockRow | undefined) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      // Rows are measured when a drag starts and whenever the sortable items change (a
      // dragged container's children leave the list); measuring 300 rows on every frame
      // (MeasuringStrategy.Always) costs more than it gives.
      measuring={{ droppable: { strategy: MeasuringStrategy.WhileDragging } }}
      // Only the outline scrolls while dragging (never the palette the block came from).
      autoScroll={{ canScroll: (el) => !el.closest('.fc-palette') }}
      onDragStart={onDragStart}
      onDragMove={update}
      onDragOver={update}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this block, press space. Then use the up and down arrow keys to move it, left and right to take it out of or put it into a container, space to drop it, or escape to cancel.',
        },
      }}
    >
      <Palette />
      <section className="fc-panel fc-outline" aria-labelledby="fc-outline-title">
        <OutlineToolbar />
        <div className="fc-tree-wrap" ref={wrapRef} onKeyDown={onKeyDown} onKeyUp={outlineKeyUp}>
        <SortableContext items={ids} strategy={stayInPlace}>
          <ul
            className={`fc-tree${multi ? ' is-multi' : ''}`}
            ref={listRef}
            role="treegrid"
            aria-multiselectable="true"
            aria-labelledby="fc-outline-title"
            // Where focus goes when an action leaves the outline without rows (see focusInOutline).
            tabIndex={-1}
            data-dragging={drag ? (drag.projection?.valid === false ? 'refused' : 'yes') : undefined}
            onFocus={onFocus}
          >
            {visible.map((row) => (
              <TreeRowContainer
                key={row.key}
                row={row}
                refused={!!drag && row.key === drag.activeId && drag.projection?.valid === false}
                entry={entry}
                onToggle={toggle}
                onPick={pick}
              />
            ))}
          </ul>
        </SortableContext>
        <EndZone empty={!rows.length} view={view} />
        {drag?.projection && <InsertMarker projection={drag.projection} rows={drag.fromPalette ? visible : visible.filter((r) => r.key !== drag.activeId)} wrap={wrapRef.current} />}
        </div>
        <DragOverlay dropAnimation={null}>
          {drag ? (
            <div className={`fc-drag-overlay${drag.projection?.valid === false || !drag.projection ? ' is-refused' : ''}`}>
              {drag.fromPalette ? `New ${metaOf(drag.type).label}` : drag.group ? `${drag.group.length} blocks` : activeRow ? blockName(activeRow.block) : drag.activeId}
              {drag.projection?.valid === false && <small> — {drag.projection.reason}</small>}
            </div>
          ) : null}
        </DragOverlay>
      </section>
    </DndContext>
  );
}

function samePlace(a: Projection | undefined, b: Projection | undefined) {
  if (!a || !b) return a === b;
  return a.valid === b.valid && a.index === b.index && a.depth === b.depth && sameList(a.ref, b.ref);
}

function positionWords(doc: Doc, p: Projection, moving: string[]): string {
  const list = getList(doc, p.ref) ?? [];
  const size = list.filter((b) => !moving.includes(b.id)).length + moving.length;
  const at = moving.length > 1 ? `positions ${p.index + 1} to ${p.index + moving.length}` : `position ${p.index + 1}`;
  return `${at} of ${size} in ${listLabel(doc, p.ref)}`;
}

// ---------------------------------------------------------------------------- rows

type Pick = (id: string, how: { range: boolean; toggle: boolean }) => void;

/** Ids of the visible block rows, top to bottom (what a Shift range runs over). */
function blockIds(rows: Row[]): string[] {
  return rows.filter((r) => r.kind === 'block').map((r) => r.key);
}

/**
 * The outline's entry row (roving tabindex): the one block row whose buttons are in the
 * Tab order. A small store of its own, so that moving it re-renders the old and the new
 * entry rows only (each row subscribes to "am I the entry?"), not the outline.
 */
class OutlineEntry {
  private listeners = new Set<() => void>();
  constructor(private current: string | undefined) {}
  get id(): string | undefined {
    return this.current;
  }
  set(id: string | undefined) {
    if (id === this.current) return;
    this.current = id;
    for (const fn of this.listeners) fn();
  }
  is = (id: string) => this.current === id;
  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => {
      this.listeners.delete(fn);
    };
  };
}

/**
 * Which visible block row is the entry: the row focus last went to, else the primary
 * selected block, else the first block row (undefined when there is none).
 */
export function entryRow(rows: readonly Row[], focused: string | undefined, primary: string | undefined): string | undefined {
  let first: string | undefined;
  let primaryVisible = false;
  for (const r of rows) {
    if (r.kind !== 'block') continue;
    if (r.key === focused) return focused;
    first ??= r.key;
    if (r.key === primary) primaryVisible = true;
  }
  return primaryVisible ? primary : first;
}

/**
 * Connects a row to the selection, issues and focus without re-rendering every row on
 * each change: each row reads three booleans of its own, so selecting (or moving the
 * entry row) re-renders only the rows whose state changed.
 */
const TreeRowContainer = memo(function TreeRowContainer({ entry, ...props }: { row: Row; refused: boolean; entry: OutlineEntry; onToggle: (id: string) => void; onPick: Pick }) {
  const selected = useEditor((s) => s.selectedSet.has(props.row.key));
  const primary = useEditor((s) => s.selected === props.row.key);
  const tabbable = useSyncExternalStore(entry.subscribe, () => entry.is(props.row.key));
  const count = useIssueCount(props.row.key);
  const issues = props.row.kind === 'block' ? count : 0;
  return <TreeRow {...props} selected={selected} primary={primary} tabbable={tabbable} issues={issues} />;
}, sameRowProps);

function sameRowProps(a: { row: Row; refused: boolean }, b: { row: Row; refused: boolean }) {
  if (a.refused !== b.refused) return false;
  const x = a.row;
  const y = b.row;
  if (x === y) return true;
  if (x.kind !== y.kind || x.key !== y.key || x.depth !== y.depth) return false;
  if (x.kind === 'block' && y.kind === 'block') return x.block === y.block && x.index === y.index && x.collapsed === y.collapsed && x.hasChildren === y.hasChildren && sameList(x.ref, y.ref);
  return x.kind === 'head' && y.kind === 'head' && x.label === y.label;
}

const TreeRow = memo(function TreeRow({
  row,
  refused,
  selected,
  primary,
  tabbable,
  issues,
  onToggle,
  onPick,
}: {
  row: Row;
  refused: boolean;
  selected: boolean;
  primary: boolean;
  /** The entry row: its buttons are in the Tab order (every other row's are -1). */
  tabbable: boolean;
  issues: number;
  onToggle: (id: string) => void;
  onPick: Pick;
}) {
  const store = useStore();
  const isBlock = row.kind === 'block';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.key,
    disabled: isBlock ? false : { draggable: true, droppable: false },
    animateLayoutChanges: () => false,
  });
  const depth = row.depth;
  const style: CSSProperties = {
    transform: DndCSS.Translate.toString(transform),
    transition,
    paddingLeft: depth * INDENT + 4,
  };
  const tabIndex = tabbable ? 0 : -1;
  const mainRef = useRef<HTMLButtonElement | null>(null);
  // A press focuses the button before its click: the click decides (toggle, range, one).
  const pressed = useRef(false);
  useEffect(() => {
    if (primary) mainRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [primary]);

  if (row.kind === 'head') {
    return (
      // Focusable from script only: where focus goes when the last block of its list is removed.
      <li ref={setNodeRef} style={style} className="fc-row fc-row-head" data-row={row.key} data-depth={row.depth} role="row" aria-level={row.depth + 1} tabIndex={-1}>
        <span className="fc-row-head-label" role="gridcell">
          {row.label}
        </span>
      </li>
    );
  }
  const meta = metaOf(row.block.type);
  const name = blockName(row.block);
  const summary = blockSummary(row.block);
  return (
    <li
      ref={setNodeRef}
      style={style}
      className={`fc-row${selected ? ' is-selected' : ''}${primary ? ' is-primary' : ''}${isDragging ? ' is-ghost' : ''}${refused ? ' is-refused' : ''}${issues ? ' has-issues' : ''}`}
      data-row={row.key}
      data-depth={depth}
      data-type={row.block.type}
      role="row"
      aria-level={depth + 1}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? !row.collapsed : undefined}
    >
      <span className="fc-cell" role="gridcell">
        <button type="button" className="fc-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} tabIndex={tabIndex} aria-label={`Move ${name}`} title="Drag to move (or press space)">
          ⠿
        </button>
      </span>
      <span className="fc-cell" role="gridcell">
        {row.hasChildren ? (
          <button type="button" className="fc-toggle" tabIndex={tabIndex} aria-expanded={!row.collapsed} aria-label={`${row.collapsed ? 'Show' : 'Hide'} blocks inside ${name}`} onClick={() => onToggle(row.key)}>
            {row.collapsed ? '▸' : '▾'}
          </button>
        ) : (
          <span className="fc-toggle-space" />
        )}
      </span>
      <span className="fc-cell fc-cell-main" role="gridcell">
        <button
          type="button"
          ref={mainRef}
          className="fc-row-main"
          tabIndex={tabIndex}
          aria-label={`${name}${summary ? `: ${summary}` : ''}${issues ? `, ${issues} problem${issues === 1 ? '' : 's'}` : ''}`}
          title="Click to select; Ctrl+click adds or removes, Shift+click selects a range"
          onMouseDown={() => {
            pressed.current = true;
          }}
          onClick={(e) => {
            pressed.current = false;
            onPick(row.key, { range: e.shiftKey, toggle: e.ctrlKey || e.metaKey });
          }}
          onBlur={() => {
            pressed.current = false;
          }}
          onFocus={() => {
            // Tabbing onto a row selects it, as before, but never undoes a multi-selection.
            // Focus moved there after an action (focusInOutline) leaves the selection alone.
            if (pressed.current || placingFocus) return;
            const { selection } = store.getState();
            if (selection.length > 1 || store.isSelected(row.key)) return;
            store.select(row.key);
          }}
        >
          <span className="fc-row-label">{meta.label}</span>
          <code className="fc-row-id">{row.block.id}</code>
          {summary && <span className="fc-row-summary">{summary}</span>}
        </button>
      </span>
      {issues > 0 && (
        <span className="fc-row-issues" role="gridcell" title={`${issues} problem${issues === 1 ? '' : 's'}`}>
          <span aria-hidden="true">{issues}</span>
        </span>
      )}
    </li>
  );
});

function EndZone({ empty, view }: { empty: boolean; view: View }) {
  const { setNodeRef, isOver } = useDroppable({ id: END_ZONE });
  return (
    <div ref={setNodeRef} className={`fc-end-zone${isOver ? ' is-over' : ''}`}>
      {empty && view !== LAYOUT_VIEW ? 'This page has no blocks yet. Add one from the palette.' : ''}
    </div>
  );
}

/** A line showing where a palette block will land (outline rows do not move for those). */
function InsertMarker({ projection, rows, wrap }: { projection: Projection; rows: Row[]; wrap: HTMLDivElement | null }) {
  const [top, setTop] = useState<number | null>(null);
  useEffect(() => {
    if (!wrap) return;
    const el = (key: string) => wrap.querySelector<HTMLElement>(`[data-row="${CSS.escape(key)}"]`);
    const box = wrap.getBoundingClientRect();
    const at = (y: number) => y - box.top + wrap.scrollTop;
    const siblings = rows.filter((r) => r.kind === 'block' && sameList(r.ref, projection.ref));
    const next = siblings[projection.index];
    const prev = siblings[projection.index - 1];
    let y: number | undefined;
    if (next) y = el(next.key)?.getBoundingClientRect().top;
    else if (prev) {
      // below the previous sibling and everything inside it
      let j = rows.findIndex((r) => r.key === prev.key) + 1;
      while (j < rows.length && rows[j].depth > prev.depth) j++;
      y = el(rows[j - 1].key)?.getBoundingClientRect().bottom;
    } else {
      // Below the list's head: its slot's or layout part's head row, else its container's row.
      const head = headKey(projection.ref) ?? projection.ref.parent;
      y = head ? el(head)?.getBoundingClientRect().bottom : box.top - wrap.scrollTop;
    }
    setTop(y === undefined ? null : at(y));
  }, [projection, rows, wrap]);
  if (top === null) return null;
  return <div className={`fc-insert-marker${projection.valid ? '' : ' is-refused'}`} style={{ top, left: projection.depth * INDENT + 8 }} aria-hidden="true" />;
}

// ---------------------------------------------------------------------------- outline toolbar

function OutlineToolbar() {
  const title = useEditor((s) => {
    if (s.view === LAYOUT_VIEW) return 'header and footer';
    const page = (s.resolved.pages as Doc[]).find((p) => `page:${p.id}` === s.view);
    return page ? `${String(page.id)} (${String(page.path)})` : '';
  });
  return (
    <div className="fc-panel-head">
      <h2 id="fc-outline-title">Outline of {title}</h2>
      <BlockActions />
    </div>
  );
}

/** Copy, cut, paste, duplicate and remove for the selection (one block or several). */
export function BlockActions({ label = 'Block actions' }: { label?: string }) {
  const store = useStore();
  const announce = useAnnounce();
  const clip = useClipboard();
  const count = useEditor((s) => s.selection.length);
  const what = count > 1 ? `the ${count} selected blocks` : 'the selected block';
  // Focus stays on the pressed button while it is still there and enabled (a toolbar's
  // buttons keep focus); when it is gone (the Inspector's summary, once one block or none
  // is selected) or disabled, it goes to the outline, as after the outline's keys.
  const keepingFocus = (run: (then: FocusFrom) => void) => (e: ReactMouseEvent<HTMLButtonElement>) => run({ keep: e.currentTarget });
  return (
    <div className="fc-actions" role="toolbar" aria-label={label}>
      <button type="button" disabled={!count} onClick={() => copySelection(store, announce)} title={`Copy ${what} (Ctrl+C)`}>
        Copy
      </button>
      <button type="button" disabled={!count} onClick={keepingFocus((then) => cutWithFocus(store, announce, then))} title={`Cut ${what} (Ctrl+X)`}>
        Cut
      </button>
      <button type="button" disabled={!clip} onClick={keepingFocus((then) => pasteWithFocus(store, announce, then))} title={clip ? `Paste ${clip} (Ctrl+V)` : 'Nothing copied yet'}>
        Paste
      </button>
      <button type="button" disabled={!count} onClick={keepingFocus((then) => duplicateWithFocus(store, announce, then))} title={`Duplicate ${what} (Ctrl+D)`}>
        Duplicate
      </button>
      <button type="button" disabled={!count} onClick={keepingFocus((then) => removeWithFocus(store, announce, then))} title={`Remove ${what} (Delete)`}>
        Remove
      </button>
    </div>
  );
}

// ---------------------------------------------------------------------------- clipboard

function useClipboard(): string | undefined {
  const raw = useSyncExternalStore(subscribeClipboard, clipboardSnapshot);
  return useMemo(() => {
    if (!raw) return undefined;
    const c = readClipboard();
    if (!c?.blocks.length) return undefined;
    return c.blocks.length === 1 ? `${blockName(c.blocks[0])} from ${c.from.site}` : `${c.blocks.length} blocks from ${c.from.site}`;
  }, [raw]);
}

// ---------------------------------------------------------------------------- palette

function Palette() {
  const [query, setQuery] = useState('');
  const groups = useMemo(() => paletteGroups(query), [query]);
  return (
    <section className="fc-panel fc-palette" aria-labelledby="fc-palette-title">
      <div className="fc-panel-head">
        <h2 id="fc-palette-title">Add blocks</h2>
        <input type="search" className="fc-search" placeholder="Search blocks" aria-label="Search blocks" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <div className="fc-palette-groups">
        {groups.map((g) => (
          <div key={g.category} className="fc-palette-group" role="group" aria-label={g.category}>
            <h3>{g.category}</h3>
            <ul>
              {g.blocks.map((m) => (
                <li key={m.type}>
                  <PaletteItem type={m.type} label={m.label} description={m.description} />
                </li>
              ))}
            </ul>
          </div>
        ))}
        {!groups.length && <p className="fc-muted">No block matches “{query}”.</p>}
      </div>
    </section>
  );
}

const PaletteItem = memo(function PaletteItem({ type, label, description }: { type: string; label: string; description: string }) {
  const store = useStore();
  const announce = useAnnounce();
  const { setNodeRef, listeners, isDragging } = useDraggable({ id: `${PALETTE_PREFIX}${type}` });
  const add = () => {
    const block = store.newBlock(type);
    const target = store.defaultTarget(type);
    const id = store.insert(block, target);
    if (id && target) announce(`Added ${blockName(block)} to ${listLabel(store.getState().resolved, target.ref)}.`);
    else announce(`A ${label} block cannot be added here.`);
  };
  return (
    <button
      type="button"
      ref={setNodeRef}
      className={`fc-palette-item${isDragging ? ' is-dragging' : ''}`}
      // Pointer only: Enter and space add the block (keyboard users add, then move it in the outline).
      onPointerDown={listeners?.onPointerDown as PointerEventHandler<HTMLButtonElement> | undefined}
      onClick={add}
      title={description}
      data-palette={type}
      aria-label={`Add ${label}`}
    >
      {label}
    </button>
  );
});

/**
 * Keyboard shortcuts of the outline (the global ones live in SiteEditor). Block actions
 * act on the selection; Space (toggle) works on a row's main button (the drag handle keeps
 * Space and Enter to pick the block up); ↑/↓/Home/End (Shift to extend) on any of a row's
 * buttons go to another row, ←/→ to the row's other buttons. Nothing here runs while a
 * block is being dragged (then the arrows move it and Escape cancels, dnd-kit's keys).
 */
export function outlineKeyDown(store: EditorStore, announce: (m: string) => void, options: { rows: () => Row[]; dragging: () => boolean }) {
  return (e: ReactKeyboardEvent) => {
    const target = e.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    if (options.dragging()) return;
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    const onRow = target.classList.contains('fc-row-main') ? target.closest<HTMLElement>('[data-row]')?.dataset.row : undefined;
    // Any of a row's buttons (handle, toggle, main): the arrows move focus from there.
    const cell = target.matches(ROW_BUTTONS) ? target : undefined;
    const cellRow = cell?.closest<HTMLElement>('li[data-row]');
    // After an action, focus goes to a row: the same button as now (the name by default).
    const then: FocusFrom = { button: rowButton(target) };
    if (mod && key === 'v') {
      e.preventDefault();
      pasteWithFocus(store, announce, then);
      return;
    }
    if (mod && key === 'a' && !e.shiftKey && !e.altKey) {
      e.preventDefault();
      store.selectAll();
      announce(selectionMessage(store));
      return;
    }
    if (onRow && e.key === ' ' && !e.altKey && !e.shiftKey) {
      // Space (or Ctrl+Space) toggles the focused row; no click follows (see outlineKeyUp).
      e.preventDefault();
      store.toggleSelected(onRow);
      announce(selectionMessage(store));
      return;
    }
    if (cell && cellRow && !mod && !e.altKey && !e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      // Between the row's handle, toggle and main button (no wrapping).
      const cells = [...cellRow.querySelectorAll<HTMLElement>(ROW_BUTTONS)];
      e.preventDefault();
      cells[cells.indexOf(cell) + (e.key === 'ArrowLeft' ? -1 : 1)]?.focus();
      return;
    }
    if (cell && cellRow && !mod && !e.altKey && ['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) {
      const from = cellRow.dataset.row!;
      const rows = blockIds(options.rows());
      const at = rows.indexOf(from);
      const to = e.key === 'Home' ? 0 : e.key === 'End' ? rows.length - 1 : at + (e.key === 'ArrowUp' ? -1 : 1);
      e.preventDefault();
      const next = rows[to];
      if (at < 0 || !next || next === from) return;
      if (e.shiftKey) {
        store.selectRange(next, rows);
        announce(selectionMessage(store));
      } else store.select(next);
      // Focus the same button of that row (its main one when it has no toggle). It becomes
      // the entry row (the outline's onFocus).
      buttonOf(rowElement(e.currentTarget, next), rowButton(cell))?.focus();
      return;
    }
    if (!cell && target.matches('.fc-tree, .fc-row-head') && !mod && !e.altKey && !e.shiftKey && ['ArrowUp', 'ArrowDown', 'Home', 'End'].includes(e.key)) {
      // From a head row or the treegrid itself (where focus goes when an action leaves no
      // block row to go to): to the block row below or above, or the first or last.
      const rows = options.rows();
      const at = target.matches('.fc-row-head') ? rows.findIndex((r) => r.key === target.dataset.row) : -1;
      const below = rows.slice(at + 1).find((r) => r.kind === 'block');
      const above = rows.slice(0, at < 0 ? rows.length : at).findLast((r) => r.kind === 'block');
      const first = rows.find((r) => r.kind === 'block');
      const last = rows.findLast((r) => r.kind === 'block');
      const next = e.key === 'Home' ? first : e.key === 'End' ? last : e.key === 'ArrowDown' ? below : above;
      e.preventDefault();
      if (!next) return;
      store.select(next.key);
      buttonOf(rowElement(e.currentTarget, next.key))?.focus();
      return;
    }
    if (e.key === 'Escape' && store.getState().selection.length > 1) {
      e.preventDefault();
      store.collapseSelection();
      announce(selectionMessage(store));
      return;
    }
    if (!store.getState().selection.length) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      removeWithFocus(store, announce, then);
    } else if (mod && key === 'd') {
      e.preventDefault();
      duplicateWithFocus(store, announce, then);
    } else if (mod && key === 'c' && !window.getSelection()?.toString()) {
      e.preventDefault();
      copySelection(store, announce);
    } else if (mod && key === 'x') {
      e.preventDefault();
      cutWithFocus(store, announce, then);
    }
  };
}

/** A block row's buttons, in order: the drag handle, the expand/collapse toggle, the main button. */
const ROW_BUTTONS = '.fc-handle, .fc-toggle, .fc-row-main';

/** Space toggles a row on keydown: its keyup must not also click the button. */
function outlineKeyUp(e: ReactKeyboardEvent) {
  if (e.key === ' ' && (e.target as HTMLElement).classList.contains('fc-row-main')) e.preventDefault();
}

// ---------------------------------------------------------------------------- focus after an action

/**
 * Where focus goes once an action has changed the outline's rows. Rows are looked up by
 * their `data-row` key after React has committed (the next animation frame): nothing
 * re-renders for it, and focus moved there never changes the selection by itself (see
 * `placingFocus`) nor announces anything (the action has said what it did).
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
type FocusFrom = Omit<OutlineFocusRequest, 'rows' | 'select'>;

/** True while focusInOutline moves focus: a row's name button then does not select on focus. */
let placingFocus = false;

/**
 * Moves focus after an action (next frame, once the rows are rendered): to `keep` if it
 * can still have it; else to the first shown row of `rows`; else, if focus is still on a
 * row of the outline, nowhere; else to the outline's entry row; else to the treegrid itself.
 */
function focusInOutline(store: EditorStore, request: OutlineFocusRequest) {
  requestAnimationFrame(() => {
    const { keep } = request;
    if (keep?.isConnected && !(keep as HTMLButtonElement).disabled) {
      if (document.activeElement !== keep) keep.focus();
      return;
    }
    const tree = document.querySelector<HTMLElement>('.fc-tree');
    if (!tree) return;
    const shown = new Map<string, HTMLElement>();
    for (const li of tree.children) if (li instanceof HTMLElement && li.dataset.row) shown.set(li.dataset.row, li);
    let row = request.rows.map((key) => (key ? shown.get(key) : undefined)).find((li) => !!li);
    if (!row) {
      const active = document.activeElement;
      if (active && active !== tree && tree.contains(active)) return;
      row = tree.querySelector<HTMLElement>('button[tabindex="0"]')?.closest<HTMLElement>('li[data-row]') ?? undefined;
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

/** The row of block `key` inside `container` (the outline). */
function rowElement(container: Element, key: string): HTMLElement | null {
  return [...container.querySelectorAll<HTMLElement>('li[data-row]')].find((li) => li.dataset.row === key) ?? null;
}

/** A block row's `button` ('fc-handle', 'fc-toggle' or 'fc-row-main'), else (a row without a toggle) its main button. */
function buttonOf(row: Element | null, button = 'fc-row-main'): HTMLElement | null {
  return row?.querySelector<HTMLElement>(`.${button}`) ?? row?.querySelector<HTMLElement>('.fc-row-main') ?? null;
}

/** Which of a row's buttons `el` is, if any (so the action's focus lands on the same one). */
function rowButton(el: Element | null | undefined): string | undefined {
  if (!el?.matches(ROW_BUTTONS)) return undefined;
  return ['fc-handle', 'fc-toggle', 'fc-row-main'].find((c) => el.classList.contains(c));
}

type Announcer = (message: string) => void;

/** Remove: the selection and focus go to the block that then sits where the first removed one was (see focusAfterRemoval). */
export function removeWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const after = focusAfterRemoval(store.getState().resolved, store.topSelected());
  if (removeSelection(store, announce, { select: after.select })) focusInOutline(store, { ...then, rows: after.rows, select: true });
}

/** Cut: like remove. */
function cutWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const after = focusAfterRemoval(store.getState().resolved, store.topSelected());
  if (cutSelection(store, announce, { select: after.select })) focusInOutline(store, { ...then, rows: after.rows, select: true });
}

/** Duplicate: focus on the first copy (the copies are the selection). */
export function duplicateWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const copies = duplicateSelection(store, announce);
  if (copies.length) focusInOutline(store, { ...then, rows: copies.slice(0, 1) });
}

/** Paste: focus on the first pasted block (the pasted blocks are the selection); a refused paste moves nothing. */
function pasteWithFocus(store: EditorStore, announce: Announcer, then: FocusFrom) {
  const ids = pasteClipboard(store, announce);
  if (ids.length) focusInOutline(store, { ...then, rows: ids.slice(0, 1) });
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
