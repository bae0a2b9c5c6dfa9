/**
 * Semantic diff of two site documents (or two templates): what changed, in the terms a
 * reviewer approves — pages, blocks, props, feature switches, settings, identity —
 * rather than lines of JSON.
 *
 * Blocks and pages are matched by id, so a block dragged to another page is one "moved"
 * change, not a removal plus an addition, and a block whose id changed in place is one
 * "renamed". Within one list, items whose relative order is kept (the longest common
 * subsequence) are not reported as moved just because a sibling was inserted before
 * them. Lists inside values (menus, reviews, slides, cards…) and the dealerships,
 * locations and offers are matched item by item, so their reordering reads as moves.
 * Everything removed or added under a removed/added page or container is folded into
 * that one change.
 *
 * Isomorphic (no node imports): the editor's review panel shows this before save.
 * Renderers for text, Markdown and JSON live in diff-render.ts.
 */
import isEqual from 'lodash-es/isEqual.js';
import isPlainObject from 'lodash-es/isPlainObject.js';
import { defaultAt, FEATURES_CTX, objectShape, SITE_CTX } from '../tree/schema-nav.ts';
import { leftOutPageIds, resolveTemplate } from '../site/templates.ts';
import type {
  DefaultSource,
  DiffOptions,
  RecordCollection,
  SettingSection,
  SiteChange,
} from './diff-types.ts';
import {
  asObject,
  compact,
  get,
  has,
  itemLabel,
  matchItems,
  movesOf,
  valueChanges,
  type Json,
} from './diff-values.ts';
import { diffBlocks } from './diff-blocks.ts';
import { diffPages, diffWithoutPages } from './diff-pages.ts';
import { expandPageChanges } from './diff-page-changes.ts';
import { encodePointerSegment } from '../tree.ts';

export type * from './diff-types.ts';
export { valueChanges } from './diff-values.ts';
export { touchedPages, type TouchedPages } from './diff-pages.ts';

const IDENTITY_KEYS = new Set([
  '$schema',
  'schemaVersion',
  'slug',
  'name',
  'id',
  'dealership_id',
  'hostnames',
]);
const SETTING_KEYS = new Set<string>(['region', 'search', 'theme', 'api']);
/** Lists of records with ids: matched by id, so a reorder is one change and edits stay edits. */
const RECORD_KEYS = new Set<string>(['dealerships', 'locations', 'offers']);
const HANDLED = new Set([
  ...IDENTITY_KEYS,
  ...SETTING_KEYS,
  ...RECORD_KEYS,
  'template',
  'features',
  'layout',
  'withoutPages',
  'pages',
]);

/** Changes from `before` to `after`; empty when they are equal. */
export function diffSiteDocuments(
  before: unknown,
  after: unknown,
  options: DiffOptions = {},
): SiteChange[] {
  const a = asObject(before);
  const b = asObject(after);
  if (isEqual(a, b)) return [];
  const out: SiteChange[] = [];
  const fallback = fallbacks(options.templates);
  diffTemplate(a, b, out, options.templates);
  for (const key of topLevelOrder(a, b)) {
    if (IDENTITY_KEYS.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${encodePointerSegment(key)}`))
        out.push({ kind: 'identity', ...d });
    } else if (SETTING_KEYS.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${encodePointerSegment(key)}`))
        out.push(
          withDefault({ kind: 'setting' as const, section: key as SettingSection, ...d }, fallback),
        );
    } else if (!HANDLED.has(key)) {
      for (const d of valueChanges(a[key], b[key], `/${encodePointerSegment(key)}`))
        out.push({ kind: 'setting', section: 'other', ...d });
    }
  }
  diffFeatures(a.features, b.features, out, fallback);
  for (const key of RECORD_KEYS) diffRecords(key as RecordCollection, a[key], b[key], out);
  diffLayoutSettings(a.layout, b.layout, out);
  diffWithoutPages(a, b, out, options.templates);
  // Pages that change a template page block by block are compared as the site shows them.
  const pages = expandPageChanges(a, b, options.templates);
  const onPages: SiteChange[] = [];
  diffPages(pages.a, pages.b, onPages);
  diffBlocks(pages.a, pages.b, onPages);
  pages.restore(onPages);
  out.push(...onPages);
  if (options.templates) annotateOverrides(out, options.templates, b);
  return out;
}

