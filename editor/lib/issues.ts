/**
 * Validation issues in the editor. The draft is checked by the server with the SAME
 * validator the runtime uses (POST /api/editor/check: migrate → resolve template →
 * validate with defaults); the browser compiles no schema. Each issue is mapped here to
 * where staff fix it: a block's field, a page, a feature switch or a settings section.
 */
import type { DocumentIssue } from '../../engine/site/types.ts';
import { fromPointer, toPointer, walkList } from '../../engine/tree.ts';
import {
  type BlockLocation,
  type Doc,
  type ListRef,
  type View,
  findBlock,
  pageArea,
  pageTitleText,
  viewOfArea,
} from './doc.ts';
import {
  blockForm,
  featureForm,
  featureSwitches,
  pageForm,
  SETTINGS_SECTIONS,
  settingsForm,
  type JsonSchema,
} from './schemas.ts';
import { blockName, type EditorBlock } from './blocks.ts';
import { fieldTrail, schemaAt } from './field-words.ts';
import { plainMessage } from './messages.ts';

export type { DocumentIssue };

export type IssueTarget =
  | { kind: 'block'; view: View; blockId: string; field: string[] }
  | { kind: 'page'; view: View; pageId: string; field: string[] }
  | { kind: 'feature'; key: string }
  | { kind: 'setting'; section: string; field: string[] }
  | { kind: 'document' };

export interface EditorIssue extends DocumentIssue {
  target: IssueTarget;
  /** The problem in staff words ("Enter a number from 1 to 5"), shown at the field; `message` here is this too. */
  message: string;
  /** The engine's own wording (for logs and the CLI's terms). */
  rawMessage: string;
}

export function issueTarget(resolved: Doc, path: string): IssueTarget {
  const seg = fromPointer(path);
  if (!seg.length || seg[0] === '') return { kind: 'document' };
  if (seg[0] === 'features')
    return seg[1] ? { kind: 'feature', key: seg[1] } : { kind: 'document' };
  if (seg[0] === 'layout' && (seg[1] === 'header' || seg[1] === 'footer')) {
    const found = blockAt(
      resolved.layout?.[seg[1]],
      { area: `layout:${seg[1]}` },
      seg.slice(0, 2),
      seg,
    );
    return found ?? { kind: 'setting', section: 'layout', field: seg };
  }
  if (seg[0] === 'pages' && seg[1] !== undefined) {
    const page = (resolved.pages as Doc[] | undefined)?.[Number(seg[1])];
    if (!page) return { kind: 'document' };
    const view = pageArea(String(page.id));
    if (seg[2] !== 'blocks' || seg[3] === undefined)
      return { kind: 'page', view, pageId: String(page.id), field: seg.slice(2) };
    return (
      blockAt(page.blocks, { area: view }, seg.slice(0, 3), seg) ?? {
        kind: 'page',
        view,
        pageId: String(page.id),
        field: [],
      }
    );
  }
  const section = SETTINGS_SECTIONS.find((s) => s.keys.includes(seg[0]));
  if (section)
    return { kind: 'setting', section: section.id, field: section.objectKey ? seg.slice(1) : seg };
  return { kind: 'document' };
}

/**
 * The innermost block of `list` (at `listPath` in the document) that the issue at `seg`
 * is in, and the field of it (below `props`); undefined when the issue is in no block.
 */
function blockAt(
  list: unknown,
  ref: ListRef,
  listPath: string[],
  seg: string[],
): IssueTarget | undefined {
  const at = toPointer(seg);
  let found: BlockLocation | undefined;
  // Depth first: a block comes before the blocks inside it, so the last match is the innermost.
  for (const loc of walkList<EditorBlock>(list, ref, toPointer(listPath)))
    if (at === loc.path || at.startsWith(`${loc.path}/`)) found = loc;
  if (!found) return undefined;
  const rest = seg.slice(fromPointer(found.path).length);
  return {
    kind: 'block',
    view: viewOfArea(ref.area),
    blockId: found.block.id,
    field: rest[0] === 'props' ? rest.slice(1) : rest,
  };
}

