/**
 * Where a JSON pointer into a resolved site document is edited, as staff see it
 * (docs/editor-design.md, "Staff words"): a block's field, a page's field, a feature switch or
 * a settings section, and the schema and value of the form that edits it. The editor opens
 * a problem there; place-words.ts names it.
 */
import {
  fromPointer,
  pageArea,
  toPointer,
  walkList,
  findBlock,
  type Area,
  type BlockLocation,
  type ListRef,
} from '../../tree.ts';
import {
  blockSchema,
  featureSchema,
  pageSchema,
  SETTINGS_SECTIONS,
  settingsSchema,
  type JsonSchema,
} from './form-schemas.ts';

type Doc = Record<string, any>;

/** What the editor's outline shows: one page, or the site layout (header and footer). */
export type View = `page:${string}` | 'layout';

export const LAYOUT_VIEW = 'layout' as const;

export function viewOfArea(area: Area): View {
  return area.startsWith('page:') ? (area as View) : LAYOUT_VIEW;
}

export type IssueTarget =
  | { kind: 'block'; view: View; blockId: string; field: string[] }
  | { kind: 'page'; view: View; pageId: string; field: string[] }
  | { kind: 'feature'; key: string }
  | { kind: 'setting'; section: string; field: string[] }
  | { kind: 'document' };

/** Where the place at `path` (a pointer into `resolved`) is edited. */
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
 * The innermost block of `list` (at `listPath` in the document) that the place at `seg`
 * is in, and the field of it (below `props`); undefined when the place is in no block.
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
  for (const loc of walkList(list, ref, toPointer(listPath)))
    if (at === loc.path || at.startsWith(`${loc.path}/`)) found = loc;
  if (!found) return undefined;
  const rest = seg.slice(fromPointer(found.path).length);
  return {
    kind: 'block',
    view: viewOfArea(ref.area),
    blockId: String(found.block.id),
    field: rest[0] === 'props' ? rest.slice(1) : rest,
  };
}

/** The form a target is edited in (its schema, fields titled) and the value that form edits. */
export function formOfTarget(
  resolved: Doc,
  t: IssueTarget,
  path: string,
): { schema?: JsonSchema; value?: unknown; field: string[] } {
  switch (t.kind) {
    case 'block': {
      const block = findBlock(resolved, t.blockId)?.block;
      return {
        schema: block ? blockSchema(String(block.type)) : undefined,
        value: block?.props,
        field: t.field,
      };
    }
    case 'page':
      return {
        schema: pageSchema(),
        value: (resolved.pages as Doc[] | undefined)?.find((p) => p.id === t.pageId),
        field: t.field,
      };
    case 'feature':
      // A feature switch's own problems sit below features/<key>.
      return {
        schema: featureSchema(t.key),
        value: resolved.features?.[t.key],
        field: fromPointer(path).slice(2),
      };
    case 'setting': {
      const section = SETTINGS_SECTIONS.find((s) => s.id === t.section);
      if (!section) return { field: t.field };
      return {
        schema: settingsSchema(section),
        value: section.objectKey ? resolved[section.objectKey] : resolved,
        field: t.field,
      };
    }
    default:
      return { field: [] };
  }
}
