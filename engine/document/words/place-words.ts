/**
 * A place in a site document in staff words, "Page Home (/) › Hero home-hero › Heading", for
 * a JSON pointer from the server: a refused save's problems and a merge's conflicts
 * (docs/editor-design.md, "Drafts and publishing"). The words are the editor's own for a problem
 * (describeTarget, editor/lib/issues.ts). A pointer into the document as saved is first
 * moved to the same place in the resolved document: a template page's change of a block
 * (`/pages/N/blockChanges/{id}/props/…`, numbered among the site's own page entries) is
 * the block on the page as shown.
 */
import { findBlock, fromPointer, pageArea, toPointer } from '../../engine/tree.ts';
import { blockName, type EditorBlock } from './blocks.ts';
import { pageTitleText, type Doc } from './doc.ts';
import { fieldTrail } from './field-words.ts';
import { describeTarget, issueTarget } from './issues.ts';
import { blockForm } from './schemas.ts';

const INDEX = /^(0|[1-9]\d*)$/;

/** A pointer into the document as saved, at a template page's block change. */
export const isBlockChangePath = (path: string) => /^\/pages\/\d+\/blockChanges\/[^/]+/.test(path);

function pageWords(resolved: Doc, pageId: string): string {
  const page = (resolved.pages as Doc[] | undefined)?.find((p) => p?.id === pageId);
  return page
    ? `Page ${pageTitleText(page.title, resolved.name)} (${page.path})`
    : `Page ${pageId}`;
}

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
    : { words: [pageWords(resolved, page.id), ...page.rest].join(' › ') };
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
  // A block's words name the block; on a page, the page comes first.
  return target.kind === 'block' && target.view.startsWith('page:')
    ? `${pageWords(resolved, target.view.slice('page:'.length))} › ${words}`
    : words;
}

/** A template block this site leaves out (not on the page as shown): named as the template has it. */
function leftOutWords(
  resolved: Doc,
  template: Doc | undefined,
  pageId: string,
  blockId: string,
  field: string[],
): string {
  const block = template && findBlock<EditorBlock>(template, blockId, [pageArea(pageId)])?.block;
  const props = field[0] === 'props' ? field.slice(1) : field;
  const trail = block ? fieldTrail(blockForm(block.type)?.schema, props, block.props) : props;
  return [
    pageWords(resolved, pageId),
    block ? blockName(block) : `Block ${blockId}`,
    ...trail,
  ].join(' › ');
}
