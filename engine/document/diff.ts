/**
 * Semantic diff of two site documents (or two templates): what changed, in the terms a
 * reviewer approves — pages, blocks, props, feature switches, settings, identity —
 * rather than lines of JSON.
 *
 * Blocks and pages are matched by id, so a block dragged to another page is one "moved"
 * change, not a removal plus an addition. Within one list, blocks whose relative order is
 * kept (the longest common subsequence) are not reported as moved just because a sibling
 * was inserted before them. Everything removed or added under a removed/added page or
 * container is folded into that one change.
 *
 * Isomorphic (no node imports): the editor's review panel shows this before save.
 * Renderers for text, Markdown and JSON live in diff-render.ts.
 */
import { isEqual, isPlainObject } from 'lodash-es';
import { defaultAt, FEATURES_CTX, objectShape, SITE_CTX } from './schema-nav.ts';
import { leftOutPageIds } from '../site/templates.ts';

type Json = Record<string, any>;

/** Where a block sits: which list, inside which block, at which position. */
export interface BlockPosition {
  /** `header` and `footer` are the site layout's lists; `page` is a page's blocks. */
  area: 'header' | 'footer' | 'page';
  /** Page id, when area is `page`. */
  page?: string;
  /** Id and type of the containing block, when nested. */
  parent?: { id: string; type: string };
  /** Slot name inside the parent; absent for `children`. */
  slot?: string;
  /** 0-based index within that list. */
  index: number;
  /** JSON pointer of the block in its document. */
  path: string;
}

export interface BlockRef {
  id: string;
  type: string;
}

export interface PageRef {
  id: string;
  path?: string;
  title?: string;
}

export type SettingSection = 'region' | 'search' | 'theme' | 'api' | 'layout' | 'other';
export type RecordCollection = 'dealerships' | 'locations' | 'offers';

/** Where the value of an unset setting comes from. */
export type DefaultSource = 'template' | 'schema';

/** Set when the change makes the site start or stop overriding its template's value. */
export type TemplateOverride = 'added' | 'dropped';

export type SiteChange =
  | { kind: 'template'; action: 'added' | 'dropped' | 'changed'; before?: string; after?: string }
  | { kind: 'identity'; path: string; before?: unknown; after?: unknown; override?: TemplateOverride }
  | {
      kind: 'setting';
      section: SettingSection;
      path: string;
      before?: unknown;
      after?: unknown;
      /** What applies on the side that leaves the setting out: the template's value, else the schema default. */
      default?: unknown;
      defaultFrom?: DefaultSource;
      override?: TemplateOverride;
    }
  | {
      kind: 'feature';
      key: string;
      /** on/off: a yes/no switch changed its effective value; changed: anything else. */
      action: 'on' | 'off' | 'changed';
      path: string;
      before?: unknown;
      after?: unknown;
      /** What applies on the side that leaves the switch out: the template's value, else the schema default. */
      default?: unknown;
      defaultFrom?: DefaultSource;
      override?: TemplateOverride;
    }
  | { kind: 'record-added' | 'record-removed'; collection: RecordCollection; id: unknown; label: string; path: string }
  | { kind: 'record-changed'; collection: RecordCollection; id: unknown; label: string; path: string; before?: unknown; after?: unknown; override?: TemplateOverride }
  | { kind: 'page-added' | 'page-removed'; page: PageRef; index: number; blocks: number; override?: TemplateOverride }
  /** A template page the site starts (removed) or stops (restored) leaving out, via `withoutPages`; `path` is its entry. */
  | { kind: 'template-page-removed' | 'template-page-restored'; page: PageRef; path: string }
  | { kind: 'page-renamed'; page: string; before: { path?: string; title?: string }; after: { path?: string; title?: string } }
  | { kind: 'page-changed'; page: string; path: string; before?: unknown; after?: unknown }
  | { kind: 'page-moved'; page: string; from: number; to: number }
  | { kind: 'block-added' | 'block-removed'; block: BlockRef; at: BlockPosition; contains: number }
  | { kind: 'block-moved'; block: BlockRef; from: BlockPosition; to: BlockPosition }
  | { kind: 'block-changed'; block: BlockRef; at: BlockPosition; path: string; before?: unknown; after?: unknown };

