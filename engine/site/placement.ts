/**
 * Where a block may stand (docs/site-documents.md, "Where a block may go"): each container's
 * `children` and each named slot says in its block schema's `x-block` which blocks it takes
 * (`accepts`: block types, or a width class) and how many (`maxBlocks`); a block type says
 * its width class (`x-block.width`, "content" when absent). A whole-site rule here, so a
 * hand-edited file is refused like an editor drop; the editor asks the same functions
 * before it offers a place. Browser-safe.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import { walkBlocks, type TreeBlock } from '../tree.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';

/** The width classes `accepts` may name beside block types. */
export const WIDTH_CLASSES = ['full-width', 'content'] as const;
export type WidthClass = (typeof WIDTH_CLASSES)[number];

const WIDTH_WORDS: Record<WidthClass, string> = {
  'full-width': 'full-width blocks',
  content: 'content blocks',
};

interface ListMeta {
  label?: string;
  accepts?: string[];
  maxBlocks?: number;
}

interface XBlock extends ListMeta {
  label?: string;
  container?: boolean;
  width?: WidthClass;
  slots?: Record<string, ListMeta>;
}

const xBlock = (type: string): XBlock | undefined =>
  (blockSchemas as unknown as Record<string, { 'x-block'?: XBlock } | undefined>)[type]?.[
    'x-block'
  ];

const labelOf = (type: string) => xBlock(type)?.label ?? type;

/** A block type's width class: "full-width" ones need the page's whole width. */
export function widthOf(type: string): WidthClass {
  return xBlock(type)?.width ?? 'content';
}

/** What one list of a block takes: its words ("Second column of Columns") and its rules. */
export interface ListRule {
  where: string;
  accepts?: string[];
  maxBlocks?: number;
}

/**
 * The rule of a block's `children` (no `slot`) or of one named slot; undefined when the
 * block type has no such list (the schema refuses those).
 */
export function listRule(parentType: string, slot?: string): ListRule | undefined {
  const meta = xBlock(parentType);
  if (!meta) return undefined;
  const parent = meta.label ?? parentType;
  if (slot === undefined)
    return meta.container
      ? { where: parent, accepts: meta.accepts, maxBlocks: meta.maxBlocks }
      : undefined;
  const s = meta.slots?.[slot];
  if (!s) return undefined;
  return { where: `${s.label ?? slot} of ${parent}`, accepts: s.accepts, maxBlocks: s.maxBlocks };
}

/** Does `rule` take a block of `type`? */
export function accepts(rule: ListRule, type: string): boolean {
  return !rule.accepts || rule.accepts.includes(type) || rule.accepts.includes(widthOf(type));
}

const takes = (names: string[]) =>
  names
    .map((n) => WIDTH_WORDS[n as WidthClass] ?? `${labelOf(n)} blocks`)
    .join(names.length > 2 ? ', ' : ' and ')
    .replace(/, ([^,]*)$/, ' and $1');

/** Why `rule` does not take a block of `type`, in staff words; undefined when it does. */
export function refusalOf(rule: ListRule, type: string): string | undefined {
  if (accepts(rule, type)) return undefined;
  const label = labelOf(type);
  const wide = widthOf(type) === 'full-width' ? ` (${label} needs the full width of the page)` : '';
  return `${rule.where} takes ${takes(rule.accepts ?? [])} only, not ${label}${wide}`;
}

/** Why `rule` takes no more blocks when it holds `count` and `adding` come; undefined when it does. */
export function fullnessOf(rule: ListRule, count: number, adding = 1): string | undefined {
  if (rule.maxBlocks === undefined || count + adding <= rule.maxBlocks) return undefined;
  return `${rule.where} holds at most ${rule.maxBlocks} block${rule.maxBlocks === 1 ? '' : 's'}`;
}

/** Every block standing where its list does not take it, and every list over its maximum. */
export function placementIssues(site: ResolvedSite): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const parents = new Map<string, TreeBlock>();
  for (const loc of walkBlocks(site)) {
    parents.set(String(loc.block.id), loc.block);
    if (loc.ref.parent === undefined) continue;
    // Depth first: the parent was walked before what it holds.
    const parent = parents.get(String(loc.ref.parent));
    const rule = parent && listRule(String(parent.type), loc.ref.slot);
    if (!parent || !rule) continue;
    const refused = refusalOf(rule, String(loc.block.type));
    if (refused) issues.push({ path: loc.path, message: refused });
    if (loc.index === rule.maxBlocks) {
      const list = (loc.ref.slot === undefined ? parent.children : parent.slots?.[loc.ref.slot])!;
      const extra = list.length - rule.maxBlocks;
      issues.push({
        path: loc.path.slice(0, loc.path.lastIndexOf('/')),
        message: `${fullnessOf(rule, list.length, 0)}; it has ${list.length}: remove or move ${extra} block${extra === 1 ? '' : 's'}`,
      });
    }
  }
  return issues;
}
