import type { Row } from '../../lib/tree.ts';

/** Ids of the visible block rows, top to bottom (what a Shift range runs over). */
export function blockIds(rows: readonly Row[]): string[] {
  return rows.filter((r) => r.kind === 'block').map((r) => r.key);
}

/** A click on a row's name: Shift extends the range, Ctrl/Cmd toggles, else that block alone. */
export type Pick = (id: string, how: { range: boolean; toggle: boolean }) => void;
