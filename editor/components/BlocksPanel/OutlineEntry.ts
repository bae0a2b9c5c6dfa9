import type { Row } from '../../lib/tree.ts';

/**
 * The outline's entry row (roving tabindex): the one block row whose buttons are in the
 * Tab order. A small store of its own, so that moving it re-renders the old and the new
 * entry rows only (each row subscribes to "am I the entry?"), not the outline.
 */
export class OutlineEntry {
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
export function entryRow(
  rows: readonly Row[],
  focused: string | undefined,
  primary: string | undefined,
): string | undefined {
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
