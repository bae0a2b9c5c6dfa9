/**
 * A place in a site document in staff words, "Page Home (/) › Hero home-hero › Heading", for
 * a JSON pointer: a refused save's problems, a merge's conflicts, the review's, publish's and
 * History's change lines (docs/editor-design.md, "Staff words"). The words are the editor's own
 * for a problem (describeTarget): the block, page, switch or settings section, then the
 * fields' titles on the way (field-words.ts). A pointer into the document as saved is first
 * moved to the same place in the resolved document: a template page's change of a block
 * (`/pages/N/blockChanges/{id}/props/…`, numbered among the site's own page entries) is
 * the block on the page as shown.
 */
import { findBlock, fromPointer, pageArea, toPointer } from '../../tree.ts';
import { fieldTrail } from './field-words.ts';
import {
  blockSchema,
  featureSwitches,
  SETTINGS_SECTIONS,
  siteFieldSchema,
} from './form-schemas.ts';
import { blockName, pageName } from './names.ts';
import { formOfTarget, issueTarget, type IssueTarget } from './place-targets.ts';

type Doc = Record<string, any>;

const INDEX = /^(0|[1-9]\d*)$/;
/** The layout's blocks as the editor's outline names them (its "Header and footer" view). */
const LAYOUT_WORDS = 'Header and footer';

/** A pointer into the document as saved, at a template page's block change. */
export const isBlockChangePath = (path: string) => /^\/pages\/\d+\/blockChanges\/[^/]+/.test(path);

/** The page a pointer into the document as saved is on: its id and what follows the page. */
function savedPage(doc: Doc, seg: string[]): { id: string; rest: string[] } | undefined {
  if (seg[0] !== 'pages' || !INDEX.test(seg[1] ?? '')) return undefined;
  const entry = (doc.pages as Doc[] | undefined)?.[Number(seg[1])];
  return entry && typeof entry.id === 'string' ? { id: entry.id, rest: seg.slice(2) } : undefined;
}

export interface PathOptions {
  /** The document the pointer was taken in, when it is the one as saved (a conflict's path). */
  doc?: Doc;
  /** True when every page pointer is into `doc` (a conflict); else only a block change's is (a problem). */
  saved?: boolean;
  /** The template's side alone, to name a block this site leaves out. */
  template?: Doc;
}

/**
 * The same place in the resolved document (`at`), or, for a template block the page as
 * shown leaves out, its words already. A problem's pointer is in the resolved document,
 * except at a block change, which the server reports as saved (pass `doc`).
 */
export function locatePath(
  path: string,
  resolved: Doc,
  options: PathOptions = {},
): { at: string } | { words: string } {
  const { doc, template } = options;
  const page =
    doc && (options.saved || isBlockChangePath(path))
      ? savedPage(doc, fromPointer(path))
      : undefined;
  if (!page) return { at: path };
  if (page.rest[0] === 'blockChanges' && page.rest[1] !== undefined) {
    const [, blockId, ...field] = page.rest;
    const loc = findBlock(resolved, blockId, [pageArea(page.id)]);
    if (!loc) return { words: leftOutWords(resolved, template, page.id, blockId, field) };
    return { at: `${loc.path}${field.length ? toPointer(field) : ''}` };
  }
  const index = (resolved.pages as Doc[] | undefined)?.findIndex((p) => p?.id === page.id) ?? -1;
  return index >= 0
    ? { at: toPointer(['pages', String(index), ...page.rest]) }
    : { words: [pageName(resolved, page.id), ...page.rest].join(' › ') };
}

/**
 * A check's problems with each block change's pointer (into the document as saved) moved to
 * the block on the page as shown, so the Problems panel names and opens the right page; a
 * change to a block the page leaves out keeps its pointer.
 */
export function problemsOnResolved<T extends { path: string }>(
  issues: T[],
  doc: Doc,
  resolved: Doc,
): T[] {
  return issues.map((i) => {
    if (!isBlockChangePath(i.path)) return i;
    const place = locatePath(i.path, resolved, { doc });
    return 'at' in place ? { ...i, path: place.at } : i;
  });
}

/** Where a pointer is, in words ("Page Home (/) › Hero home-hero › Heading"). */
export function pathWords(path: string, resolved: Doc, options: PathOptions = {}): string {
  const place = locatePath(path, resolved, options);
  if ('words' in place) return place.words;
  const target = issueTarget(resolved, place.at);
  const words = describeTarget(resolved, target, place.at);
  // A block's words name the block; where it is comes first: its page, or the header and footer.
  if (target.kind !== 'block') return words;
  return target.view.startsWith('page:')
    ? `${pageName(resolved, target.view.slice('page:'.length))} › ${words}`
    : `${LAYOUT_WORDS} › ${words}`;
}

/** A template block this site leaves out (not on the page as shown): named as the template has it. */
function leftOutWords(
  resolved: Doc,
  template: Doc | undefined,
  pageId: string,
  blockId: string,
  field: string[],
): string {
  const block = template && findBlock(template, blockId, [pageArea(pageId)])?.block;
  const props = field[0] === 'props' ? field.slice(1) : field;
  const trail = block ? fieldTrail(blockSchema(String(block.type)), props, block.props) : props;
  return [pageName(resolved, pageId), block ? blockName(block) : `Block ${blockId}`, ...trail].join(
    ' › ',
  );
}

/**
 * Words for where a target is, as staff see it: the block (or page, switch, settings
 * section) and the fields on the way, e.g. "Header header › Locations › Location: Gold
 * Coast › Phone" (field-words.ts), never a JSON path.
 */
export function describeTarget(resolved: Doc, t: IssueTarget, path: string): string {
  if (t.kind === 'document') return siteFieldWords(resolved, path);
  const { schema, value, field } = formOfTarget(resolved, t, path);
  const trail = fieldTrail(schema, field, value);
  const head = ((): string[] => {
    switch (t.kind) {
      case 'block': {
        const block = findBlock(resolved, t.blockId)?.block;
        return [block ? blockName(block) : `Block ${t.blockId}`];
      }
      case 'page':
        return [pageName(resolved, t.pageId)];
      case 'feature':
        return ['Feature switches', featureSwitches().find((s) => s.key === t.key)?.label ?? t.key];
      case 'setting':
        return t.section === 'layout'
          ? [LAYOUT_WORDS]
          : ['Settings', SETTINGS_SECTIONS.find((s) => s.id === t.section)?.title ?? t.section];
    }
  })();
  // The Locations section edits the one field Locations: said once.
  return [...head, ...(trail[0] === head[head.length - 1] ? trail.slice(1) : trail)].join(' › ');
}

/** A field of the site itself that no form section edits ("Site › Document format version"). */
function siteFieldWords(resolved: Doc, path: string): string {
  const [key, ...rest] = fromPointer(path);
  const schema = key ? siteFieldSchema(key) : undefined;
  if (!schema) return 'Site';
  const title = typeof schema.title === 'string' ? schema.title : key;
  return ['Site', title, ...fieldTrail(schema, rest, resolved[key])].join(' › ');
}
