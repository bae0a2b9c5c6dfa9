/**
 * Pure operations on site documents as the editor sees them.
 *
 * The editor edits the RAW site document (what is saved), but shows the RESOLVED one
 * (its template merged in). A block is found in the resolved document. Prop and page
 * edits of a template page are stored as the smallest change of it (page-changes.ts);
 * before a template page's blocks are added or moved, or a layout list inherited from the
 * template is changed, it is copied into the site ("materialised"), which is how a site
 * overrides a template page (by page id) or layout list (arrays replace whole). Settings are stored as the smallest override of
 * the template that gives the wanted value.
 */
import isEqual from 'lodash-es/isEqual.js';
import isPlainObject from 'lodash-es/isPlainObject.js';
import { leftOutPageIds, resolveTemplate } from '../../engine/site/templates.ts';
import { migrateDocument } from '../../engine/site/migrations.ts';
import {
  allAreas,
  areaBlocks as treeAreaBlocks,
  findBlock as treeFindBlock,
  getList as treeGetList,
  walkBlocks,
  type Area,
  type BlockLocation as TreeLocation,
  type ListRef,
} from '../../engine/tree.ts';
import { fullnessOf, listRule, refusalOf } from '../../engine/site/placement.ts';
import { metaOf, type EditorBlock } from './blocks.ts';

export { allAreas, pageArea, type Area, type ListRef } from '../../engine/tree.ts';

export type Doc = Record<string, any>;

import { LAYOUT_VIEW, type View } from '../../engine/document/words/place-targets.ts';

// What the outline shows (a page, or the layout) is the engine's, so the server's words name places alike.
export { LAYOUT_VIEW, viewOfArea, type View } from '../../engine/document/words/place-targets.ts';
export { pageTitleText } from '../../engine/document/words/names.ts';

/** A block of the edited document where it sits (engine/tree.ts, typed for the editor). */
export type BlockLocation = TreeLocation<EditorBlock>;

export const listKey = (ref: ListRef) => `${ref.area}|${ref.parent ?? ''}|${ref.slot ?? ''}`;

export function sameList(a: ListRef, b: ListRef) {
  return (
    a.area === b.area && (a.parent ?? '') === (b.parent ?? '') && (a.slot ?? '') === (b.slot ?? '')
  );
}

export function areaOfView(view: View): Area[] {
  return view === LAYOUT_VIEW ? ['layout:header', 'layout:footer'] : [view as Area];
}

// ------------------------------------------------------------------ resolving

export type TemplateMap = Record<string, Doc>;

/** The resolved (template merged) document; never validated or defaulted here. */
export function resolveDraft(doc: Doc, templates: TemplateMap): Doc {
  const load = (name: string) => {
    const t = templates[name];
    return t ? migrateDocument(t).doc : undefined;
  };
  return resolveTemplate(doc, load).doc;
}

/** The template side alone (the chain merged), or undefined without a template. */
export function resolvedTemplate(doc: Doc, templates: TemplateMap): Doc | undefined {
  if (typeof doc.template !== 'string' || !templates[doc.template]) return undefined;
  return resolveDraft(templates[doc.template], templates);
}

// ------------------------------------------------------------------ finding

/** The root list of an area, typed for the editor. */
export const areaBlocks = (doc: Doc, area: Area) => treeAreaBlocks<EditorBlock>(doc, area);

export function findBlock(
  doc: Doc,
  id: string,
  areas: Area[] = allAreas(doc),
): BlockLocation | undefined {
  return treeFindBlock<EditorBlock>(doc, id, areas);
}

/**
 * A block looked for in the open view first, then everywhere: the selected block is nearly
 * always on the page staff have open, and a keystroke looks it up several times, so it no
 * longer walks every page before that one (docs/editor-design.md, "Speed").
 */
