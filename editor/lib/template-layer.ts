/**
 * The store's template merge per change (store/state.ts): the draft's own layer onto the
 * template side merged once, instead of the whole chain again (docs/editor-design.md, "Speed").
 */
import { CURRENT_SCHEMA_VERSION } from '../../engine/site/migrations.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { resolveDraft, type Doc, type TemplateMap } from './doc.ts';
import { sameDoc } from './same-doc.ts';

/**
 * `resolveDraft` given the template side already merged (`resolvedTemplate`'s, which the
 * store keeps): only the draft's own layer is merged, not the whole chain again on every
 * keystroke (docs/editor-design.md, "Speed"). The same document, since the chain is merged
 * layer by layer from its base either way; a chain with a template missing goes the long way.
 */
export function resolveDraftOn(doc: Doc, templates: TemplateMap, template: Doc | undefined): Doc {
  const name = doc.template;
  if (!template || typeof name !== 'string' || !wholeChain(name, templates))
    return resolveDraft(doc, templates);
  const { template: _above, ...merged } = template;
  return resolveTemplate(doc, (n) => (n === name ? merged : undefined)).doc;
}

/**
 * Whether every template of the chain from `name` is there, at the current schema version
 * (`resolvedTemplate` merges the nearest one as it is, the long way migrates it), without a cycle.
 */
function wholeChain(name: string, templates: TemplateMap): boolean {
  const seen = new Set<string>();
  for (let t: unknown = name; typeof t === 'string'; t = templates[t].template) {
    if (seen.has(t) || templates[t]?.schemaVersion !== CURRENT_SCHEMA_VERSION) return false;
    seen.add(t);
  }
  return true;
}

/**
 * The resolved draft after an edit inside the draft's own pages (a block's props typed, say),
 * from the one before it: `prev.resolved` with the edited pages swapped, without merging the
 * whole site again; undefined when the edit is anything else (the caller merges then).
 *
 * A page of the draft's own (with `blocks`, without `blockChanges`) is taken into the merge as
 * it is, in place of the template's page of its id or after them, whatever the rest of the
 * document says; so when only such pages changed, each at its place and keeping its id, and
 * the old one is what the resolved draft shows for that id, the merge gives the old resolved
 * draft with the new pages in their place.
 */
export function resolveEdit(prev: { doc: Doc; resolved: Doc }, doc: Doc): Doc | undefined {
  const keys = Object.keys(doc);
  if (keys.length !== Object.keys(prev.doc).length) return undefined;
  if (keys.some((k) => k !== 'pages' && (doc[k] !== prev.doc[k] || !Object.hasOwn(prev.doc, k))))
    return undefined;
  const before = prev.doc.pages;
  const after = doc.pages;
  const shown = prev.resolved.pages;
  if (!Array.isArray(before) || !Array.isArray(after) || !Array.isArray(shown)) return undefined;
  if (before.length !== after.length) return undefined;
  let pages: unknown[] | undefined;
  for (let i = 0; i < after.length; i++) {
    const was: unknown = before[i];
    const now: unknown = after[i];
    if (was === now) continue;
    if (!ownPage(was) || !ownPage(now) || was.id !== now.id) return undefined;
    const id = now.id;
    if (after.filter((p) => (p as Doc | undefined)?.id === id).length !== 1) return undefined;
    const at = shown.findIndex((p) => (p as Doc | undefined)?.id === id);
    if (at < 0 || shown.findLastIndex((p) => (p as Doc | undefined)?.id === id) !== at)
      return undefined;
    if (!sameDoc(shown[at], was)) return undefined;
    pages ??= [...shown];
    pages[at] = now;
  }
  return pages ? { ...prev.resolved, pages } : undefined;
}

const ownPage = (p: unknown): p is Doc =>
  typeof p === 'object' &&
  p !== null &&
  Object.getPrototypeOf(p) === Object.prototype &&
  'blocks' in p &&
  !('blockChanges' in p) &&
  (typeof (p as Doc).id === 'string' || typeof (p as Doc).id === 'number');
