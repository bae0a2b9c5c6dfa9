import { describe, expect, it } from 'vitest';
import type { ListRef } from '../../lib/doc.ts';
import { dropPosition, EDGE, type Box, type DropLevel } from './drop-position.ts';

const page: ListRef = { area: 'page:home' };
const inSection: ListRef = { area: 'page:home', parent: 'section', slot: undefined };
const column: ListRef = { area: 'page:home', parent: 'columns', slot: 'main' };

const box = (left: number, top: number, width: number, height: number): Box => ({
  left,
  top,
  width,
  height,
});
const level = (ref: ListRef, boxes: Box[], extra: Partial<DropLevel> = {}): DropLevel => ({
  ref,
  count: boxes.length,
  box: (i) => boxes[i],
  ...extra,
});
const anywhere = () => ({ ok: true });

// Three blocks stacked down the page, 100 px tall each.
const stacked = [box(0, 0, 800, 100), box(0, 100, 800, 100), box(0, 200, 800, 100)];

describe('dropPosition', () => {
  it('puts the block before the block under the pointer in its upper half, after it in its lower half', () => {
    expect(
      dropPosition({ x: 400, y: 120 }, [level(page, stacked, { hit: 1 })], anywhere),
    ).toMatchObject({ ref: page, index: 1, ok: true, line: { top: 100, height: 0, width: 800 } });
    expect(
      dropPosition({ x: 400, y: 180 }, [level(page, stacked, { hit: 1 })], anywhere),
    ).toMatchObject({ index: 2, line: { top: 200 } });
  });

  it('splits side-by-side blocks left and right, and draws a line down between them', () => {
    const row = [box(0, 0, 300, 200), box(300, 0, 300, 200)];
    expect(dropPosition({ x: 250, y: 20 }, [level(page, row, { hit: 0 })], anywhere)).toMatchObject(
      { index: 1, line: { left: 300, width: 0, height: 200 } },
    );
    expect(
      dropPosition({ x: 320, y: 190 }, [level(page, row, { hit: 1 })], anywhere),
    ).toMatchObject({ index: 1 });
  });

  it('goes into an empty list at its start, where its placeholder is', () => {
    const empty = box(20, 40, 300, 60);
    expect(dropPosition({ x: 50, y: 50 }, [level(column, [], { empty })], anywhere)).toMatchObject({
      ref: column,
      index: 0,
      ok: true,
      line: { top: 40, left: 20, width: 300 },
    });
  });

  it('picks the nearest block of a container the pointer is inside but not over a block of', () => {
    const children = [box(20, 60, 760, 80), box(20, 160, 760, 80)];
    const section = box(0, 0, 800, 260);
    const levels = [
      level(inSection, children, { within: section }),
      level(page, [section], { hit: 0 }),
    ];
    // Over the section's heading, above its first block: before that block, inside the section.
    expect(dropPosition({ x: 400, y: 30 }, levels, anywhere)).toMatchObject({
      ref: inSection,
      index: 0,
    });
    // Between its blocks, nearer the second one's top.
    expect(dropPosition({ x: 400, y: 152 }, levels, anywhere)).toMatchObject({
      ref: inSection,
      index: 1,
    });
    // Near the section's own edge: before or after the section itself.
    expect(dropPosition({ x: 400, y: EDGE - 4 }, levels, anywhere)).toMatchObject({
      ref: page,
      index: 0,
    });
    expect(dropPosition({ x: 400, y: 258 }, levels, anywhere)).toMatchObject({
      ref: page,
      index: 1,
    });
  });

  it('goes out to the first list that takes the block, and is refused with the innermost reason when none does', () => {
    const inner = level(inSection, stacked, { hit: 2 });
    const outer = level(page, [box(0, 0, 800, 300)], { hit: 0 });
    const noSection = (ref: ListRef) =>
      ref.parent ? { ok: false, reason: 'Section does not take Hero blocks' } : { ok: true };
    expect(dropPosition({ x: 400, y: 290 }, [inner, outer], noSection)).toMatchObject({
      ref: page,
      index: 1,
      ok: true,
    });
    expect(
      dropPosition({ x: 400, y: 290 }, [inner, outer], () => ({ ok: false, reason: 'not here' })),
    ).toMatchObject({ ref: inSection, index: 3, ok: false, reason: 'not here' });
  });

  it('has no place when there is no list', () => {
    expect(dropPosition({ x: 1, y: 1 }, [], anywhere)).toBeUndefined();
  });

  it('measures only the block under the pointer and its neighbours in a long list', () => {
    const measured = new Set<number>();
    const long: DropLevel = {
      ref: page,
      count: 300,
      hit: 150,
      box: (i) => (measured.add(i), i >= 0 && i < 300 ? box(0, i * 100, 800, 100) : undefined),
    };
    expect(dropPosition({ x: 10, y: 15_010 }, [long], anywhere)).toMatchObject({ index: 150 });
    expect([...measured].sort()).toEqual([149, 150, 151]);
  });
});