export function findBlockInView(doc: Doc, id: string, view: View): BlockLocation | undefined {
  const shown = areaOfView(view);
  const others = allAreas(doc).filter((a) => !shown.includes(a));
  return findBlock(doc, id, shown) ?? findBlock(doc, id, others);
}

/**
 * The top-most of `ids`, in document order: a block inside another selected block is
 * covered by it (it goes wherever its ancestor goes), so operations on a selection act
 * on these only. Ids that are not in the document are dropped.
 */
export function topMost(
  doc: Doc,
  ids: Iterable<string>,
  areas: Area[] = allAreas(doc),
): BlockLocation[] {
  const wanted = new Set(ids);
  return inDocumentOrder(doc, wanted, areas).filter(
    (loc) => !loc.ancestors.some((a) => wanted.has(a)),
  );
}

/** Every selected id that exists, in document order (covered ones included). */
export function inDocumentOrder(
  doc: Doc,
  ids: Iterable<string>,
  areas: Area[] = allAreas(doc),
): BlockLocation[] {
  const wanted = new Set(ids);
  if (!wanted.size) return [];
  const out: BlockLocation[] = [];
  for (const loc of walkBlocks<EditorBlock>(doc, areas))
    if (wanted.has(loc.block.id)) out.push(loc);
  return out;
}

/** The list a ref points at, or undefined when it does not exist (yet). */
export const getList = (doc: Doc, ref: ListRef) => treeGetList<EditorBlock>(doc, ref);

/** The list a ref points at in a draft, creating `children` / the slot when missing. */
export function ensureList(draft: Doc, ref: ListRef): EditorBlock[] {
  if (!ref.parent) {
    const list = areaBlocks(draft, ref.area);
    if (!list) throw new Error(`no list for ${ref.area}`);
    return list;
  }
  const parent = findBlock(draft, ref.parent, [ref.area])?.block;
  if (!parent) throw new Error(`no block "${ref.parent}"`);
  if (ref.slot) {
    parent.slots ??= {};
    return (parent.slots[ref.slot] ??= []);
  }
  return (parent.children ??= []);
}

/** Drops an emptied `children` or slot so nothing is written that was not set on purpose. */
export function pruneList(draft: Doc, ref: ListRef) {
  if (!ref.parent) return;
  const parent = findBlock(draft, ref.parent, [ref.area])?.block;
  if (!parent) return;
  if (ref.slot) {
    if (parent.slots && Array.isArray(parent.slots[ref.slot]) && !parent.slots[ref.slot].length) {
      delete parent.slots[ref.slot];
      if (!Object.keys(parent.slots).length) delete parent.slots;
    }
  } else if (Array.isArray(parent.children) && !parent.children.length) {
    delete parent.children;
  }
}

// ------------------------------------------------------------------ rules

export interface Allowed {
  ok: boolean;
  reason?: string;
}

/**
 * May a block of `type` go into the list `ref`? The engine's placement rule (containers,
 * slots, `accepts`, `maxBlocks`: engine/site/placement.ts) decides, so the editor never offers
 * what validation would refuse. `moving`: ids of blocks coming from elsewhere in the document
 * (a drag), not counted where they stand and counted where they go.
 */
export function canContain(
  doc: Doc,
  ref: ListRef,
  type: string,
  moving: readonly string[] = [],
): Allowed {
  if (!ref.parent) return { ok: true };
  const parent = findBlock(doc, ref.parent, [ref.area])?.block;
  if (!parent) return { ok: false, reason: `there is no block "${ref.parent}"` };
  const meta = metaOf(parent.type);
  const rule = listRule(parent.type, ref.slot);
  if (!rule)
    return {
      ok: false,
      reason: ref.slot
        ? `${meta.label} has no slot "${ref.slot}"`
        : `${meta.label} cannot contain other blocks`,
    };
  const refused = refusalOf(rule, type);
  if (refused) return { ok: false, reason: refused };
  const list = (ref.slot ? parent.slots?.[ref.slot] : parent.children) ?? [];
  const staying = list.filter((b) => !moving.includes(b.id)).length;
  const full = fullnessOf(rule, staying, Math.max(1, moving.length));
  return full ? { ok: false, reason: full } : { ok: true };
}