export type ChangeKind = SiteChange['kind'];

export interface DiffOptions {
  /**
   * The templates each side extends, if known. With them the diff says when a change
   * makes the site start overriding a template value, or drop an override and fall
   * back to the template.
   */
  templates?: { before?: Json; after?: Json };
}

const IDENTITY_KEYS = new Set(['$schema', 'schemaVersion', 'slug', 'name', 'id', 'dealership_id', 'hostnames']);
const SETTING_KEYS = new Set<string>(['region', 'search', 'theme', 'api']);
/** Lists of records with ids: matched by id, so reordering them is not an edit. */
const RECORD_KEYS = new Set<string>(['dealerships', 'locations', 'offers']);
const HANDLED = new Set([...IDENTITY_KEYS, ...SETTING_KEYS, ...RECORD_KEYS, 'template', 'features', 'layout', 'withoutPages', 'pages']);

/** Changes from `before` to `after`; empty when they are equal. */
export function diffSiteDocuments(before: unknown, after: unknown, options: DiffOptions = {}): SiteChange[] {
  const a = asObject(before);
  const b = asObject(after);
  if (isEqual(a, b)) return [];
  const out: SiteChange[] = [];
  const fallback = fallbacks(options.templates);
  diffTemplate(a, b, out);
  for (const key of topLevelOrder(a, b)) {
    if (IDENTITY_KEYS.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${esc(key)}`)) out.push({ kind: 'identity', ...d });
    } else if (SETTING_KEYS.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${esc(key)}`)) out.push(withDefault({ kind: 'setting' as const, section: key as SettingSection, ...d }, fallback));
    } else if (!HANDLED.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${esc(key)}`)) out.push({ kind: 'setting', section: 'other', ...d });
    }
  }
  diffFeatures(a.features, b.features, out, fallback);
  for (const key of RECORD_KEYS) diffRecords(key as RecordCollection, a[key], b[key], out);
  diffLayoutSettings(a.layout, b.layout, out);
  diffWithoutPages(a, b, out, options.templates);
  diffPages(a, b, out);
  diffBlocks(a, b, out);
  if (options.templates) annotateOverrides(out, options.templates, b);
  return out;
}

function asObject(doc: unknown): Json {
  return doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Json) : {};
}

/** Top-level keys in schema order, unknown ones after, so changes read in document order. */
function topLevelOrder(a: Json, b: Json): string[] {
  const known = [...objectShape(SITE_CTX).properties.keys()];
  const all = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...known.filter((k) => all.has(k)), ...[...all].filter((k) => !known.includes(k)).sort()];
}

// ---------------------------------------------------------------- values

/** JSON-pointer escaping of one path segment. */
export function esc(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

interface ValueChange {
  path: string;
  before?: unknown;
  after?: unknown;
}

/**
 * Leaf-level differences between two JSON values. Objects are compared key by key;
 * arrays of objects of equal length element by element; anything else (including lists
 * of plain values, which renderers show as items added/removed) as one change.
 */
export function valueChanges(before: unknown, after: unknown, path: string): ValueChange[] {
  const out: ValueChange[] = [];
  walkValues(before, after, path, out);
  return out;
}

function walkValues(before: unknown, after: unknown, path: string, out: ValueChange[]) {
  if (isEqual(before, after)) return;
  // An object appearing or disappearing reads best leaf by leaf (each with its default).
  const objA = isPlainObject(before) || (before === undefined && isPlainObject(after));
  const objB = isPlainObject(after) || (after === undefined && isPlainObject(before));
  if (objA && objB) {
    const a = (before ?? {}) as Json;
    const b = (after ?? {}) as Json;
    const keys = [...Object.keys(a), ...Object.keys(b).filter((k) => !(k in a))];
    for (const k of keys) walkValues(a[k], b[k], `${path}/${esc(k)}`, out);
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length === after.length && before.some((v) => v && typeof v === 'object')) {
    before.forEach((v, i) => walkValues(v, after[i], `${path}/${i}`, out));
    return;
  }
  out.push(compact({ path, before, after }));
}

/** Drops undefined before/after so JSON output says "absent" by leaving the field out. */
function compact<T extends Record<string, unknown>>(o: T): T {
  for (const k of Object.keys(o)) if (o[k] === undefined) delete o[k];
  return o;
}

type Fallback = (side: 'before' | 'after', path: string) => { has: boolean; value?: unknown; from?: DefaultSource };

/** What applies where a document leaves a value out: its template's value, else the schema default. */
function fallbacks(templates: DiffOptions['templates']): Fallback {
  return (side, path) => {
    const t = templates?.[side];
    if (t && has(t, path)) return { has: true, value: get(t, path), from: 'template' };
    const d = defaultAt(path);
    return d.has ? { ...d, from: 'schema' } : { has: false };
  };
}

/** Adds what applies in place of an unset value to a change where one side leaves it out. */
function withDefault<T extends { path: string; before?: unknown; after?: unknown; default?: unknown; defaultFrom?: DefaultSource }>(c: T, fallback: Fallback): T {
  if (c.before !== undefined && c.after !== undefined) return c;
  const d = fallback(c.before === undefined ? 'before' : 'after', c.path);
  if (d.has) {
    c.default = d.value;
    c.defaultFrom = d.from;
  }
  return c;
}

// ---------------------------------------------------------------- template, features, records

function diffTemplate(a: Json, b: Json, out: SiteChange[]) {
  const before = typeof a.template === 'string' ? a.template : undefined;
  const after = typeof b.template === 'string' ? b.template : undefined;
  if (before === after) return;
  const action = before === undefined ? 'added' : after === undefined ? 'dropped' : 'changed';
  out.push(compact({ kind: 'template', action, before, after }) as SiteChange);
}

function diffFeatures(before: unknown, after: unknown, out: SiteChange[], fallback: Fallback) {
  const a = asObject(before);
  const b = asObject(after);
  if (isEqual(a, b)) return;
  const known = [...objectShape(FEATURES_CTX).properties.keys()];
  const all = new Set([...Object.keys(a), ...Object.keys(b)]);
  const keys = [...known.filter((k) => all.has(k)), ...[...all].filter((k) => !known.includes(k)).sort()];
  for (const key of keys) {
    if (isEqual(a[key], b[key])) continue;
    const path = `/features/${esc(key)}`;
    const effBefore = a[key] === undefined ? fallback('before', path).value : a[key];
    const effAfter = b[key] === undefined ? fallback('after', path).value : b[key];
    if (typeof effBefore === 'boolean' && typeof effAfter === 'boolean' && effBefore !== effAfter) {
      const change = { kind: 'feature' as const, key, action: effAfter ? ('on' as const) : ('off' as const), path, before: a[key], after: b[key] };
      out.push(compact(withDefault(change, fallback)));
      continue;
    }
    // Maps (tag colours) read better entry by entry; everything else as one change.
    const parts = isPlainObject(a[key] ?? {}) && isPlainObject(b[key] ?? {}) ? valueChanges(a[key] ?? {}, b[key] ?? {}, path) : [{ path, before: a[key], after: b[key] }];
    // A switch set to what its default already was (or unset from it) still shows, as "changed".
    if (!parts.length) parts.push({ path, before: a[key], after: b[key] });
    for (const p of parts) out.push(compact(withDefault({ kind: 'feature', key, action: 'changed', ...p } as Extract<SiteChange, { kind: 'feature' }>, fallback)));
  }
}

function recordKey(r: unknown, i: number): string {
  const o = asObject(r);
  if (o.id !== undefined) return `id:${JSON.stringify(o.id)}`;
  if (typeof o.slug === 'string') return `slug:${o.slug}`;
  return `index:${i}`;
}

function recordLabel(r: unknown): string {
  const o = asObject(r);
  return typeof o.name === 'string' ? o.name : typeof o.slug === 'string' ? o.slug : String(o.id ?? '?');
}

/** Dealerships, locations and offers, matched by id so reordering is not reported as edits. */
function diffRecords(collection: RecordCollection, before: unknown, after: unknown, out: SiteChange[]) {
  const a = Array.isArray(before) ? before : [];
  const b = Array.isArray(after) ? after : [];
  if (isEqual(a, b)) return;
  const aKeys = new Map(a.map((r, i) => [recordKey(r, i), { r, i }]));
  const bKeys = new Map(b.map((r, i) => [recordKey(r, i), { r, i }]));
  for (const [k, { r, i }] of aKeys) {
    if (!bKeys.has(k)) out.push({ kind: 'record-removed', collection, id: asObject(r).id, label: recordLabel(r), path: `/${collection}/${i}` });
  }
  for (const [k, { r, i }] of bKeys) {
    const old = aKeys.get(k);
    if (!old) {
      out.push({ kind: 'record-added', collection, id: asObject(r).id, label: recordLabel(r), path: `/${collection}/${i}` });
      continue;
    }
    for (const d of valueChanges(old.r, r, `/${collection}/${i}`)) {
      out.push({ kind: 'record-changed', collection, id: asObject(r).id, label: recordLabel(r), ...d });
    }
  }
}

/** Anything in `layout` other than the header/footer block lists (which diffBlocks covers). */
function diffLayoutSettings(before: unknown, after: unknown, out: SiteChange[]) {
  const a = asObject(before);
  const b = asObject(after);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'header' || key === 'footer') continue;
    for (const d of valueChanges(a[key], b[key], `/layout/${esc(key)}`)) out.push({ kind: 'setting', section: 'layout', ...d });
  }
}

// ---------------------------------------------------------------- pages

function pagesOf(doc: Json): Json[] {
  return Array.isArray(doc.pages) ? doc.pages.map(asObject) : [];
}

function pageKey(p: Json, i: number) {
  return typeof p.id === 'string' ? p.id : `#${i}`;
}

