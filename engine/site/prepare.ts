/**
 * The one path from a stored site document to what the renderer gets:
 * migrate → resolve template → validate (filling defaults, sanitising HTML) → whole-site
 * rules (whole-site.ts). Nothing renders from a document that fails any step. The CLI,
 * the server and the editor's draft check all go through here.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import type { Catalogue } from '../../schemas/types.gen.ts';
import {
  createSiteValidator,
  duplicateBlockIds,
  type SiteValidator,
  type ValidatorOptions,
} from '../schema/validator.ts';
import { siteModels } from './data.ts';
import { DocumentVersionError, migrateDocument } from './migrations.ts';
import { SharedPages } from './shared-pages.ts';
import { resolveTemplate, type TemplateLoader } from './templates.ts';
import type { DocumentIssue, ResolvedSite } from './types.ts';
import { wholeSiteIssues } from './whole-site.ts';
import { redirectIssues } from './redirects.ts';
import { businessNumberIssues } from './business-number.ts';
import { mapBlocks, type TreeBlock } from '../tree.ts';

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
  /**
   * Sites that have the same page share one checked, frozen copy of it (shared-pages.ts):
   * for a server holding many sites made from templates. A preview that edits the result
   * in place must not ask for it.
   */
  sharePages?: boolean;
}

export type SitePreparer = ((raw: unknown) => PrepareResult) & {
  /** Every issue of a draft, with the resolved draft for a preview. */
  check(raw: unknown): DraftCheck;
};

export function createSitePreparer(options: PreparerOptions): SitePreparer {
  const validator = createSiteValidator({ ...options, useDefaults: options.useDefaults ?? true });
  const shared = options.sharePages ? new SharedPages() : undefined;
  const migrated: TemplateLoader = (name) => {
    const t = options.loadTemplate(name);
    return t ? migrateDocument(t).doc : undefined;
  };

  function check(raw: unknown): DraftCheck {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return {
        issues: [{ path: '/', message: 'a site document must be a JSON object' }],
        site: null,
        templateChain: [],
      };
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
    if (!resolved.merged)
      return { issues: resolved.issues, site: null, templateChain: resolved.chain };
    // A stale withoutPages entry is an issue, but the merged site still previews.
    let site = shared && validInParts(resolved.doc, validator, shared);
    let schemaIssues: DocumentIssue[] = [];
    if (!site) {
      // Checked whole (also when a part failed: the issues read as they always have).
      site = cloneDeep(resolved.doc);
      schemaIssues = validator.validate(site);
    }
    // Whole-site rules read a well-formed document; on a schema-invalid one they wait.
    const siteIssues = schemaIssues.length
      ? []
      : [
          ...wholeSiteIssues(site as unknown as ResolvedSite, {
            models:
              options.catalogue && siteModels(site as unknown as ResolvedSite, options.catalogue),
          }),
          ...redirectIssues(site as unknown as ResolvedSite),
          ...businessNumberIssues(site as unknown as ResolvedSite),
        ];
    return {
      issues: [...resolved.issues, ...schemaIssues, ...siteIssues],
      site,
      templateChain: resolved.chain,
    };
  }

  const prepare = (raw: unknown): PrepareResult => {
    const result = check(raw);
    if (result.issues.length || !result.site) return { ok: false, issues: result.issues };
    return {
      ok: true,
      site: withoutHiddenBlocks(result.site as unknown as ResolvedSite),
      templateChain: result.templateChain,
    };
  };
  return Object.assign(prepare, { check });
}

/**
 * The site as visitors get it: blocks marked `hidden` (and what they hold) left out. Only the
 * editor's check keeps them, so its preview shows them dimmed (docs/editor-design.md,
 * "Hidden blocks"). Lists without one stay the same objects (pages shared between sites too).
 */
export function withoutHiddenBlocks(site: ResolvedSite): ResolvedSite {
  const shown = (entry: unknown) => !(entry as { hidden?: unknown } | null)?.hidden;
  const visible = <T>(list: T[] | undefined): T[] | undefined =>
    list &&
    (mapBlocks(
      list as TreeBlock[],
      (b, lists) =>
        lists.children === b.children && lists.slots === b.slots ? b : { ...b, ...lists },
      shown,
    ) as T[]);
  let changed = false;
  const pages = site.pages.map((page) => {
    const blocks = visible(page.blocks);
    if (blocks === page.blocks) return page;
    changed = true;
    return { ...page, blocks: blocks ?? [] };
  });
  const layout = site.layout && {
    ...site.layout,
    header: visible(site.layout.header) ?? site.layout.header,
    footer: visible(site.layout.footer) ?? site.layout.footer,
  };
  if (layout && (layout.header !== site.layout.header || layout.footer !== site.layout.footer))
    changed = true;
  return changed ? ({ ...site, pages, layout } as ResolvedSite) : site;
}

/**
 * The document checked as its parts: everything but the pages' contents, then each page,
 * taking a page checked before from `shared` (same text, same result). Undefined when
 * any part has an issue.
 */
function validInParts(
  doc: Record<string, any>,
  validator: SiteValidator,
  shared: SharedPages,
): Record<string, any> | undefined {
  if (!Array.isArray(doc.pages)) return undefined;
  const site: Record<string, any> = {};
  for (const [key, value] of Object.entries(doc))
    site[key] = key === 'pages' ? [...value] : cloneDeep(value);
  if (validator.validateShell(site).length) return undefined;
  for (let i = 0; i < site.pages.length; i++) {
    const text = JSON.stringify(site.pages[i]);
    const known = shared.get(text);
    if (known) {
      site.pages[i] = known;
      continue;
    }
    const page = JSON.parse(text);
    if (validator.validatePage(page, `/pages/${i}`).length) return undefined;
    site.pages[i] = shared.keep(text, page);
  }
  return duplicateBlockIds(site).length ? undefined : site;
}