/** Would moving block `id` into `ref` put it inside itself? */
export function isInsideItself(doc: Doc, id: string, ref: ListRef): boolean {
  if (!ref.parent) return false;
  if (ref.parent === id) return true;
  const loc = findBlock(doc, ref.parent, [ref.area]);
  return !!loc?.ancestors.includes(id);
}

export function listLabel(doc: Doc, ref: ListRef): string {
  if (!ref.parent) {
    if (ref.area === 'layout:header') return 'the site header';
    if (ref.area === 'layout:footer') return 'the site footer';
    const page = (doc.pages as Doc[] | undefined)?.find((p) => p.id === ref.area.slice(5));
    return `page ${ref.area.slice(5)}${page?.path ? ` (${page.path})` : ''}`;
  }
  const parent = findBlock(doc, ref.parent, [ref.area])?.block;
  const meta = metaOf(parent?.type ?? '');
  if (ref.slot) {
    const slot = meta.slots.find((s) => s.name === ref.slot);
    return `${slot?.label ?? ref.slot} of ${meta.label} ${ref.parent}`;
  }
  return `${meta.label} ${ref.parent}`;
}

// ------------------------------------------------------------------ materialising

/**
 * Makes sure the draft holds its own copy of an area before it is changed: a template
 * page is copied into the site's pages (same id, so it overrides the template's), a
 * layout list is copied into the site's layout.
 */
export function materializeArea(draft: Doc, resolved: Doc, area: Area) {
  if (area === 'layout:header' || area === 'layout:footer') {
    const part = area === 'layout:header' ? 'header' : 'footer';
    if (!isPlainObject(draft.layout)) draft.layout = {};
    if (!Array.isArray(draft.layout[part]))
      draft.layout[part] = structuredClone(resolved.layout?.[part] ?? []);
    return;
  }
  materializePage(draft, resolved, area.slice(5));
}

export function materializePage(draft: Doc, resolved: Doc, pageId: string): Doc {
  if (!Array.isArray(draft.pages)) draft.pages = [];
  const pages = draft.pages as Doc[];
  let at = pages.findIndex((p) => p?.id === pageId);
  // No entry, or one that only changes the template page (page-changes.ts): the page as
  // shown, its changes merged in, becomes the site's copy, in the entry's place.
  if (at < 0 || !('blocks' in pages[at])) {
    const inherited = (resolved.pages as Doc[] | undefined)?.find((p) => p?.id === pageId);
    if (!inherited) throw new Error(`no page "${pageId}"`);
    if (at < 0) at = pages.push({}) - 1;
    pages[at] = structuredClone(inherited);
  }
  const page = pages[at];
  if (!Array.isArray(page.blocks)) page.blocks = [];
  return page;
}

/** Ids of the template pages the site leaves out (its `withoutPages`), in its order. */
export { leftOutPageIds };

export interface LeftOutPage {
  id: string;
  path?: string;
  title?: string;
  /** False when the template has no page with this id (any more): the entry is an issue. */
  inTemplate: boolean;
}

/** The template pages a site leaves out, with their route and title from the template. */
export function leftOutPages(doc: Doc, template: Doc | undefined): LeftOutPage[] {
  const pages = (template?.pages as Doc[] | undefined) ?? [];
  return leftOutPageIds(doc).map((id) => {
    const p = pages.find((x) => x?.id === id);
    return p
      ? { id, path: String(p.path), title: String(p.title), inTemplate: true }
      : { id, inTemplate: false };
  });
}