function countBlocks(list: unknown): number {
  if (!Array.isArray(list)) return 0;
  let n = 0;
  for (const b of list) {
    const o = asObject(b);
    n += 1 + countBlocks(o.children);
    if (isPlainObject(o.slots)) for (const items of Object.values(o.slots as Json)) n += countBlocks(items);
  }
  return n;
}

/**
 * Template pages left out (`withoutPages`) or brought back. Reported as pages, not as a
 * list setting, and named by their route and title when the template is known.
 */
function diffWithoutPages(a: Json, b: Json, out: SiteChange[], templates: DiffOptions['templates']) {
  const before = leftOutPageIds(a);
  const after = leftOutPageIds(b);
  const ref = (id: string, ...sides: Array<Json | undefined>) => {
    for (const t of sides) {
      const p = pagesOf(t ?? {}).find((x) => x.id === id);
      if (p) return pageRef(p, id);
    }
    return { id };
  };
  after.forEach((id, i) => {
    if (!before.includes(id)) out.push({ kind: 'template-page-removed', page: ref(id, templates?.after, templates?.before), path: `/withoutPages/${i}` });
  });
  before.forEach((id, i) => {
    if (!after.includes(id)) out.push({ kind: 'template-page-restored', page: ref(id, templates?.after, templates?.before), path: `/withoutPages/${i}` });
  });
}

