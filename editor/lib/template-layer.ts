/**
 * The store's template merge per change (store/state.ts): the draft's own layer onto the
 * template side merged once, instead of the whole chain again (docs/editor-design.md, "Speed").
 */
import { CURRENT_SCHEMA_VERSION } from '../../engine/site/migrations.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { resolveDraft, type Doc, type TemplateMap } from './doc.ts';

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
