/**
 * The lists around a point of the preview, innermost first, measured from what it shows
 * (runs inside the preview iframe): the empty list under the point (its placeholder), the
 * lists of the innermost block under it when that block holds any, then the list of each
 * block from there out, then the editor view's own lists. drop-position.ts decides among them.
 */
import { metaOf } from '../../lib/blocks.ts';
import {
  areaBlocks,
  findBlock,
  getList,
  type Area,
  type BlockLocation,
  type Doc,
  type ListRef,
} from '../../lib/doc.ts';
import { distance, type Box, type DropLevel, type Point } from './drop-position.ts';
import { blockBox, boxOf, union } from './measure.ts';

type Listed = { id: string }[];

function levelOf(ref: ListRef, list: Listed, extra: Partial<DropLevel> = {}): DropLevel {
  return {
    ref,
    count: list.length,
    box: (i) => (list[i] ? blockBox(list[i].id) : undefined),
    ...extra,
  };
}

/** The list an empty-list placeholder stands for (EmptyList.tsx). */
function placeholderRef(site: Doc, el: Element): ListRef | undefined {
  const parent = el.getAttribute('data-parent') ?? '';
  const slot = el.getAttribute('data-slot') || undefined;
  const loc = findBlock(site, parent);
  return loc ? { area: loc.ref.area, parent, ...(slot ? { slot } : {}) } : undefined;
}

function placeholderOf(parent: string, slot: string | undefined): Element | null {
  return document.querySelector(
    `[data-editor-empty][data-parent="${CSS.escape(parent)}"][data-slot="${CSS.escape(slot ?? '')}"]`,
  );
}

/** The list inside a block that holds lists (children, named slots) nearest the point. */
function innerLevel(site: Doc, loc: BlockLocation, own: Box, point: Point): DropLevel | undefined {
  const meta = metaOf(String(loc.block.type));
  const refs: ListRef[] = [];
  if (meta.container) refs.push({ area: loc.ref.area, parent: String(loc.block.id) });
  for (const slot of meta.slots)
    refs.push({ area: loc.ref.area, parent: String(loc.block.id), slot: slot.name });
  let best: { level: DropLevel; d: number } | undefined;
  for (const ref of refs) {
    const list = (getList(site, ref) ?? []) as Listed;
    const placeholder = list.length ? undefined : placeholderOf(ref.parent!, ref.slot);
    const area = list.length
      ? union(blockBox(list[0].id), blockBox(list[list.length - 1].id))
      : placeholder
        ? boxOf(placeholder)
        : undefined;
    if (!area) continue;
    const d = distance(area, point);
    if (!best || d < best.d)
      best = {
        level: levelOf(ref, list, { within: own, empty: placeholder ? area : undefined }),
        d,
      };
  }
  return best?.level;
}

/** The view's own lists, nearest first (the point is over no block of them). */
function rootLevels(site: Doc, areas: readonly Area[], point: Point): DropLevel[] {
  return areas
    .map((area) => {
      const list = (areaBlocks(site, area) ?? []) as Listed;
      const box = list.length
        ? union(blockBox(list[0].id), blockBox(list[list.length - 1].id))
        : undefined;
      const main = document.querySelector('main');
      return {
        level: levelOf(
          { area },
          list,
          list.length ? {} : { empty: main ? boxOf(main) : undefined },
        ),
        d: box ? distance(box, point) : Infinity,
      };
    })
    .sort((a, b) => a.d - b.d)
    .map((x) => x.level);
}

export function dropLevels(site: Doc, point: Point, areas: readonly Area[]): DropLevel[] {
  const levels: DropLevel[] = [];
  const hit = document.elementFromPoint(point.x, point.y);
  const empty = hit?.closest('[data-editor-empty]');
  const emptyRef = empty && placeholderRef(site, empty);
  if (empty && emptyRef)
    levels.push({ ref: emptyRef, count: 0, box: () => undefined, empty: boxOf(empty) });
  let el = (empty ?? hit)?.closest('[data-editor-block]') ?? null;
  let innermost = !empty;
  while (el) {
    const loc = findBlock(site, el.getAttribute('data-editor-block') ?? '');
    if (!loc) break;
    if (innermost) {
      const inner = innerLevel(site, loc, boxOf(el), point);
      if (inner) levels.push(inner);
      innermost = false;
    }
    levels.push(levelOf(loc.ref, (getList(site, loc.ref) ?? []) as Listed, { hit: loc.index }));
    el = el.parentElement?.closest('[data-editor-block]') ?? null;
  }
  // Over no block of the view (a margin, or the header while a page is edited): its nearest list.
  if (!levels.some((l) => areas.includes(l.ref.area)))
    levels.push(...rootLevels(site, areas, point));
  return levels;
}
