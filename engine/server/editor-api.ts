/**
 * The editor's local API (mounted by the server at /api/editor):
 *
 *   GET  /sites              every site document: slug, name, template, region, validity
 *   GET  /sites/:slug        the raw document, its version, its template chain (raw) and the
 *                            resolved site as the server renders it (or its issues)
 *   GET  /templates          the templates a new site can extend
 *   GET  /models?makes=a,b   the catalogue models of those makes (for the live preview)
 *   POST /sites              create a site from a template (slug, name, region, dealerships)
 *   POST /check              validate a draft exactly as the runtime does and return its issues
 *                            plus the resolved draft with defaults filled and HTML sanitised
 *                            (what the live preview renders; the browser compiles no schema,
 *                            which the production CSP would refuse anyway: no 'unsafe-eval')
 *   PUT  /sites/:slug        save: validated with the same preparer as the runtime, written in
 *                            canonical form, atomically (temp file + rename), then reloaded so
 *                            the running site shows it at once. 422 {issues} when invalid.
 *
 * KNOWN GAP: no authentication yet. The router is kept separate so the server can put a
 * staff-only guard in front of it (`app.use('/api/editor', requireStaff, router)`).
 */
import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, readdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatSiteDocument } from '../document/canonical.ts';
import { CURRENT_SCHEMA_VERSION, DocumentVersionError, migrateDocument } from '../site/migrations.ts';
import { createSitePreparer } from '../site/prepare.ts';
import { sanitizeHtml } from '../sanitize/html.server.ts';
import type { DocumentIssue } from '../site/types.ts';
import { PLAIN_NAME } from '../site/folder.ts';
import { siteSetIssues } from '../site/whole-site.ts';
import type { SiteStore } from './sites.ts';

export { PLAIN_NAME };

export interface EditorRouterOptions {
  sites: SiteStore;
  sitesDir: string;
}

type Json = Record<string, any>;