/** Top-level keys in schema order, unknown ones after, so changes read in document order. */
function topLevelOrder(a: Json, b: Json): string[] {
  const known = [...objectShape(SITE_CTX).properties.keys()];
  const all = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...known.filter((k) => all.has(k)), ...[...all].filter((k) => !known.includes(k)).sort()];
}

// ---------------------------------------------------------------- defaults

type Fallback = (
  side: 'before' | 'after',
  path: string,
) => { has: boolean; value?: unknown; from?: DefaultSource };

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
function withDefault<
  T extends {
    path: string;
    before?: unknown;
    after?: unknown;
    default?: unknown;
    defaultFrom?: DefaultSource;
    op?: string;
  },
>(c: T, fallback: Fallback): T {
  if ((c.before !== undefined && c.after !== undefined) || c.op) return c;
  const d = fallback(c.before === undefined ? 'before' : 'after', c.path);
  if (d.has) {
    c.default = d.value;
    c.defaultFrom = d.from;
  }
  return c;
}

// ---------------------------------------------------------------- template

function diffTemplate(a: Json, b: Json, out: SiteChange[], templates: DiffOptions['templates']) {
  const before = typeof a.template === 'string' ? a.template : undefined;
  const after = typeof b.template === 'string' ? b.template : undefined;
  if (before === after) return;
  const action = before === undefined ? 'added' : after === undefined ? 'dropped' : 'changed';
  out.push(
    compact({
      kind: 'template',
      action,
      before,
      after,
      effects: switchEffects(b, before, after, templates),
    }) as SiteChange,
  );
}

/**
 * What a template switch changes for the site: the document as it now is, resolved once
 * with the template it extended and once with the one it extends now. Undefined when a
 * side's template is not known.
 */
function switchEffects(
  doc: Json,
  before: string | undefined,
  after: string | undefined,
  templates: DiffOptions['templates'],
): SiteChange[] | undefined {
  if (!templates) return undefined;
  const resolve = (name: string | undefined, template: Json | undefined): Json | undefined => {
    const site: Json = { ...doc };
    delete site.template;
    if (name === undefined) return resolveTemplate(site, () => undefined).doc;
    if (!template) return undefined;
    site.template = name;
    const own = { ...template };
    delete own.template; // already merged with its own chain
    const r = resolveTemplate(site, (n) => (n === name ? own : undefined));
    return r.merged ? r.doc : undefined;
  };
  const a = resolve(before, templates.before);
  const b = resolve(after, templates.after);
  if (!a || !b) return undefined;
  delete a.template;
  delete b.template;
  return diffSiteDocuments(a, b);
}

// ---------------------------------------------------------------- features, records, layout

function diffFeatures(before: unknown, after: unknown, out: SiteChange[], fallback: Fallback) {
  const a = asObject(before);
  const b = asObject(after);
  if (isEqual(a, b)) return;
  const known = [...objectShape(FEATURES_CTX).properties.keys()];
  const all = new Set([...Object.keys(a), ...Object.keys(b)]);
  const keys = [
    ...known.filter((k) => all.has(k)),
    ...[...all].filter((k) => !known.includes(k)).sort(),
  ];
  for (const key of keys) {
    if (isEqual(a[key], b[key])) continue;
    const path = `/features/${encodePointerSegment(key)}`;
    const effBefore = a[key] === undefined ? fallback('before', path).value : a[key];
    const effAfter = b[key] === undefined ? fallback('after', path).value : b[key];
    if (typeof effBefore === 'boolean' && typeof effAfter === 'boolean' && effBefore !== effAfter) {
      const change = {
        kind: 'feature' as const,
        key,
        action: effAfter ? ('on' as const) : ('off' as const),
        path,
        before: a[key],
        after: b[key],
      };
      out.push(compact(withDefault(change, fallback)));
      continue;
    }
    // Maps (tag colours) and lists read better entry by entry; everything else as one change.
    const structured =
      (isPlainObject(a[key] ?? {}) && isPlainObject(b[key] ?? {})) ||
      (Array.isArray(a[key]) && Array.isArray(b[key]));
    const parts = structured
      ? valueChanges(a[key] ?? {}, b[key] ?? {}, path)
      : [{ path, before: a[key], after: b[key] }];
    // A switch set to what its default already was (or unset from it) still shows, as "changed".
    if (!parts.length) parts.push({ path, before: a[key], after: b[key] });
    for (const p of parts) {
      const change = { kind: 'feature' as const, key, action: 'changed' as const, ...p };
      out.push(compact(withDefault(change, fallback)));
    }
  }
}