function diffPages(a: Json, b: Json, out: SiteChange[]) {
  const pa = pagesOf(a);
  const pb = pagesOf(b);
  const aKeys = pa.map(pageKey);
  const bKeys = pb.map(pageKey);
  const bSet = new Set(bKeys);
  const aSet = new Set(aKeys);
  const removedBlocks = foldedCounts(a, b);
  const addedBlocks = foldedCounts(b, a);
  pa.forEach((p, i) => {
    if (bSet.has(aKeys[i])) return;
    out.push({ kind: 'page-removed', page: pageRef(p, aKeys[i]), index: i, blocks: removedBlocks.get(`page:${aKeys[i]}`) ?? 0 });
  });
  pb.forEach((p, i) => {
    if (aSet.has(bKeys[i])) return;
    out.push({ kind: 'page-added', page: pageRef(p, bKeys[i]), index: i, blocks: addedBlocks.get(`page:${bKeys[i]}`) ?? 0 });
  });
  const common = new Set(aKeys.filter((k) => bSet.has(k)));
  const kept = lcs(aKeys.filter((k) => common.has(k)), bKeys.filter((k) => common.has(k)));
  pb.forEach((p, j) => {
    const id = bKeys[j];
    if (!common.has(id)) return;
    const i = aKeys.indexOf(id);
    const old = pa[i];
    if (old.path !== p.path || old.title !== p.title) {
      out.push({
        kind: 'page-renamed',
        page: id,
        before: compact({ path: old.path, title: old.title }),
        after: compact({ path: p.path, title: p.title }),
      });
    }
    for (const key of new Set([...Object.keys(old), ...Object.keys(p)])) {
      if (key === 'id' || key === 'path' || key === 'title' || key === 'blocks') continue;
      for (const d of valueChanges(old[key], p[key], `/pages/${j}/${esc(key)}`)) out.push({ kind: 'page-changed', page: id, ...d });
    }
    if (!kept.has(id)) out.push({ kind: 'page-moved', page: id, from: i, to: j });
  });
}

