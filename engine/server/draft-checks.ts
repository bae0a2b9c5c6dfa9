/**
 * How the editor API checks a site document: the runtime's preparer (its sanitiser cached),
 * a draft as the live preview renders it, the templates it extends, and the check on saving.
 */
import { formatSiteDocument } from '../document/canonical.ts';
import { DocumentVersionError, migrateDocument } from '../site/migrations.ts';
import { createSitePreparer } from '../site/prepare.ts';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import type { DocumentIssue } from '../site/types.ts';
import { PLAIN_NAME } from '../site/folder.ts';
import { siteSetIssues } from '../site/whole-site.ts';
import { limitEmbedOrigins } from './embed-origins.ts';
import { withPreviewKey } from './draft-keys.ts';
import type { SiteStore } from './sites.ts';

type Json = Record<string, any>;

export function createDraftChecks(sites: SiteStore) {
  const loadTemplate = (name: string): Json | undefined => {
    try {
      return sites.loadTemplate(name) as Json | undefined;
    } catch {
      return undefined; // a template that does not parse is reported by the check
    }
  };
  // Drafts are checked on every edit; DOMPurify on jsdom takes ~1.5 ms a string, so the
  // (unchanged) rich text of a big page is sanitised once, not on every keystroke.
  const sanitized = new Map<string, string>();
  const sanitizeCached = (html: string) => {
    let out = sanitized.get(html);
    if (out === undefined) {
      if (sanitized.size > 20_000) sanitized.clear();
      out = sanitizeHtml(html);
      sanitized.set(html, out);
    }
    return out;
  };
  // The runtime's preparer (same rules, same catalogue), with the sanitiser cached.
  const prepare = createSitePreparer({
    loadTemplate: sites.loadTemplate,
    sanitizeHtml: sanitizeCached,
    catalogue: sites.catalogue,
    ruleDetail: true,
  });

  /**
   * A draft as the runtime would see it: migrated, template resolved, validated with
   * defaults filled in and HTML sanitised, whole-site rules applied. Unlike prepare(), the
   * (possibly invalid) site is returned with its issues, so the preview can show
   * everything that is fine.
   */
  function checkDraft(raw: unknown): { issues: DocumentIssue[]; site: Json | null } {
    const { issues, site } = prepare.check(raw);
    // A host name another site serves is a problem as staff type it, not only when they save.
    const slug = (raw as Json | null)?.slug;
    const claims =
      typeof slug === 'string' && PLAIN_NAME.test(slug) ? hostClaims(slug, raw as Json) : [];
    // The preview frames what visitors would see: only platform-approved services; it
    // searches under the draft's own filter (public-access.ts, draft keys).
    return {
      issues: [...claims, ...issues],
      site: site && withPreviewKey(limitEmbedOrigins(site as Json | null) as Json),
    };
  }

  /** Host names the other sites serve stay theirs: an issue at each of `doc`'s /hostnames/{i} another site has. */
  function hostClaims(slug: string, doc: Json): DocumentIssue[] {
    const others = sites
      .all()
      .flatMap((e) =>
        e.ok && e.slug !== slug ? [{ name: e.slug, hostnames: e.site.hostnames }] : [],
      );
    return (
      siteSetIssues([...others, { name: slug, slug: doc.slug, hostnames: doc.hostnames }]).get(
        slug,
      ) ?? []
    );
  }

  /** The raw template documents a document extends, by name (nearest first). */
  function templateChain(doc: Json): Record<string, Json> {
    const out: Record<string, Json> = {};
    let name = doc.template;
    while (typeof name === 'string' && !(name in out)) {
      const t = loadTemplate(name);
      if (!t) break;
      out[name] = t;
      name = t.template;
    }
    return out;
  }

  /** Validates a document for saving; returns its canonical text (and the migrated document) or the problems. */
  function check(
    slug: string,
    raw: unknown,
  ): { ok: true; text: string; doc: Json } | { ok: false; issues: DocumentIssue[] } {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return {
        ok: false,
        issues: [{ path: '/', message: 'a site document must be a JSON object' }],
      };
    }
    const doc = raw as Json;
    if (doc.slug !== slug)
      return {
        ok: false,
        issues: [
          { path: '/slug', message: `must be "${slug}", the name of the file it is saved as` },
        ],
      };
    if (
      doc.template !== undefined &&
      (typeof doc.template !== 'string' || !PLAIN_NAME.test(doc.template))
    ) {
      return {
        ok: false,
        issues: [
          {
            path: '/template',
            message: 'must be a plain name (lower-case letters, digits and single hyphens)',
          },
        ],
      };
    }
    let migrated: Json;
    try {
      migrated = migrateDocument(doc).doc;
    } catch (err) {
      if (err instanceof DocumentVersionError) {
        const [path, ...rest] = err.message.split(': ');
        return { ok: false, issues: [{ path, message: rest.join(': ') }] };
      }
      throw err;
    }
    const result = prepare(migrated);
    const claims = hostClaims(slug, doc as Json);
    if (!result.ok || claims.length)
      return { ok: false, issues: [...claims, ...(result.ok ? [] : result.issues)] };
    return { ok: true, text: formatSiteDocument(migrated), doc: migrated };
  }
  const validate = (slug: string) => (doc: Json) => {
    const r = check(slug, doc);
    return r.ok ? [] : r.issues;
  };
  return { loadTemplate, prepare, checkDraft, templateChain, check, validate };
}