function recordLabel(r: unknown): string {
  const o = asObject(r);
  return typeof o.name === 'string'
    ? o.name
    : typeof o.slug === 'string'
      ? o.slug
      : String(o.id ?? '?');
}

/**
 * Dealerships, locations and offers, matched by id (else slug, else likeness): an edit is
 * an edit of that record wherever it moved, and a new order (which visitors see: the
 * location cards, the offer tiles) is one change listing the records that moved.
 */
function diffRecords(
  collection: RecordCollection,
  before: unknown,
  after: unknown,
  out: SiteChange[],
) {
  const a = Array.isArray(before) ? before : [];
  const b = Array.isArray(after) ? after : [];
  if (isEqual(a, b)) return;
  const pairs = matchItems(a, b);
  const inA = new Set(pairs.map(([i]) => i));
  const inB = new Set(pairs.map(([, j]) => j));
  a.forEach((r, i) => {
    if (!inA.has(i))
      out.push({
        kind: 'record-removed',
        collection,
        id: asObject(r).id,
        label: recordLabel(r),
        path: `/${collection}/${i}`,
      });
  });
  b.forEach((r, j) => {
    if (!inB.has(j))
      out.push({
        kind: 'record-added',
        collection,
        id: asObject(r).id,
        label: recordLabel(r),
        path: `/${collection}/${j}`,
      });
  });
  const moves = movesOf(pairs);
  if (moves.length) {
    out.push({
      kind: 'records-reordered',
      collection,
      path: `/${collection}`,
      moves: moves.map(([i, j]) => ({
        id: asObject(b[j]).id,
        item: itemLabel(recordLabel(b[j]), j),
        from: i,
        to: j,
      })),
    });
  }
  for (const [i, j] of [...pairs].sort((x, y) => x[1] - y[1])) {
    const r = b[j];
    for (const d of valueChanges(a[i], r, `/${collection}/${j}`)) {
      out.push({
        kind: 'record-changed',
        collection,
        id: asObject(r).id,
        label: recordLabel(r),
        ...d,
      });
    }
  }
}

/** Anything in `layout` other than the header/footer block lists (which diffBlocks covers). */
function diffLayoutSettings(before: unknown, after: unknown, out: SiteChange[]) {
  const a = asObject(before);
  const b = asObject(after);
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (key === 'header' || key === 'footer') continue;
    for (const d of valueChanges(a[key], b[key], `/layout/${encodePointerSegment(key)}`))
      out.push({ kind: 'setting', section: 'layout', ...d });
  }
}

// ---------------------------------------------------------------- template overrides

/** Marks changes that start or stop overriding a value the template sets. */
function annotateOverrides(
  changes: SiteChange[],
  templates: { before?: Json; after?: Json },
  after: Json,
) {
  // A site page removed together with leaving the template's page out does not fall back to it.
  const leftOut = new Set(leftOutPageIds(after));
  const pageIds = (t: Json | undefined) =>
    Array.isArray(t?.pages) ? t.pages.map((p: unknown) => asObject(p).id) : [];
  for (const c of changes) {
    if (
      c.kind === 'identity' ||
      c.kind === 'setting' ||
      c.kind === 'feature' ||
      c.kind === 'record-changed'
    ) {
      if (c.op) continue;
      if (c.before === undefined && c.after !== undefined && has(templates.after, c.path))
        c.override = 'added';
      else if (c.before !== undefined && c.after === undefined && has(templates.before, c.path))
        c.override = 'dropped';
    } else if (c.kind === 'page-added' && pageIds(templates.after).includes(c.page.id)) {
      c.override = 'added';
    } else if (
      c.kind === 'page-removed' &&
      !leftOut.has(c.page.id) &&
      pageIds(templates.before).includes(c.page.id)
    ) {
      c.override = 'dropped';
    }
  }
}