function pageRef(p: Json, id: string): PageRef {
  return compact({ id, path: typeof p.path === 'string' ? p.path : undefined, title: typeof p.title === 'string' ? p.title : undefined });
}

/**
 * Longest common subsequence of two key lists, as the set of keys that kept their order.
 * Among equally long ones it prefers keeping items that stayed at the same index, so
 * swapping the first and last of three reports two moves, not the middle one.
 */
function lcs(a: string[], b: string[]): Set<string> {
  const n = a.length;
  const m = b.length;
  // Length dominates (weight 1024 > any number of same-index bonuses in a 500-item list).
  const weight = (i: number, j: number) => 1024 + (i === j ? 1 : 0);
  const table: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      const skip = Math.max(table[i + 1][j], table[i][j + 1]);
      table[i][j] = a[i] === b[j] ? Math.max(skip, table[i + 1][j + 1] + weight(i, j)) : skip;
    }
  }
  const keep = new Set<string>();
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j] && table[i][j] === table[i + 1][j + 1] + weight(i, j)) {
      keep.add(a[i]);
      i++;
      j++;
    } else if (table[i + 1][j] >= table[i][j + 1]) i++;
    else j++;
  }
  return keep;
}

// ---------------------------------------------------------------- blocks

interface BlockInfo {
  key: string;
  block: Json;
  ref: BlockRef;
  pos: BlockPosition;
  /** Key of the containing block, if nested. */
  parent?: string;
  /** Key of the list the block sits in (page, layout area, or a parent's children/slot). */
  container: string;
  /** Page key, for blocks on a page. */
  page?: string;
}

/**
 * Every block of a document keyed by id. Ids are unique in a valid document; an
 * invalid one (duplicate or missing ids) still diffs, keyed by id plus occurrence or
 * by path, so the diff never throws on a document the validator would reject.
 */
