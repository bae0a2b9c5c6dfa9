/**
 * Validation issues in the editor. The draft is checked by the server with the SAME
 * validator the runtime uses (POST /api/editor/check: migrate → resolve template →
 * validate with defaults); the browser compiles no schema. Each issue is mapped here to
 * where staff fix it: a block's field, a page, a feature switch or a settings section.
 */
import type { DocumentIssue } from '../../engine/site/types.ts';
import { type Doc, type View, LAYOUT_VIEW, pageArea } from './doc.ts';
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

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');

export function issueTarget(resolved: Doc, path: string): IssueTarget {
  const seg = path.split('/').slice(1).map(unescape);
  if (!seg.length || seg[0] === '') return { kind: 'document' };
  if (seg[0] === 'features') return seg[1] ? { kind: 'feature', key: seg[1] } : { kind: 'document' };
  let list: EditorBlock[] | undefined;
  let view: View | undefined;
  let rest: string[] = [];
  if (seg[0] === 'layout' && (seg[1] === 'header' || seg[1] === 'footer')) {
    list = resolved.layout?.[seg[1]];
    view = LAYOUT_VIEW;
    rest = seg.slice(2);
  } else if (seg[0] === 'pages' && seg[1] !== undefined) {
    const page = (resolved.pages as Doc[] | undefined)?.[Number(seg[1])];
    if (!page) return { kind: 'document' };
    view = pageArea(String(page.id));
    if (seg[2] !== 'blocks' || seg[3] === undefined) return { kind: 'page', view, pageId: String(page.id), field: seg.slice(2) };
    list = page.blocks;
    rest = seg.slice(3);
  }
  if (view) {
    let block: EditorBlock | undefined = list?.[Number(rest[0])];
    rest = rest.slice(1);
    while (block) {
      if (rest[0] === 'children' && rest[1] !== undefined && block.children?.[Number(rest[1])]) {
        block = block.children[Number(rest[1])];
        rest = rest.slice(2);
      } else if (rest[0] === 'slots' && rest[2] !== undefined && block.slots?.[rest[1]]?.[Number(rest[2])]) {
        block = block.slots[rest[1]][Number(rest[2])];
        rest = rest.slice(3);
      } else break;
    }
    if (!block) return view === LAYOUT_VIEW ? { kind: 'setting', section: 'layout', field: seg } : { kind: 'page', view, pageId: view.slice(5), field: [] };
    return { kind: 'block', view, blockId: block.id, field: rest[0] === 'props' ? rest.slice(1) : rest };
  }
  const section = SETTINGS_SECTIONS.find((s) => s.keys.includes(seg[0]));
  if (section) return { kind: 'setting', section: section.id, field: section.objectKey ? seg.slice(1) : seg };
  return { kind: 'document' };
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
