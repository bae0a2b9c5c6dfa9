/**
 * Template inheritance. A site names a template (sites/templates/{name}.json); the
 * template may name another. Merge rules, applied from the base template outwards:
 *  - objects merge key by key, the more specific document winning;
 *  - arrays are replaced whole (a site's menu replaces the template's menu),
 *    except `pages`, which merge by page `id`: a page with a template page's id replaces
 *    it in place, other pages are appended in the site's order;
 *  - `null` removes what the template set;
 *  - `withoutPages` (a list of page ids) leaves out pages inherited from the templates
 *    below the document that lists it, before that document's own pages are merged.
 *    Every id must name an inherited page, and the document cannot also define a page
 *    with that id (both are issues, at `/withoutPages/{i}`). A more specific document
 *    may define a page with an id a template left out: it is then a new page.
 *  - a page entry with an inherited page's id and no `blocks` changes that page instead of
 *    replacing it: its keys merge over the page, its `blockChanges` over the page's
 *    blocks by id (page-changes.ts).
 * Resolution is pure and deterministic: same inputs, same output.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import omit from 'lodash-es/omit.js';
import { DocumentSyntaxError, LossyJsonError } from './json-text.ts';
import { applyPageChanges } from './page-changes.ts';
import type { DocumentIssue } from './types.ts';

/** A template by name; undefined when there is none. May throw DocumentSyntaxError for a template that does not parse. */
export type TemplateLoader = (name: string) => Record<string, unknown> | undefined;

type Json = Record<string, unknown>;

export function mergeDocuments(base: Json, override: Json, key = ''): Json {
  const out: Json = { ...base };
  for (const [k, value] of Object.entries(override)) {
    if (value === null) {
      delete out[k];
    } else if (k === 'pages' && key === '' && Array.isArray(value) && Array.isArray(base.pages)) {
      out.pages = mergePages(base.pages as Json[], value as Json[]);
    } else if (isPlainObject(value) && isPlainObject(base[k])) {
      out[k] = mergeDocuments(base[k] as Json, value as Json, `${key}/${k}`);
    } else {
      out[k] = value;
    }
  }
  return out;
}

function mergePages(base: Json[], override: Json[]): Json[] {
  // A page that is not an object (null in a broken document) has no id: it is kept where it
  // is, for the schema to report, and matches nothing.
  const idOf = (p: unknown) => (isPlainObject(p) ? (p as Json).id : undefined);
  const overrides = new Map(override.filter((p) => idOf(p) !== undefined).map((p) => [idOf(p), p]));
  const merged = base.map((page) =>
    idOf(page) === undefined ? page : (overrides.get(idOf(page)) ?? page),
  );
  const baseIds = new Set<unknown>(base.map(idOf).filter((id) => id !== undefined));
  return [...merged, ...override.filter((p) => idOf(p) === undefined || !baseIds.has(idOf(p)))];
}

/** The page ids a document's `withoutPages` lists (strings only), in its order. */
export function leftOutPageIds(doc: Record<string, unknown>): string[] {
  return Array.isArray(doc.withoutPages)
    ? doc.withoutPages.filter((id: unknown): id is string => typeof id === 'string')
    : [];
}

/**
 * Applies one document's `withoutPages` to what it inherits (`base`, the layers below it
 * merged). Entries that cannot apply are reported and skipped; the rest still apply, so a
 * caller that shows a draft despite its issues (the editor) shows the intended pages.
 * `where` prefixes messages about a template's list (its paths are not in the site).
 */
