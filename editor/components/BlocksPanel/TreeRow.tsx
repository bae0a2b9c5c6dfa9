/**
 * One outline row: a head row (a slot's or the layout's part, a place to drop) or a block
 * row with its drag handle, expand/collapse toggle and name button, each in a gridcell
 * (docs/editor-design.md, "Accessibility").
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS as DndCSS } from '@dnd-kit/utilities';
import { memo, useCallback, useRef, useSyncExternalStore, type CSSProperties } from 'react';
import { blockName, blockSummary, metaOf } from '../../lib/blocks.ts';
import { sameList } from '../../lib/doc.ts';
import { useEditor, useIssueCount } from '../../lib/hooks.ts';
import type { Row } from '../../lib/tree.ts';
import { INDENT } from './constants.ts';
import type { NearRows } from './near-rows.ts';
import type { OutlineEntry } from './OutlineEntry.ts';
import type { Pick } from './rows.ts';
import { useNameButton } from './useNameButton.ts';

interface RowProps {
  row: Row;
  /** The row's place in the whole outline (aria-rowindex, from 1) and, for a block, its list's length (aria-setsize): not every row is rendered. */
  rowIndex: number;
  setSize: number;
  refused: boolean;
  onToggle: (id: string) => void;
  onPick: Pick;
}

/**
 * Connects a row to the selection, issues and focus without re-rendering every row on
 * each change: each row reads three booleans of its own, so selecting (or moving the
 * entry row) re-renders only the rows whose state changed.
 */
export const TreeRowContainer = memo(function TreeRowContainer({
  entry,
  ...props
}: RowProps & { entry: OutlineEntry; near: NearRows }) {
  const selected = useEditor((s) => s.selectedSet.has(props.row.key));
  const primary = useEditor((s) => s.selected === props.row.key);
  const tabbable = useSyncExternalStore(entry.subscribe, () => entry.is(props.row.key));
  const count = useIssueCount(props.row.key);
  const issues = props.row.kind === 'block' ? count : 0;
  return (
    <TreeRow {...props} selected={selected} primary={primary} tabbable={tabbable} issues={issues} />
  );
}, sameRowProps);

function sameRowProps(
  a: Omit<RowProps, 'onToggle' | 'onPick'>,
  b: Omit<RowProps, 'onToggle' | 'onPick'>,
) {
  if (a.refused !== b.refused || a.rowIndex !== b.rowIndex || a.setSize !== b.setSize) return false;
  const x = a.row;
  const y = b.row;
  if (x === y) return true;
  if (x.kind !== y.kind || x.key !== y.key || x.depth !== y.depth) return false;
  if (x.kind === 'block' && y.kind === 'block')
    return (
      x.block === y.block &&
      x.index === y.index &&
      x.collapsed === y.collapsed &&
      x.hasChildren === y.hasChildren &&
      sameList(x.ref, y.ref)
    );
  return x.kind === 'head' && y.kind === 'head' && x.label === y.label;
}

type RowState = RowProps & {
  near: NearRows;
  selected: boolean;
  primary: boolean;
  /** The entry row: its buttons are in the Tab order (every other row's are -1). */
  tabbable: boolean;
  issues: number;
};

/**
 * The row's place in dnd-kit. Its context changes for every row when a drag starts or the
 * pointer goes over another row; the row's content (RowBody) re-renders only when what it
 * gets from here changed (for most rows nothing: dnd-kit's attributes, listeners and refs
 * stay the same objects), which keeps picking up a block in a 1,000-row outline short.
 */
const TreeRow = memo(function TreeRow(props: RowState) {
  const { near, row } = props;
  const subscribe = useCallback((fn: () => void) => near.subscribe(row.key, fn), [near, row.key]);
  // Only rows near the visible part of the outline are drop targets (near-rows.ts).
  const droppable = useSyncExternalStore(subscribe, () => near.isNear(row.key));
  const dnd = useSortable({
    id: row.key,
    disabled: { draggable: row.kind !== 'block', droppable: !droppable },
    animateLayoutChanges: noLayoutAnimation,
  });
  const {
    attributes,
    listeners,
    setActivatorNodeRef,
    transform,
    transition,
    isDragging,
    setNodeRef: setDndNode,
  } = dnd;
  const tracked = useRef<Element | null>(null);
  const setNodeRef = useCallback(
    (el: HTMLElement | null) => {
      setDndNode(el);
      near.track(row.key, el, tracked.current);
      tracked.current = el;
    },
    [setDndNode, near, row.key],
  );
  const sortable = {
    attributes,
    listeners,
    setNodeRef,
    setActivatorNodeRef,
    transform: DndCSS.Translate.toString(transform),
    transition: transition ?? undefined,
    isDragging,
  };
  return <RowBody {...props} {...sortable} />;
});