/** The form a target is edited in (its schema) and the value that form edits. */
export function formOfTarget(
  resolved: Doc,
  t: IssueTarget,
  path: string,
): { schema?: JsonSchema; value?: unknown; field: string[] } {
  switch (t.kind) {
    case 'block': {
      const block = findBlock(resolved, t.blockId)?.block;
      return {
        schema: block ? blockForm(block.type)?.schema : undefined,
        value: block?.props,
        field: t.field,
      };
    }
    case 'page':
      return {
        schema: pageForm().schema,
        value: (resolved.pages as Doc[] | undefined)?.find((p) => p.id === t.pageId),
        field: t.field,
      };
    case 'feature':
      // A feature switch's own problems sit below features/<key>.
      return {
        schema: featureForm(t.key)?.schema,
        value: resolved.features?.[t.key],
        field: fromPointer(path).slice(2),
      };
    case 'setting': {
      const section = SETTINGS_SECTIONS.find((s) => s.id === t.section);
      if (!section) return { field: t.field };
      return {
        schema: settingsForm(section).schema,
        value: section.objectKey ? resolved[section.objectKey] : resolved,
        field: t.field,
      };
    }
    default:
      return { field: [] };
  }
}

/** Each issue with where it is fixed and its message in staff words (editor/lib/messages.ts). */
export function mapIssues(resolved: Doc, issues: DocumentIssue[]): EditorIssue[] {
  return issues.map((i) => {
    const target = issueTarget(resolved, i.path);
    const { schema, field } = formOfTarget(resolved, target, i.path);
    return {
      ...i,
      target,
      rawMessage: i.message,
      message: plainMessage(i, schemaAt(schema, field)),
    };
  });
}

/** rjsf's ErrorSchema for one form from the issues that belong to it. */
export function errorSchemaFor(
  fields: Array<{ field: string[]; message: string }>,
): Record<string, any> | undefined {
  if (!fields.length) return undefined;
  const root: Record<string, any> = {};
  for (const { field, message } of fields) {
    let node = root;
    for (const part of field) node = node[part] ??= {};
    // Two rules broken the same way (a pattern and a length) read once.
    if (!(node.__errors ??= []).includes(message)) node.__errors.push(message);
  }
  return root;
}

/** The DOM id rjsf gives a field (idPrefix "root", separator "_"). */
export function fieldDomId(field: string[], prefix = 'root'): string {
  return [prefix, ...field].join('_');
}

/**
 * Words for where an issue is, as staff see it: the block (or page, switch, settings
 * section) and the fields on the way, e.g. "Header header › Locations › Location: Gold
 * Coast › Phone" (editor/lib/field-words.ts), never a JSON path.
 */
export function describeTarget(resolved: Doc, t: IssueTarget, path: string): string {
  const { schema, value, field } = formOfTarget(resolved, t, path);
  const trail = fieldTrail(schema, field, value);
  const head = ((): string[] => {
    switch (t.kind) {
      case 'block': {
        const block = findBlock(resolved, t.blockId)?.block;
        return [block ? blockName(block) : `Block ${t.blockId}`];
      }
      case 'page': {
        const page = (resolved.pages as Doc[] | undefined)?.find((p) => p.id === t.pageId);
        return [
          page
            ? `Page ${pageTitleText(page.title, resolved.name)} (${page.path})`
            : `Page ${t.pageId}`,
        ];
      }
      case 'feature':
        return ['Feature switches', featureSwitches().find((s) => s.key === t.key)?.label ?? t.key];
      case 'setting':
        return t.section === 'layout'
          ? ['Header and footer']
          : ['Settings', SETTINGS_SECTIONS.find((s) => s.id === t.section)?.title ?? t.section];
      default:
        return ['Site'];
    }
  })();
  // The Locations section edits the one field Locations: said once.
  return [...head, ...(trail[0] === head[head.length - 1] ? trail.slice(1) : trail)].join(' › ');
}