export function createEditorRouter({ sites, sitesDir }: EditorRouterOptions): Router {
  const router = express.Router();
  router.use(express.json({ limit: '10mb' }));
  // Editor data is never cached: a reload must show what is on disk now.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  const templateFile = (name: string) => join(sitesDir, 'templates', `${name}.json`);
  const siteFile = (slug: string) => join(sitesDir, `${slug}.json`);

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
  const prepare = createSitePreparer({ loadTemplate: sites.loadTemplate, sanitizeHtml: sanitizeCached, catalogue: sites.catalogue });

  /**
   * A draft as the runtime would see it: migrated, template resolved, validated with
   * defaults filled in and HTML sanitised, whole-site rules applied. Unlike prepare(), the
   * (possibly invalid) site is returned with its issues, so the preview can show
   * everything that is fine.
   */
  function checkDraft(raw: unknown): { issues: DocumentIssue[]; site: Json | null } {
    const { issues, site } = prepare.check(raw);
    return { issues, site: site as Json | null };
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

  function readSite(slug: string): { text: string; doc: Json } | undefined {
    const file = siteFile(slug);
    if (!existsSync(file)) return undefined;
    const text = readFileSync(file, 'utf8');
    return { text, doc: JSON.parse(text) as Json };
  }

  /** Validates a document for saving; returns its canonical text or the problems. */
  function check(slug: string, raw: unknown): { ok: true; text: string } | { ok: false; issues: DocumentIssue[] } {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      return { ok: false, issues: [{ path: '/', message: 'a site document must be a JSON object' }] };
    }
    const doc = raw as Json;
    if (doc.slug !== slug) return { ok: false, issues: [{ path: '/slug', message: `must be "${slug}", the name of the file it is saved as` }] };
    if (doc.template !== undefined && (typeof doc.template !== 'string' || !PLAIN_NAME.test(doc.template))) {
      return { ok: false, issues: [{ path: '/template', message: 'must be a plain name (lower-case letters, digits and single hyphens)' }] };
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
    // Host names the other sites serve stay theirs.
    const others = sites.all().flatMap((e) => (e.ok && e.slug !== slug ? [{ name: e.slug, hostnames: e.site.hostnames }] : []));
    const claims = siteSetIssues([...others, { name: slug, slug: doc.slug, hostnames: doc.hostnames }]).get(slug) ?? [];
    if (!result.ok || claims.length) return { ok: false, issues: [...claims, ...(result.ok ? [] : result.issues)] };
    return { ok: true, text: formatSiteDocument(migrated) };
  }

  /** Writes a whole file or nothing: a temp file in the same folder, then a rename. */
  function writeAtomically(file: string, text: string, options: { create?: boolean } = {}) {
    const tmp = join(sitesDir, `.${randomBytes(6).toString('hex')}.editor-tmp`);
    writeFileSync(tmp, text, { flag: 'wx' });
    try {
      if (options.create) {
        // link() refuses to replace an existing file, so two creates cannot both win.
        linkSync(tmp, file);
        unlinkSync(tmp);
      } else {
        renameSync(tmp, file);
      }
    } catch (err) {
      try {
        unlinkSync(tmp);
      } catch {
        /* already gone */
      }
      throw err;
    }
  }

  const slugParam = (req: Request, res: Response): string | undefined => {
    const slug = String(req.params.slug ?? '');
    if (!PLAIN_NAME.test(slug)) {
      res.status(400).json({ error: 'site names are plain names: lower-case letters, digits and single hyphens' });
      return undefined;
    }
    return slug;
  };

  router.get('/sites', (_req, res) => {
    const list = readdirSync(sitesDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => {
        const slug = f.replace(/\.json$/, '');
        const entry = sites.get(slug);
        let doc: Json = {};
        try {
          doc = JSON.parse(readFileSync(join(sitesDir, f), 'utf8')) as Json;
        } catch {
          /* listed as invalid below */
        }
        return {
          slug,
          name: typeof doc.name === 'string' ? doc.name : slug,
          template: typeof doc.template === 'string' ? doc.template : undefined,
          region: entry?.ok ? entry.site.region : doc.region,
          pages: entry?.ok ? entry.site.pages.length : undefined,
          ok: entry?.ok ?? false,
          issues: entry && !entry.ok ? entry.issues.length : 0,
        };
      });
    res.json({ sites: list });
  });

  router.get('/templates', (_req, res) => {
    const dir = join(sitesDir, 'templates');
    const names = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.replace(/\.json$/, '')).sort() : [];
    res.json({
      templates: names.filter((n) => PLAIN_NAME.test(n)).map((name) => ({ name, document: loadTemplate(name) })),
    });
  });

  router.get('/models', (req, res) => {
    const makes = new Set(
      String(req.query.makes ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    );
    res.json({ models: sites.catalogue.models.filter((m) => makes.has(m.manufacturer_name)) });
  });

  router.post('/check', (req, res) => {
    const body = (req.body ?? {}) as Json;
    res.json(checkDraft(body.document));
  });

  router.get('/sites/:slug', (req, res) => {
    const slug = slugParam(req, res);
    if (!slug) return;
    let found: ReturnType<typeof readSite>;
    try {
      found = readSite(slug);
    } catch (err) {
      res.status(422).json({ error: `sites/${slug}.json is not readable JSON: ${(err as Error).message}` });
      return;
    }
    if (!found) {
      res.status(404).json({ error: `no site "${slug}"` });
      return;
    }
    const entry = sites.get(slug) ?? sites.load(slug);
    res.json({
      slug,
      document: found.doc,
      version: versionOf(found.text),
      templates: templateChain(found.doc),
      resolved: entry.ok ? entry.site : null,
      issues: entry.ok ? [] : entry.issues,
    });
  });

  router.post('/sites', (req, res) => {
    const body = (req.body ?? {}) as Json;
    const slug = typeof body.slug === 'string' ? body.slug.trim() : '';
    const problems: DocumentIssue[] = [];
    if (!PLAIN_NAME.test(slug)) problems.push({ path: '/slug', message: 'must be a plain name: lower-case letters, digits and single hyphens (e.g. city-motors)' });
    if (typeof body.name !== 'string' || !body.name.trim()) problems.push({ path: '/name', message: 'is required' });
    const template = typeof body.template === 'string' && body.template ? body.template : undefined;
    if (template && !loadTemplate(template)) problems.push({ path: '/template', message: `no template "${template}"` });
    if (problems.length) {
      res.status(422).json({ issues: problems });
      return;
    }
    if (existsSync(siteFile(slug))) {
      res.status(409).json({ issues: [{ path: '/slug', message: `a site called "${slug}" already exists` }] });
      return;
    }
    const doc: Json = {
      $schema: '../schemas/site.schema.json',
      schemaVersion: CURRENT_SCHEMA_VERSION,
      slug,
      name: body.name.trim(),
    };
    if (template) doc.template = template;
    if (body.region !== undefined) doc.region = body.region;
    if (Array.isArray(body.dealerships) && body.dealerships.length) {
      doc.dealerships = body.dealerships;
      if (typeof body.dealerships[0]?.id === 'number') doc.dealership_id = body.dealerships[0].id;
    }
    if (!template) {
      // Without a template a site still needs a page to be valid.
      doc.pages = [{ id: 'home', path: '/', title: '{site}', blocks: [{ type: 'hero', id: 'home-hero', props: { heading: `Welcome to ${doc.name}` } }] }];
    }
    const result = check(slug, doc);
    if (!result.ok) {
      res.status(422).json({ issues: result.issues });
      return;
    }
    try {
      writeAtomically(siteFile(slug), result.text, { create: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
        res.status(409).json({ issues: [{ path: '/slug', message: `a site called "${slug}" already exists` }] });
        return;
      }
      throw err;
    }
    sites.load(slug);
    res.status(201).json({ slug, document: JSON.parse(result.text), version: versionOf(result.text) });
  });

  router.put('/sites/:slug', (req, res) => {
    const slug = slugParam(req, res);
    if (!slug) return;
    const body = (req.body ?? {}) as Json;
    const result = check(slug, body.document);
    if (!result.ok) {
      res.status(422).json({ issues: result.issues });
      return;
    }
    const current = existsSync(siteFile(slug)) ? readFileSync(siteFile(slug), 'utf8') : undefined;
    // Optimistic concurrency: refuse to overwrite a version the editor has not seen.
    if (typeof body.baseVersion === 'string' && current !== undefined && versionOf(current) !== body.baseVersion) {
      res.status(409).json({
        error: 'the site was saved by someone else since you opened it',
        version: versionOf(current),
        document: JSON.parse(current),
      });
      return;
    }
    if (current !== result.text) writeAtomically(siteFile(slug), result.text);
    const entry = sites.load(slug);
    res.json({
      slug,
      document: JSON.parse(result.text),
      version: versionOf(result.text),
      changed: current !== result.text,
      live: entry.ok,
    });
  });

  router.use((err: Error & { status?: number; type?: string }, _req: Request, res: Response, _next: NextFunction) => {
    if (err.type === 'entity.parse.failed') {
      res.status(400).json({ error: `the request is not readable JSON: ${err.message}` });
      return;
    }
    if (err.type === 'entity.too.large') {
      res.status(413).json({ error: 'the document is too large' });
      return;
    }
    console.error('[forecourt] editor API failed', err);
    res.status(500).json({ error: `the server could not complete this: ${err.message}` });
  });

  return router;
}

/** A short fingerprint of a file's bytes (what the editor loaded, for conflict checks). */
export function versionOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
