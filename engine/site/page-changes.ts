/**
 * Block changes of a template page (docs/site-documents.md, "Templates: merge rules"):
 * a page entry with an inherited page's id and no `blocks` of its own is merged over
 * that page instead of replacing it. Its page keys (title, description, …) merge like
 * any object; its `blockChanges` map, keyed by block id, merges each change over that
 * block of the page (anywhere in its tree) by the same rules — objects key by key, arrays
 * replaced whole, `null` removes — and a change that is `null` leaves the block out.
 *
 *   { "id": "home", "blockChanges": { "hero": { "props": { "heading": "Hello" } } } }
 *
 * So editing one block of a template page stores that edit alone, and the site keeps
 * following the template everywhere else on the page. A page that needs its blocks added,
 * moved or replaced takes its own copy (`blocks`) instead. Like `withoutPages`, the map is
 * consumed here: the resolved page has no `blockChanges`.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import omit from 'lodash-es/omit.js';
import { encodePointerSegment, findBlock, mapBlocks, pageArea, type TreeBlock } from '../tree.ts';
import type { DocumentIssue } from './types.ts';

type Json = Record<string, unknown>;
type Merge = (base: Json, override: Json, key: string) => Json;
type Report = (path: string, message: string) => void;

/** Is this page entry a change of an inherited page rather than a page of its own? */
export function isPageChange(entry: unknown, inheritedIds: ReadonlySet<unknown>): entry is Json {
  return (
    isPlainObject(entry) && !('blocks' in (entry as Json)) && inheritedIds.has((entry as Json).id)
  );
}

/**
 * Applies one layer's page changes to what it inherits (`base`, the layers below merged):
 * returns the inherited pages with the changes merged in, and the layer without those
 * entries (its remaining pages merge by the usual rules). `where` prefixes messages about
 * a template's entries, as for `withoutPages`.
 */
export function applyPageChanges(
  base: Json,
  layer: Json,
  merge: Merge,
  where: string | undefined,
  issues: DocumentIssue[],
): { base: Json; layer: Json } {
  if (!Array.isArray(layer.pages)) return { base, layer };
  const report: Report = (path, message) =>
    issues.push(
      where === undefined
        ? { path, message }
        : { path: '/template', message: `${where}: ${path}: ${message}` },
    );
  const inherited = Array.isArray(base.pages) ? (base.pages as unknown[]) : [];
  const inheritedIds = new Set(inherited.filter(isPlainObject).map((p) => (p as Json).id));
  let pages = inherited;
  let changed = false;
  const rest: unknown[] = [];
  (layer.pages as unknown[]).forEach((entry, i) => {
    const at = `/pages/${i}`;
    if (isPageChange(entry, inheritedIds)) {
      pages = pages.map((p) =>
        isPlainObject(p) && (p as Json).id === entry.id
          ? changedPage(p as Json, entry, at, merge, report)
          : p,
      );
      changed = true;
      return;
    }
    if (isPlainObject(entry) && 'blockChanges' in (entry as Json)) {
      const page = entry as Json;
      report(
        `${at}/blockChanges`,
        'blocks' in page
          ? `page "${String(page.id)}" has blocks of its own, so it cannot also list changes to the template's blocks; change its blocks instead`
          : `no template page has id "${String(page.id)}", so there are no template blocks to change; give the page its own blocks`,
      );
      rest.push(omit(page, 'blockChanges'));
      changed = true;
      return;
    }
    rest.push(entry);
  });
  if (!changed) return { base, layer };
  return {
    base: pages === inherited ? base : { ...base, pages },
    layer: { ...layer, pages: rest },
  };
}

function changedPage(page: Json, entry: Json, at: string, merge: Merge, report: Report): Json {
  const out = merge(page, omit(entry, 'blockChanges'), '/page');
  if (!('blockChanges' in entry)) return out;
  const changes = entry.blockChanges;
  if (!isPlainObject(changes)) {
    report(`${at}/blockChanges`, 'must be an object of block changes, keyed by block id');
    return out;
  }
  const area = pageArea(String(page.id));
  const doc = { pages: [out] };
  const props = new Map<string, Json>();
  const removed = new Set<string>();
  for (const [id, change] of Object.entries(changes as Json)) {
    const path = `${at}/blockChanges/${encodePointerSegment(id)}`;
    const loc = findBlock(doc, id, [area]);
    if (!loc) {
      report(path, `no block "${id}" on template page "${String(page.id)}"`);
      continue;
    }
    if (change === null) {
      removed.add(id);
    } else if (!isPlainObject(change)) {
      report(
        path,
        'must be a change of the block ({ "props": { … } }) or null to leave the block out',
      );
      continue;
    } else {
      for (const key of Object.keys(change as Json)) {
        if (key !== 'props')
          report(
            `${path}/${encodePointerSegment(key)}`,
            `only a template block's props can be changed here; to change its ${key}, give the page its own blocks`,
          );
      }
      const next = (change as Json).props;
      if (next === undefined) continue;
      if (!isPlainObject(next)) {
        report(`${path}/props`, 'must be an object of the props to change');
        continue;
      }
      props.set(
        id,
        merge(isPlainObject(loc.block.props) ? loc.block.props : {}, next as Json, '/props'),
      );
    }
  }
  if (!props.size && !removed.size) return out;
  // Only the changed blocks and their containers are new objects: the rest are the
  // template's own, unchanged from one resolution to the next (the editor's outline and
  // preview keep what did not change by identity), and the template is never written to.
  const blocks = Array.isArray(out.blocks)
    ? mapBlocks<TreeBlock>(
        out.blocks as TreeBlock[],
        (block, lists) => {
          const p = props.get(String(block.id));
          if (!p && lists.children === block.children && lists.slots === block.slots) return block;
          return { ...block, ...lists, ...(p ? { props: p } : {}) };
        },
        (b) => !(isBlockObject(b) && removed.has(String(b.id))),
      )
    : out.blocks;
  return { ...out, blocks };
}

const isBlockObject = (b: unknown): b is TreeBlock => isPlainObject(b);
