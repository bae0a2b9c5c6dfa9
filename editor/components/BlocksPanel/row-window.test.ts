// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import type { Row } from '../../lib/tree.ts';
import {
  DEFAULT_HEIGHTS,
  rowOffsets,
  WINDOW_FROM,
  windowRows,
  type WindowItem,
} from './row-window.ts';

const rows = (n: number): Row[] =>
  Array.from({ length: n }, (_, i) =>
    i % 10 === 5
      ? ({
          kind: 'head',
          key: `slot:b${i - 1}:main`,
          depth: 1,
          ref: { area: 'page:home', parent: `b${i - 1}`, slot: 'main' },
          label: 'Main',
        } as Row)
      : ({
          kind: 'block',
          key: `b${i}`,
          depth: 0,
          ref: { area: 'page:home' },
          index: i,
          block: { id: `b${i}`, type: 'hero' },
          container: false,
          hasChildren: false,
          collapsed: false,
        } as unknown as Row),
  );

const shownKeys = (items: WindowItem[]) =>
  items.flatMap((i) => (i.kind === 'row' ? [i.row.key] : []));
const gaps = (items: WindowItem[]) =>
  items.reduce((sum, i) => sum + (i.kind === 'gap' ? i.height : 0), 0);

describe('the outline’s rendered rows (row-window.ts)', () => {
  it('renders every row of a short outline, or of one not laid out', () => {
    const short = rows(WINDOW_FROM - 1);
    expect(
      shownKeys(windowRows(short, rowOffsets(short, DEFAULT_HEIGHTS), 0, 600, [])),
    ).toHaveLength(short.length);
    const long = rows(1000);
    expect(shownKeys(windowRows(long, rowOffsets(long, DEFAULT_HEIGHTS), 0, 0, []))).toHaveLength(
      1000,
    );
  });

  it('on a long outline renders the rows within one height of the view, the first and last, and the kept rows with their neighbours, with gaps the height of the rows left out', () => {
    const list = rows(1000);
    const offsets = rowOffsets(list, DEFAULT_HEIGHTS);
    const top = offsets[500];
    const items = windowRows(list, offsets, top, 300, ['b900', undefined]);
    const keys = shownKeys(items);
    // The view (rows 500…) and one height above and below it.
    for (const at of [492, 500, 510, 518]) expect(keys).toContain(list[at].key);
    expect(keys).not.toContain(list[470].key);
    expect(keys).not.toContain(list[540].key);
    // Home/End and the kept row, each with neighbours for ↑/↓.
    for (const key of ['b0', 'b1', 'b2', 'b998', 'b999', 'b898', 'b899', 'b900', 'b901', 'b902'])
      expect(keys).toContain(key);
    expect(keys.length).toBeLessThan(100);
    // Rows in order, and the list as tall as all its rows.
    const at = items.flatMap((i) => (i.kind === 'row' ? [i.at] : []));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    const rendered = items.reduce(
      (sum, i) =>
        sum +
        (i.kind === 'row'
          ? i.row.kind === 'head'
            ? DEFAULT_HEIGHTS.head
            : DEFAULT_HEIGHTS.block
          : 0),
      0,
    );
    expect(rendered + gaps(items)).toBe(offsets[1000]);
  });
});