/** Where a page comes from: the site alone, the template alone, or the site overriding it. */
export function pageOrigin(
  doc: Doc,
  template: Doc | undefined,
  pageId: string,
): 'site' | 'template' | 'override' {
  const inSite = (doc.pages as Doc[] | undefined)?.some((p) => p?.id === pageId);
  const inTemplate = (template?.pages as Doc[] | undefined)?.some((p) => p?.id === pageId);
  if (inSite && inTemplate) return 'override';
  return inSite ? 'site' : 'template';
}

// ------------------------------------------------------------------ overrides

export const UNSET: unique symbol = Symbol('unset');

/**
 * The smallest value a site must store so that merging it over `tpl` gives `next`.
 * Values the site already sets (`current`) are kept, even when equal to the template,
 * so editing one setting never silently drops another the site chose on purpose.
 * `null` removes a template value (the merge rule for "unset").
 */
export function overrideFor(tpl: unknown, next: unknown, current: unknown): unknown {
  if (next === undefined) return tpl === undefined ? UNSET : null;
  if (current === undefined && isEqual(next, tpl)) return UNSET;
  if (isPlainObject(next) && isPlainObject(tpl)) {
    const n = next as Doc;
    const t = tpl as Doc;
    const c = (isPlainObject(current) ? current : {}) as Doc;
    const out: Doc = {};
    for (const k of Object.keys(n)) {
      const v = overrideFor(t[k], n[k], c[k]);
      if (v !== UNSET) out[k] = v;
    }
    for (const k of Object.keys(t)) if (!(k in n) || n[k] === undefined) out[k] = null;
    if (!Object.keys(out).length && current === undefined) return UNSET;
    return out;
  }
  return next;
}

/**
 * rjsf fills schema defaults into the form data it hands back. Keys that were not set
 * before and now only hold their default (or nothing) are dropped again, so saving never
 * writes defaults out that nobody chose.
 */
export function withoutAddedDefaults(
  next: unknown,
  prev: unknown,
  schema: Doc | undefined,
): unknown {
  if (!isPlainObject(next)) {
    if (Array.isArray(next) && schema?.items && typeof schema.items === 'object') {
      const prevList = Array.isArray(prev) ? prev : [];
      return next.map((item, i) => withoutAddedDefaults(item, prevList[i], schema.items as Doc));
    }
    return next;
  }
  const n = next as Doc;
  const p = (isPlainObject(prev) ? prev : {}) as Doc;
  const props = (schema?.properties ?? {}) as Record<string, Doc>;
  const out: Doc = {};
  for (const [k, v] of Object.entries(n)) {
    if (v === undefined) continue;
    const sub = props[k];
    if (!(k in p)) {
      if (sub && 'default' in sub && isEqual(v, sub.default)) continue;
      if (isPlainObject(v) && !Object.keys(v as Doc).length && !(sub && 'default' in sub)) continue;
    }
    out[k] = withoutAddedDefaults(v, p[k], sub);
  }
  return out;
}

// ------------------------------------------------------------------ ids and pages

const PLAIN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export function plainName(text: string): string {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'page'
  );
}

export function isPlainName(s: string) {
  return PLAIN.test(s);
}

/** A page id for a new page: not used by a page, nor by `taken` (e.g. template pages the site leaves out). */
export function freePageId(resolved: Doc, wanted: string, taken: string[] = []): string {
  const used = new Set([
    ...((resolved.pages as Doc[] | undefined) ?? []).map((p) => p.id),
    ...taken,
  ]);
  const stem = plainName(wanted);
  if (!used.has(stem)) return stem;
  for (let n = 2; ; n++) if (!used.has(`${stem}-${n}`)) return `${stem}-${n}`;
}

/** A route for a page title: "Service Specials" → /service-specials. */
export function pathFor(title: string): string {
  return `/${plainName(title)}`;
}

/** A concrete URL for a page route, for the preview (/cars/:slug → /cars/preview). */
export function previewPath(path: string | undefined): string {
  if (!path || path === '*') return '/__not-found__';
  return path.replace(/:[A-Za-z][A-Za-z0-9_]*/g, 'preview').replace(/\*/g, 'preview');
}
