/**
 * The one path from a stored site document to what the renderer gets:
 * migrate → resolve template → validate (filling defaults, sanitising HTML) → whole-site
 * rules (whole-site.ts). Nothing renders from a document that fails any step. The CLI,
 * the server and the editor's draft check all go through here.
 */
import { cloneDeep } from 'lodash-es';
import type { Catalogue } from '../../schemas/types.gen.ts';
import { createSiteValidator, type ValidatorOptions } from '../schema/validator.ts';
import { siteDataFor } from './data.ts';
import { DocumentVersionError, migrateDocument } from './migrations.ts';
import { resolveTemplate, type TemplateLoader } from './templates.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';
import { wholeSiteIssues } from './whole-site.ts';

export type PrepareResult =
  | { ok: true; site: ResolvedSite; templateChain: string[] }
  | { ok: false; issues: DocumentIssue[] };

export interface DraftCheck {
  issues: DocumentIssue[];
  /** The document as the runtime would render it, even when it has issues; null when it cannot be resolved at all. */
  site: Record<string, unknown> | null;
  templateChain: string[];
}

export interface PreparerOptions extends ValidatorOptions {
  loadTemplate: TemplateLoader;
  /** The shared catalogue: with it, links to model pages and model references are checked against the site's range. */
  catalogue?: Catalogue;
}

export type SitePreparer = ((raw: unknown) => PrepareResult) & {
  /** Every issue of a draft, with the resolved draft for a preview. */
  check(raw: unknown): DraftCheck;
};

export function createSitePreparer(options: PreparerOptions): SitePreparer {
  const validator = createSiteValidator({ ...options, useDefaults: options.useDefaults ?? true });
  const migrated: TemplateLoader = (name) => {
    const t = options.loadTemplate(name);
    return t ? migrateDocument(t).doc : undefined;
  };

  function check(raw: unknown): DraftCheck {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return { issues: [{ path: '/', message: 'a site document must be a JSON object' }], site: null, templateChain: [] };
    }
    let doc: Record<string, any>;
    try {
      doc = migrateDocument(raw as Record<string, any>).doc;
    } catch (err) {
      if (err instanceof DocumentVersionError) {
        const [path, ...rest] = err.message.split(': ');
        return { issues: [{ path, message: rest.join(': ') }], site: null, templateChain: [] };
      }
      throw err;
    }
    const resolved = resolveTemplate(doc, migrated);
    if (!resolved.merged) return { issues: resolved.issues, site: null, templateChain: resolved.chain };
    // A stale withoutPages entry is an issue, but the merged site still previews.
    const site = cloneDeep(resolved.doc);
    const schemaIssues = validator.validate(site);
    // Whole-site rules read a well-formed document; on a schema-invalid one they wait.
    const siteIssues = schemaIssues.length
      ? []
      : wholeSiteIssues(site as unknown as ResolvedSite, {
          models: options.catalogue && siteDataFor(site as unknown as ResolvedSite, options.catalogue).models,
        });
    return { issues: [...resolved.issues, ...schemaIssues, ...siteIssues], site, templateChain: resolved.chain };
  }

  const prepare = (raw: unknown): PrepareResult => {
    const result = check(raw);
    if (result.issues.length || !result.site) return { ok: false, issues: result.issues };
    return { ok: true, site: result.site as unknown as ResolvedSite, templateChain: result.templateChain };
  };
  return Object.assign(prepare, { check });
}