function indexBlocks(doc: Json): { blocks: Map<string, BlockInfo>; lists: Map<string, string[]> } {
  const blocks = new Map<string, BlockInfo>();
  const lists = new Map<string, string[]>();
  const seen = new Map<string, number>();
  const walk = (list: unknown, container: string, base: Omit<BlockPosition, 'index' | 'path'>, path: string, page?: string, parent?: string) => {
    if (!Array.isArray(list)) return;
    const keys: string[] = [];
    list.forEach((raw, index) => {
      const block = asObject(raw);
      const p = `${path}/${index}`;
      let key: string;
      if (typeof block.id === 'string') {
        const n = (seen.get(block.id) ?? 0) + 1;
        seen.set(block.id, n);
        key = n === 1 ? block.id : `${block.id}#${n}`;
      } else key = `@${p}`;
      const ref: BlockRef = { id: typeof block.id === 'string' ? block.id : `(no id at ${p})`, type: typeof block.type === 'string' ? block.type : '?' };
      blocks.set(key, { key, block, ref, pos: { ...base, index, path: p }, parent, container, page });
      keys.push(key);
      const inside = { area: base.area, page: base.page, parent: { id: ref.id, type: ref.type } };
      walk(block.children, `${key}/children`, inside, `${p}/children`, page, key);
      if (isPlainObject(block.slots)) {
        for (const [slot, items] of Object.entries(block.slots as Json)) {
          walk(items, `${key}/slots/${slot}`, { ...inside, slot }, `${p}/slots/${esc(slot)}`, page, key);
        }
      }
    });
    lists.set(container, keys);
  };
  const layout = asObject(doc.layout);
  walk(layout.header, 'header', { area: 'header' }, '/layout/header');
  walk(layout.footer, 'footer', { area: 'footer' }, '/layout/footer');
  pagesOf(doc).forEach((page, i) => {
    const key = pageKey(page, i);
    walk(page.blocks, `page:${key}`, { area: 'page', page: key }, `/pages/${i}/blocks`, key);
  });
  for (const info of blocks.values()) if (info.pos.page === undefined) delete info.pos.page;
  return { blocks, lists };
}

/**
 * For blocks of `from` that are not in `to`: the nearest ancestor that is reported
 * (a block whose container survives, or a removed page). Descendants are folded into it.
 */
function foldTarget(info: BlockInfo, from: Map<string, BlockInfo>, to: Map<string, BlockInfo>, toPages: Set<string>): string {
  let cur = info;
  while (cur.parent && !to.has(cur.parent)) cur = from.get(cur.parent)!;
  if (!cur.parent && cur.page !== undefined && !toPages.has(cur.page)) return `page:${cur.page}`;
  return cur.key;
}

/**
 * Blocks of `from` missing from `to`, folded into what is reported for them:
 * `page:{id}` counts every block that went with a removed page, `block:{key}` the
 * descendants that went with a reported block.
 */
function foldedCounts(from: Json, to: Json): Map<string, number> {
  const a = indexBlocks(from).blocks;
  const b = indexBlocks(to).blocks;
  const pages = new Set(pagesOf(to).map(pageKey));
  const counts = new Map<string, number>();
  for (const info of a.values()) {
    if (b.has(info.key)) continue;
    const target = foldTarget(info, a, b, pages);
    const k = target.startsWith('page:') ? target : target === info.key ? undefined : `block:${target}`;
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

function diffBlocks(a: Json, b: Json, out: SiteChange[]) {
  const A = indexBlocks(a);
  const B = indexBlocks(b);
  const aPages = new Set(pagesOf(a).map(pageKey));
  const bPages = new Set(pagesOf(b).map(pageKey));
  const removedCounts = foldedCounts(a, b);
  const addedCounts = foldedCounts(b, a);

  for (const info of A.blocks.values()) {
    if (B.blocks.has(info.key) || foldTarget(info, A.blocks, B.blocks, bPages) !== info.key) continue;
    out.push({ kind: 'block-removed', block: info.ref, at: info.pos, contains: removedCounts.get(`block:${info.key}`) ?? 0 });
  }

  // Moves: a different list, or the same list but outside the longest kept order.
  const kept = new Map<string, Set<string>>();
  const keptIn = (container: string) => {
    let s = kept.get(container);
    if (!s) {
      const before = (A.lists.get(container) ?? []).filter((k) => B.blocks.get(k)?.container === container);
      const after = (B.lists.get(container) ?? []).filter((k) => A.blocks.get(k)?.container === container);
      s = lcs(before, after);
      kept.set(container, s);
    }
    return s;
  };

  for (const info of B.blocks.values()) {
    const old = A.blocks.get(info.key);
    if (!old) {
      if (foldTarget(info, B.blocks, A.blocks, aPages) === info.key) {
        out.push({ kind: 'block-added', block: info.ref, at: info.pos, contains: addedCounts.get(`block:${info.key}`) ?? 0 });
      }
      continue;
    }
    if (old.container !== info.container || !keptIn(info.container).has(info.key)) {
      out.push({ kind: 'block-moved', block: info.ref, from: old.pos, to: info.pos });
    }
    const blockA = old.block;
    const blockB = info.block;
    for (const key of new Set([...Object.keys(blockA), ...Object.keys(blockB)])) {
      if (key === 'id' || key === 'children' || key === 'slots') continue;
      // An absent props object and an empty one mean the same.
      const va = key === 'props' ? blockA.props ?? {} : blockA[key];
      const vb = key === 'props' ? blockB.props ?? {} : blockB[key];
      for (const d of valueChanges(va, vb, `/${esc(key)}`)) out.push({ kind: 'block-changed', block: info.ref, at: info.pos, ...d });
    }
  }
}

// ---------------------------------------------------------------- template overrides

function get(doc: Json | undefined, pointer: string): unknown {
  let node: any = doc;
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !Object.prototype.hasOwnProperty.call(node, part)) return undefined;
    node = node[part];
  }
  return node;
}

