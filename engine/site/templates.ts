/**
 * Template inheritance. A site names a template (sites/templates/{name}.json); the
 * template may name another. Merge rules, applied from the base template outwards:
 *  - objects merge key by key, the more specific document winning;
 *  - arrays are replaced whole (a site's menu replaces the template's menu),
 *    except `pages`, which merge by page `id`: a page with a template page's id replaces
 *    it in place, other pages are appended in the site's order;
 *  - `null` removes what the template set.
 * Resolution is pure and deterministic: same inputs, same output.
 */
import { isPlainObject } from 'lodash-es';
import type { DocumentIssue } from './types.ts';

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
  const overrides = new Map(override.map((p) => [p.id, p]));
  const merged = base.map((page) => overrides.get(page.id) ?? page);
  const baseIds = new Set(base.map((p) => p.id));
  return [...merged, ...override.filter((p) => !baseIds.has(p.id))];
}

/** Resolves the template chain of a document. Returns the merged document or issues. */
export function resolveTemplate(
  doc: Json,
  load: TemplateLoader,
): { doc: Json; issues: DocumentIssue[]; chain: string[] } {
  const chain: string[] = [];
  const layers: Json[] = [doc];
  let current = doc;
  while (typeof current.template === 'string') {
    const name = current.template;
    if (chain.includes(name)) {
      return { doc, chain, issues: [{ path: '/template', message: `template cycle: ${[...chain, name].join(' → ')}` }] };
    }
    chain.push(name);
    const template = load(name);
    if (!template) {
      const where = chain.length === 1 ? '/template' : `/template (via ${chain.slice(0, -1).join(' → ')})`;
      return { doc, chain, issues: [{ path: where, message: `template "${name}" not found in sites/templates/` }] };
    }
    layers.unshift(template);
    current = template;
  }
  let merged: Json = {};
  for (const layer of layers) merged = mergeDocuments(merged, layer);
  // The document keeps naming its own template, not the end of the chain.
  if (doc.template !== undefined) merged.template = doc.template;
  else delete merged.template;
  return { doc: merged, issues: [], chain };
}