function withoutPages(
  base: Json,
  layer: Json,
  where: string | undefined,
  issues: DocumentIssue[],
): Json {
  if (!('withoutPages' in layer)) return base;
  const list = layer.withoutPages;
  const report = (path: string, message: string) =>
    issues.push(
      where === undefined
        ? { path, message }
        : { path: '/template', message: `${where}: ${path}: ${message}` },
    );
  if (!Array.isArray(list)) {
    report('/withoutPages', 'must be a list of page ids');
    return base;
  }
  if (typeof layer.template !== 'string') {
    if (list.length)
      report(
        '/withoutPages',
        'this document extends no template, so it has no template pages to leave out',
      );
    return base;
  }
  const inherited = Array.isArray(base.pages) ? (base.pages as Json[]) : [];
  const own = Array.isArray(layer.pages) ? (layer.pages as Json[]) : [];
  const drop = new Set<unknown>();
  list.forEach((id, i) => {
    const path = `/withoutPages/${i}`;
    if (typeof id !== 'string') return report(path, 'must be a page id (a string)');
    const first = list.indexOf(id);
    if (first !== i)
      return report(path, `page "${id}" is already listed at /withoutPages/${first}`);
    if (!inherited.some((p) => isPlainObject(p) && p.id === id))
      return report(path, `no template page has id "${id}"`);
    const mine = own.findIndex((p) => isPlainObject(p) && p.id === id);
    if (mine >= 0) {
      return report(
        path,
        `"${id}" is also a page of this document (/pages/${mine}); leave the template page out or define your own, not both`,
      );
    }
    drop.add(id);
  });
  return drop.size
    ? { ...base, pages: inherited.filter((p) => !(isPlainObject(p) && drop.has(p.id))) }
    : base;
}

/**
 * Resolves the template chain of a document. Returns the merged document and issues: a
 * missing template or a cycle returns the document unmerged (`merged: false`);
 * `withoutPages` issues still return it merged, without the pages whose removal did apply.
 */
export function resolveTemplate(
  doc: Json,
  load: TemplateLoader,
): { doc: Json; issues: DocumentIssue[]; chain: string[]; merged: boolean } {
  const chain: string[] = [];
  const layers: Json[] = [doc];
  let current = doc;
  while (typeof current.template === 'string') {
    const name = current.template;
    if (chain.includes(name)) {
      return {
        doc,
        chain,
        merged: false,
        issues: [{ path: '/template', message: `template cycle: ${[...chain, name].join(' → ')}` }],
      };
    }
    chain.push(name);
    let template: Json | undefined;
    try {
      template = load(name);
    } catch (err) {
      if (!(err instanceof DocumentSyntaxError)) throw err;
      const where =
        chain.length === 1 ? '/template' : `/template (via ${chain.slice(0, -1).join(' → ')})`;
      const file = `template "${name}" (sites/templates/${name}.json)`;
      // A key written twice or a number that would be rounded: one issue each, naming its place in the template.
      const issues =
        err instanceof LossyJsonError
          ? err.faults.map((f) => ({
              path: where,
              message: `${file}, line ${f.line}, column ${f.column}, at ${f.path}: ${f.message}`,
            }))
          : [{ path: where, message: `${file} is not valid JSON: ${err.detail}` }];
      return { doc, chain, merged: false, issues };
    }
    if (!template) {
      const where =
        chain.length === 1 ? '/template' : `/template (via ${chain.slice(0, -1).join(' → ')})`;
      return {
        doc,
        chain,
        merged: false,
        issues: [{ path: where, message: `template "${name}" not found in sites/templates/` }],
      };
    }
    layers.unshift(template);
    current = template;
  }
  const issues: DocumentIssue[] = [];
  let merged: Json = {};
  layers.forEach((layer, i) => {
    // layers run base template first; chain lists the nearest template first.
    const where =
      i === layers.length - 1 ? undefined : `in template "${chain[layers.length - 2 - i]}"`;
    // `withoutPages` is consumed here and never merged: the resolved document simply
    // lacks those pages, so nothing downstream (routes, page data, the editor's preview)
    // needs to know about the list, and one layer's list cannot leak into the next.
    // Page changes are merged into the pages they change first; the layer's other pages
    // then merge by id as usual.
    const changed = applyPageChanges(
      withoutPages(merged, layer, where, issues),
      omit(layer, 'withoutPages'),
      mergeDocuments,
      where,
      issues,
    );
    merged = mergeDocuments(changed.base, changed.layer);
  });
  // The document keeps naming its own template, not the end of the chain.
  if (doc.template !== undefined) merged.template = doc.template;
  else delete merged.template;
  return { doc: merged, issues, chain, merged: true };
}