const noLayoutAnimation = () => false;

type Sortable = ReturnType<typeof useSortable>;

const RowBody = memo(function RowBody({
  row,
  rowIndex,
  setSize,
  refused,
  selected,
  primary,
  tabbable,
  issues,
  onToggle,
  onPick,
  attributes,
  listeners,
  setNodeRef,
  setActivatorNodeRef,
  transform,
  transition,
  isDragging,
}: RowState & {
  attributes: Sortable['attributes'];
  listeners: Sortable['listeners'];
  setNodeRef: Sortable['setNodeRef'];
  setActivatorNodeRef: Sortable['setActivatorNodeRef'];
  isDragging: boolean;
  transform?: string;
  transition?: string;
}) {
  const depth = row.depth;
  const style: CSSProperties = {
    transform,
    transition,
    paddingLeft: depth * INDENT + 4,
  };
  const tabIndex = tabbable ? 0 : -1;
  const nameButton = useNameButton(row.key, primary, onPick);

  if (row.kind === 'head') {
    return (
      // Focusable from script only: where focus goes when the last block of its list is removed.
      <li
        ref={setNodeRef}
        style={style}
        className="fc-row fc-row-head"
        data-row={row.key}
        data-depth={row.depth}
        role="row"
        aria-level={row.depth + 1}
        aria-rowindex={rowIndex}
        tabIndex={-1}
      >
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
      aria-rowindex={rowIndex}
      aria-posinset={row.index + 1}
      aria-setsize={setSize}
      aria-selected={selected}
      aria-expanded={row.hasChildren ? !row.collapsed : undefined}
    >
      <span className="fc-cell" role="gridcell">
        <button
          type="button"
          className="fc-handle"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          tabIndex={tabIndex}
          aria-label={`Move ${name}`}
          title="Drag to move (or press space)"
        >
          ⠿
        </button>
      </span>
      <span className="fc-cell" role="gridcell">
        {row.hasChildren ? (
          <button
            type="button"
            className="fc-toggle"
            tabIndex={tabIndex}
            aria-expanded={!row.collapsed}
            aria-label={`${row.collapsed ? 'Show' : 'Hide'} blocks inside ${name}`}
            onClick={() => onToggle(row.key)}
          >
            {row.collapsed ? '▸' : '▾'}
          </button>
        ) : (
          <span className="fc-toggle-space" />
        )}
      </span>
      <span className="fc-cell fc-cell-main" role="gridcell">
        <button
          type="button"
          {...nameButton}
          className="fc-row-main"
          tabIndex={tabIndex}
          aria-label={`${name}${summary ? `: ${summary}` : ''}${row.block.hidden ? ', hidden from visitors' : ''}${issues ? `, ${issues} problem${issues === 1 ? '' : 's'}` : ''}`}
          title="Click to select; Ctrl+click adds or removes, Shift+click selects a range"
        >
          {/* Spaces between the parts (a flex row draws none): the visible words then read as
              the start of the name, as screen-reader users who speak a button's words expect. */}
          <span className="fc-row-label">{meta.label}</span>{' '}
          <code className="fc-row-id">{row.block.id}</code>{' '}
          {summary && <span className="fc-row-summary">{summary}</span>}{' '}
          {row.block.hidden && <span className="fc-row-hidden">Hidden</span>}
        </button>
      </span>
      {issues > 0 && (
        <span
          className="fc-row-issues"
          role="gridcell"
          title={`${issues} problem${issues === 1 ? '' : 's'}`}
        >
          <span aria-hidden="true">{issues}</span>
        </span>
      )}
    </li>
  );
});
