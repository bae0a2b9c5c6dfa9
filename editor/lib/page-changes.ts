/**
 * Template pages changed without copying them (docs/editor-design.md, "The document model"): an
 * edit of a page the site inherits is stored as the smallest change of the template page —
 * a page entry with its id and no `blocks`, holding the page keys that differ and, under
 * `blockChanges`, each changed block's differing props (null: the block is left out). The
 * engine merges it over the template page (engine/site/page-changes.ts). Structural
 * changes (adding or moving blocks) still copy the page (doc.ts materializePage).
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { findBlock, pageArea, type Area } from '../../engine/tree.ts';
import { overrideFor, UNSET, type Doc } from './doc.ts';

/** The site's entry for a page, if it has one. */
function entryOf(draft: Doc, pageId: string): Doc | undefined {
  return Array.isArray(draft.pages)
    ? (draft.pages as Doc[]).find((p) => p?.id === pageId)
    : undefined;
}

/**
 * The page id of an area the site inherits from its template without a copy of its own
 * (no entry, or an entry of changes); undefined for the layout, site pages and copies.
 */
export function inheritedPageOf(
  draft: Doc,
  template: Doc | undefined,
  area: Area,
): string | undefined {
  if (!area.startsWith('page:')) return undefined;
  const id = area.slice('page:'.length);
  if (!(template?.pages as Doc[] | undefined)?.some((p) => p?.id === id)) return undefined;
  const entry = entryOf(draft, id);
  return !entry || !('blocks' in entry) ? id : undefined;
}

/** The entry of changes for a template page, created at the end of the site's pages when missing. */
function changeEntry(draft: Doc, pageId: string): Doc {
  const found = entryOf(draft, pageId);
  if (found) return found;
  if (!Array.isArray(draft.pages)) draft.pages = [];
  (draft.pages as Doc[]).push({ id: pageId });
  return (draft.pages as Doc[])[draft.pages.length - 1];
}

/** Drops an entry that no longer changes anything, so the site follows the template page again. */
function pruneEntry(draft: Doc, pageId: string) {
  const entry = entryOf(draft, pageId);
  if (!entry) return;
  if (isPlainObject(entry.blockChanges) && !Object.keys(entry.blockChanges).length)
    delete entry.blockChanges;
  if (Object.keys(entry).some((k) => k !== 'id')) return;
  draft.pages = (draft.pages as Doc[]).filter((p) => p !== entry);
  if (!draft.pages.length) delete draft.pages;
}

/** The template's block (before this site's changes). */
function templateBlock(template: Doc, pageId: string, blockId: string): Doc | undefined {
  return findBlock(template, blockId, [pageArea(pageId)])?.block as Doc | undefined;
}

/**
 * Stores a block's new props as the smallest change of the template's block: only what
 * differs (null for a prop the template sets and the block no longer has). Props back at
 * the template's values leave no change behind.
 */
export function setBlockChange(
  draft: Doc,
  template: Doc,
  pageId: string,
  blockId: string,
  props: Record<string, unknown>,
) {
  const base = templateBlock(template, pageId, blockId);
  if (!base) throw new Error(`no block "${blockId}" on template page "${pageId}"`);
  const change = overrideFor(base.props ?? {}, props, undefined);
  const entry = changeEntry(draft, pageId);
  if (change === UNSET || (isPlainObject(change) && !Object.keys(change as Doc).length)) {
    if (isPlainObject(entry.blockChanges)) delete entry.blockChanges[blockId];
  } else {
    if (!isPlainObject(entry.blockChanges)) entry.blockChanges = {};
    entry.blockChanges[blockId] = { props: change };
  }
  pruneEntry(draft, pageId);
}

/** Leaves a template block out of this site's page (a `null` change). */
export function leaveBlockOut(draft: Doc, pageId: string, blockId: string) {
  const entry = changeEntry(draft, pageId);
  if (!isPlainObject(entry.blockChanges)) entry.blockChanges = {};
  entry.blockChanges[blockId] = null;
}

/** Stores page keys (title, route, description, layout switch) as the smallest change of the template page; undefined unsets. */
export function setPageChange(
  draft: Doc,
  template: Doc,
  pageId: string,
  patch: Record<string, unknown>,
) {
  const base = (template.pages as Doc[]).find((p) => p?.id === pageId) ?? {};
  const entry = changeEntry(draft, pageId);
  for (const [k, v] of Object.entries(patch)) {
    const change = overrideFor(base[k], v, undefined);
    if (change === UNSET) delete entry[k];
    else entry[k] = change;
  }
  pruneEntry(draft, pageId);
}
