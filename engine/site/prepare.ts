/**
 * The one path from a stored site document to what the renderer gets:
 * migrate → resolve template → validate (filling defaults, sanitising HTML).
 * Nothing renders from a document that fails any step.
 */
import { cloneDeep } from 'lodash-es';
import { createSiteValidator, type ValidatorOptions } from '../schema/validator.ts';
import { DocumentVersionError, migrateDocument } from './migrations.ts';
import { resolveTemplate, type TemplateLoader } from './templates.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';

export type PrepareResult =
  | { ok: true; site: ResolvedSite; templateChain: string[] }
  | { ok: false; issues: DocumentIssue[] };

export function createSitePreparer(options: ValidatorOptions & { loadTemplate: TemplateLoader }) {
  const validator = createSiteValidator({ ...options, useDefaults: options.useDefaults ?? true });
  const migrated: TemplateLoader = (name) => {
    const t = options.loadTemplate(name);
    return t ? migrateDocument(t).doc : undefined;
  };
  return function prepare(raw: unknown): PrepareResult {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return { ok: false, issues: [{ path: '/', message: 'a site document must be a JSON object' }] };
    }
    let doc: Record<string, any>;
    try {
      doc = migrateDocument(raw as Record<string, any>).doc;
    } catch (err) {
      if (err instanceof DocumentVersionError) {
        const [path, ...rest] = err.message.split(': ');
        return { ok: false, issues: [{ path, message: rest.join(': ') }] };
      }
      throw err;
    }
    const resolved = resolveTemplate(doc, migrated);
    if (resolved.issues.length) return { ok: false, issues: resolved.issues };
    const site = cloneDeep(resolved.doc);
    const issues = validator.validate(site);
    if (issues.length) return { ok: false, issues };
    return { ok: true, site: site as unknown as ResolvedSite, templateChain: resolved.chain };
  };
}
