/**
 * Where new blocks go when no place is given: "add" from the palette, and paste. The
 * rules the outline enforces for drops (containers, `accepts`, slots: doc.ts canContain)
 * decide, and a refusal says why.
 */
import { metaOf } from '../blocks.ts';
import {
  areaBlocks,
  canContain,
  findBlock,
  LAYOUT_VIEW,
  topMost,
  type Allowed,
  pageArea,
  type Area,
  type Doc,
  type ListRef,
} from '../doc.ts';
import type { EditorState, InsertTarget } from './state.ts';

/** Into the selected container, after the selected block, or at the end of the view. */
export function defaultTarget(state: EditorState, type: string): InsertTarget | undefined {
  const { resolved, selected } = state;
  const loc = selected ? findBlock(resolved, selected) : undefined;
  if (loc) {
    if (metaOf(loc.block.type).container) {
      const inside = { area: loc.ref.area, parent: loc.block.id };
      if (canContain(resolved, inside, type).ok)
        return { ref: inside, index: loc.block.children?.length ?? 0 };
    }
    if (canContain(resolved, loc.ref, type).ok) return { ref: loc.ref, index: loc.index + 1 };
  }
  return endOfView(state);
}

/**
 * Where pasted blocks go: with one block selected, into it (a container that takes them
 * all, at the end), else after it; with several, after the last of them (document order);
 * with none, at the end of the view. Refused, with the reason, when that list does not
 * take every pasted block type.
 */
export function pasteTarget(
  state: EditorState,
  types: readonly string[],
): { target?: InsertTarget; reason?: string } {
  const { resolved } = state;
  const top = topMost(resolved, state.selection);
  const last = top[top.length - 1];
  if (last) {
    if (top.length === 1 && metaOf(last.block.type).container) {
      const inside = { area: last.ref.area, parent: last.block.id };
      if (!refusal(state, inside, types))
        return { target: { ref: inside, index: last.block.children?.length ?? 0 } };
    }
    const no = refusal(state, last.ref, types);
    return no ? { reason: no.reason } : { target: { ref: last.ref, index: last.index + 1 } };
  }
  const end = endOfView(state);
  return end ? { target: end } : { reason: 'there is no page to paste into' };
}

/** The first block type list `ref` does not take, as a refusal with its reason. */
export function refusal(
  state: EditorState,
  ref: ListRef,
  types: readonly string[],
): Allowed | undefined {
  return types.map((t) => canContain(state.resolved, ref, t)).find((a) => !a.ok);
}

/** The end of the page, or of the header in the layout view (undefined when the page is gone). */
function endOfView({ resolved, view }: EditorState): InsertTarget | undefined {
  if (view === LAYOUT_VIEW)
    return {
      ref: { area: 'layout:header' },
      index: areaBlocks(resolved, 'layout:header')?.length ?? 0,
    };
  const page = (resolved.pages as Doc[] | undefined)?.find((p) => pageArea(String(p.id)) === view);
  return page
    ? { ref: { area: view as Area }, index: (page.blocks as unknown[] | undefined)?.length ?? 0 }
    : undefined;
}