/** Does the document set a value (not null, which in a template means "removed") here? */
function has(doc: Json | undefined, pointer: string): boolean {
  const v = get(doc, pointer);
  return v !== undefined && v !== null;
}

/** Marks changes that start or stop overriding a value the template sets. */
function annotateOverrides(changes: SiteChange[], templates: { before?: Json; after?: Json }, after: Json) {
  // A site page removed together with leaving the template's page out does not fall back to it.
  const leftOut = new Set(leftOutPageIds(after));
  for (const c of changes) {
    if (c.kind === 'identity' || c.kind === 'setting' || c.kind === 'feature' || c.kind === 'record-changed') {
      if (c.before === undefined && c.after !== undefined && has(templates.after, c.path)) c.override = 'added';
      else if (c.before !== undefined && c.after === undefined && has(templates.before, c.path)) c.override = 'dropped';
    } else if (c.kind === 'page-added' && pagesOf(templates.after ?? {}).some((p) => p.id === c.page.id)) {
      c.override = 'added';
    } else if (c.kind === 'page-removed' && !leftOut.has(c.page.id) && pagesOf(templates.before ?? {}).some((p) => p.id === c.page.id)) {
      c.override = 'dropped';
    }
  }
}

// ---------------------------------------------------------------- pages a change touches

export interface TouchedPages {
  /** A change that can show on every page (settings, switches, header, footer, identity). */
  everyPage: boolean;
  /** Ids of pages whose own content changed, in either document. */
  pages: Set<string>;
}

/** Which pages may look different after these changes (for before/after pictures). */
export function touchedPages(changes: SiteChange[]): TouchedPages {
  const pages = new Set<string>();
  let everyPage = false;
  const at = (p: BlockPosition) => {
    if (p.area === 'page' && p.page !== undefined) pages.add(p.page);
    else everyPage = true;
  };
  for (const c of changes) {
    switch (c.kind) {
      case 'page-added':
      case 'page-removed':
      case 'template-page-removed':
      case 'template-page-restored':
        pages.add(c.page.id);
        break;
      case 'page-renamed':
      case 'page-changed':
      case 'page-moved':
        pages.add(c.page);
        break;
      case 'block-added':
      case 'block-removed':
      case 'block-changed':
        at(c.at);
        break;
      case 'block-moved':
        at(c.from);
        at(c.to);
        break;
      case 'identity':
        // The schema address and version never show on a page.
        if (c.path !== '/$schema' && c.path !== '/schemaVersion') everyPage = true;
        break;
      default:
        everyPage = true;
    }
  }
  return { everyPage, pages };
}
