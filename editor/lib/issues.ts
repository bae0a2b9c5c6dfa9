/**
 * Validation issues in the editor. The draft is checked by the server with the SAME
 * validator the runtime uses (POST /api/editor/check: migrate → resolve template →
 * validate with defaults); the browser compiles no schema. Each issue is mapped here to
 * where staff fix it: a block's field, a page, a feature switch or a settings section.
 */
import type { DocumentIssue } from '../../engine/site/types.ts';
import { fromPointer, toPointer, walkList } from '../../engine/document/tree.ts';
import { type BlockLocation, type Doc, type ListRef, type View, pageArea, viewOfArea } from './doc.ts';
import { SETTINGS_SECTIONS } from './schemas.ts';
import type { EditorBlock } from './blocks.ts';

export type { DocumentIssue };

export type IssueTarget =
  | { kind: 'block'; view: View; blockId: string; field: string[] }
  | { kind: 'page'; view: View; pageId: string; field: string[] }
  | { kind: 'feature'; key: string }
  | { kind: 'setting'; section: string; field: string[] }
  | { kind: 'document' };

export interface EditorIssue extends DocumentIssue {
  target: IssueTarget;
}

export function issueTarget(resolved: Doc, path: string): IssueTarget {
  const seg = fromPointer(path);
  if (!seg.length || seg[0] === '') return { kind: 'document' };
  if (seg[0] === 'features') return seg[1] ? { kind: 'feature', key: seg[1] } : { kind: 'document' };
  if (seg[0] === 'layout' && (seg[1] === 'header' || seg[1] === 'footer')) {
    const found = blockAt(resolved.layout?.[seg[1]], { area: `layout:${seg[1]}` }, seg.slice(0, 2), seg);
    return found ?? { kind: 'setting', section: 'layout', field: seg };
  }
  if (seg[0] === 'pages' && seg[1] !== undefined) {
    const page = (resolved.pages as Doc[] | undefined)?.[Number(seg[1])];
    if (!page) return { kind: 'document' };
    const view = pageArea(String(page.id));
    if (seg[2] !== 'blocks' || seg[3] === undefined) return { kind: 'page', view, pageId: String(page.id), field: seg.slice(2) };
    return blockAt(page.blocks, { area: view }, seg.slice(0, 3), seg) ?? { kind: 'page', view, pageId: String(page.id), field: [] };
  }
  const section = SETTINGS_SECTIONS.find((s) => s.keys.includes(seg[0]));
  if (section) return { kind: 'setting', section: section.id, field: section.objectKey ? seg.slice(1) : seg };
  return { kind: 'document' };
}

/**
 * The innermost block of `list` (at `listPath` in the document) that the issue at `seg`
 * is in, and the field of it (below `props`); undefined when the issue is in no block.
 */
function blockAt(list: unknown, ref: ListRef, listPath: string[], seg: string[]): IssueTarget | undefined {
  const at = toPointer(seg);
  let found: BlockLocation | undefined;
  // Depth first: a block comes before the blocks inside it, so the last match is the innermost.
  for (const loc of walkList<EditorBlock>(list, ref, toPointer(listPath))) if (at === loc.path || at.startsWith(`${loc.path}/`)) found = loc;
  if (!found) return undefined;
  const rest = seg.slice(fromPointer(found.path).length);
  return { kind: 'block', view: viewOfArea(ref.area), blockId: found.block.id, field: rest[0] === 'props' ? rest.slice(1) : rest };
}

export function mapIssues(resolved: Doc, issues: DocumentIssue[]): EditorIssue[] {
  return issues.map((i) => ({ ...i, target: issueTarget(resolved, i.path) }));
}

/** rjsf's ErrorSchema for one form from the issues that belong to it. */
export function errorSchemaFor(fields: Array<{ field: string[]; message: string }>): Record<string, any> | undefined {
  if (!fields.length) return undefined;
  const root: Record<string, any> = {};
  for (const { field, message } of fields) {
    let node = root;
    for (const part of field) node = node[part] ??= {};
    (node.__errors ??= []).push(message);
  }
  return root;
}

/** The DOM id rjsf gives a field (idPrefix "root", separator "_"). */
export function fieldDomId(field: string[], prefix = 'root'): string {
  return [prefix, ...field].join('_');
}

/** Words for where an issue is, e.g. "Hero hero-2 › heading". */
export function describeTarget(t: IssueTarget, blockLabel: (id: string) => string, pageLabel: (id: string) => string): string {
  switch (t.kind) {
    case 'block':
      return `${blockLabel(t.blockId)}${t.field.length ? ` › ${t.field.join(' › ')}` : ''}`;
    case 'page':
      return `Page ${pageLabel(t.pageId)}${t.field.length ? ` › ${t.field.join(' › ')}` : ''}`;
    case 'feature':
      return `Feature switch ${t.key}`;
    case 'setting':
      return `Settings › ${t.section}${t.field.length ? ` › ${t.field.join(' › ')}` : ''}`;
    default:
      return 'Document';
  }
}
