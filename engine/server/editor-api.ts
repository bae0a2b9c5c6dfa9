/**
 * The editor's local API (mounted by the server at /api/editor, behind the staff guard):
 *
 *   GET  /sites              every site document: slug, name, template, region, validity, draft
 *   GET  /sites/:slug        the document staff edit (the draft, else the published one), its
 *                            version (a commit), template chain, the draft as rendered (or its
 *                            issues), the draft's summary, and whether this person may publish
 *   GET  /templates          the templates a new site can extend
 *   GET  /models?makes=a,b   the catalogue models of those makes (for the live preview)
 *   POST /sites              create a site from a template (slug, name, region, dealerships): its
 *                            first draft, not served to visitors until it is published
 *   POST /check              validate a draft exactly as the runtime does and return its issues
 *                            plus the resolved draft with defaults filled and HTML sanitised
 *                            (what the live preview renders; the browser compiles no schema,
 *                            which the production CSP would refuse anyway: no 'unsafe-eval')
 *   PUT  /sites/:slug        save a draft: validated with the runtime's preparer, a commit on the
 *                            site's draft branch, merged block by block with a save made since
 *                            (409 with the conflicts when both changed one value). Visitors see
 *                            nothing until it is published. 422 {issues} when invalid.
 *   …    /sites/:slug/…      diff, review, publish, history, restore, draft (drafts-api.ts)
 *
 * The contract is docs/publishing.md.
 */
import express, { type Request, type Response, type NextFunction, type Router } from 'express';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { CURRENT_SCHEMA_VERSION } from '../site/migrations.ts';
import type { DocumentIssue } from '../site/types.ts';
import { PLAIN_NAME } from '../site/folder.ts';
import { parseDocumentText } from '../site/json-text.ts';
import { fitsMakes, templateMakes } from '../site/template-makes.ts';
import { jsonBodiesOnly } from '../api/http.ts';
import { limitEmbedOrigins } from './embed-origins.ts';
import { withPreviewKey } from './draft-keys.ts';
import { answer, draftsRouter, mayPublish, staffOf } from './drafts-api.ts';
import { createDraftChecks } from './draft-checks.ts';
import { DraftService } from './drafts.ts';
import { DraftShare } from './draft-share.ts';
import { SiteRepo } from './site-repo.ts';
import { memberOf, opensSite, roleRefusal } from './staff-access.ts';
import { NEW_SITE_NEEDS_ALL_SITES, NOT_YOUR_EDITOR_SITE } from '../api/staff-roles.ts';
import type { SyncState } from './published-sync.ts';
import type { SiteStore } from './sites.ts';

export { PLAIN_NAME };

/** PUT /sites/:slug without `baseVersion` (docs/publishing.md). */
export const BASE_VERSION_REQUIRED =
  'baseVersion is required: send the version the document was loaded from (GET /api/editor/sites/:slug answers it), so a save never replaces changes unseen';

export interface EditorRouterOptions {
  sites: SiteStore;
  sitesDir: string;
  /** The git repository of the sites folder (default: opened, or created, for sitesDir). */
  repo?: SiteRepo;
  drafts?: DraftService;
  /** The state of the git sync with the remote, when there is one (published-sync.ts). */
  syncState?: () => SyncState;
}

type Json = Record<string, any>;

export function createEditorRouter(options: EditorRouterOptions): Router {
  const { sites, sitesDir } = options;
  const repo = options.repo ?? SiteRepo.open(sitesDir);
  const remote = process.env.FORECOURT_GIT_REMOTE || undefined;
  const drafts =
    options.drafts ??
    new DraftService(repo, sites, {
      remote,
      share: remote ? new DraftShare(repo, remote) : undefined,
    });
  const router = express.Router();
  router.use(express.json({ limit: '10mb' }));
  // 415 for a body that is not JSON, per route: other routers share /api/editor (uploads are images).
  const jsonOnly = jsonBodiesOnly();
  // Editor data is never cached: a reload must show what is on disk now.
  router.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  const siteFile = (slug: string) => join(sitesDir, `${slug}.json`);
  const { loadTemplate, prepare, checkDraft, templateChain, check, validate } =
    createDraftChecks(sites);

  const slugParam = (req: Request, res: Response): string | undefined => {
    const slug = String(req.params.slug ?? '');
    if (!PLAIN_NAME.test(slug)) {
      res.status(400).json({
        error: 'site names are plain names: lower-case letters, digits and single hyphens',
      });
      return undefined;
    }
    // The guard refused another site's paths already (staff-access.ts); each route checks again.
    if (!opensSite(req, slug)) {
      res.status(403).json({ error: NOT_YOUR_EDITOR_SITE });
      return undefined;
    }
    return slug;
  };

  router.get('/sites', async (req, res) => {
    // Drafts saved on other servers are listed too (draft-share.ts).
    await drafts.bringIn();
    // Through the site store (no second reader of the files): raw documents as loaded.
    const withDrafts = new Set(drafts.draftSlugs());
    const published = sites.all().map((entry) => {
      const doc = (
        entry.raw && typeof entry.raw === 'object' && !Array.isArray(entry.raw) ? entry.raw : {}
      ) as Json;
      return {
        slug: entry.slug,
        name: typeof doc.name === 'string' ? doc.name : entry.slug,
        template: typeof doc.template === 'string' ? doc.template : undefined,
        region: entry.ok ? entry.site.region : doc.region,
        pages: entry.ok ? entry.site.pages.length : undefined,
        ok: entry.ok,
        issues: entry.ok ? 0 : entry.issues.length,
        draft: withDrafts.has(entry.slug),
      };
    });
    // Sites created in the editor and not published yet: only their draft exists.
    const known = new Set(published.map((s) => s.slug));
    const unpublished = [...withDrafts]
      .filter((slug) => !known.has(slug))
      .flatMap((slug) => {
        const found = drafts.current(slug);
        if (!found) return [];
        let doc: Json = {};
        try {
          doc = parseDocumentText(found.text) as Json;
        } catch {
          // listed by its slug; opening it shows why
        }
        const name = typeof doc.name === 'string' ? doc.name : slug;
        const template = typeof doc.template === 'string' ? doc.template : undefined;
        return [
          {
            slug,
            name,
            template,
            region: doc.region,
            ok: true,
            issues: 0,
            draft: true,
            unpublished: true,
          },
        ];
      });
    const list = [...published, ...unpublished]
      .filter((s) => opensSite(req, s.slug))
      .sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
    res.json({ sites: list });
  });

  router.get('/templates', (_req, res) => {
    const dir = join(sitesDir, 'templates');
    const names = existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.json'))
          .map((f) => f.replace(/\.json$/, ''))
          .sort()
      : [];
    res.json({
      templates: names
        .filter((n) => PLAIN_NAME.test(n))
        .map((name) => {
          const document = loadTemplate(name);
          return { name, document, makes: document ? templateMakes(document) : [] };
        }),
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

  router.post('/check', jsonOnly, (req, res) => {
    const body = (req.body ?? {}) as Json;
    res.json(checkDraft(body.document));
  });

  router.get('/sites/:slug', async (req, res) => {
    const slug = slugParam(req, res);
    if (!slug) return;
    await drafts.bringIn([slug]);
    const found = drafts.current(slug);
    if (!found) {
      res.status(404).json({ error: `no site "${slug}"` });
      return;
    }
    let doc: Json;
    try {
      doc = parseDocumentText(found.text) as Json;
    } catch (err) {
      res.status(422).json({
        error: `sites/${slug}.json is not valid JSON: ${(err as Error).message}`,
        liveProblem: sites.staleSite(slug),
      });
      return;
    }
    // A site not published yet: its stock is made for its preview (after a restart too).
    if (!sites.get(slug)) sites.drafted(slug, doc);
    // The draft as the runtime would render it (the published entry when there is no draft).
    const checked = prepare.check(doc);
    limitEmbedOrigins(checked.site);
    res.json({
      slug,
      document: doc,
      version: found.version,
      templates: templateChain(doc),
      resolved:
        checked.issues.length || !checked.site ? null : withPreviewKey(checked.site as Json),
      issues: checked.issues,
      draft: drafts.draftInfo(slug),
      published: { commit: repo.publishedHead() },
      canPublish: !roleRefusal(req, slug) && mayPublish(req),
      // Set while visitors get the last good revision because the published document fails (docs/publishing.md).
      liveProblem: sites.staleSite(slug),
      // The git sync with the remote (docs/publishing.md, "When the remote fails"); absent without one.
      sync: options.syncState?.(),
    });
  });

  // What the editor's live-site status line shows, polled while a site is open: small, no document.
  router.get('/sites/:slug/status', async (req, res) => {
    const slug = slugParam(req, res);
    if (!slug) return;
    await drafts.bringIn([slug]);
    if (!drafts.current(slug)) {
      res.status(404).json({ error: `no site "${slug}"` });
      return;
    }
    res.json({
      draft: drafts.draftInfo(slug),
      liveProblem: sites.staleSite(slug),
      sync: options.syncState?.(),
    });
  });

  router.post('/sites', jsonOnly, async (req, res) => {
    if (memberOf(req) && !opensSite(req, '*')) {
      res.status(403).json({ error: NEW_SITE_NEEDS_ALL_SITES });
      return;
    }
    const body = (req.body ?? {}) as Json;
    const slug = typeof body.slug === 'string' ? body.slug.trim() : '';
    const problems: DocumentIssue[] = [];
    if (!PLAIN_NAME.test(slug))
      problems.push({
        path: '/slug',
        message:
          'must be a plain name: lower-case letters, digits and single hyphens (e.g. city-motors)',
      });
    if (typeof body.name !== 'string' || !body.name.trim())
      problems.push({ path: '/name', message: 'is required' });
    const template = typeof body.template === 'string' && body.template ? body.template : undefined;
    const templateDoc = template ? loadTemplate(template) : undefined;
    if (template && !templateDoc)
      problems.push({ path: '/template', message: `no template "${template}"` });
    else if (templateDoc) {
      // The form offers only the templates that fit (GET /templates' `makes`); said at the field otherwise.
      const sold = Array.isArray(body.dealerships)
        ? body.dealerships.flatMap((d: Json) =>
            Array.isArray(d?.manufacturers) ? d.manufacturers : [],
          )
        : [];
      const makes = templateMakes(templateDoc);
      if (!fitsMakes(makes, sold.map(String)))
        problems.push({
          path: '/template',
          message: `is made for dealers selling ${makes.join(', ')}: choose a template that fits the makes this dealer sells`,
        });
    }
    if (problems.length) {
      res.status(422).json({ issues: problems });
      return;
    }
    if (PLAIN_NAME.test(slug)) await drafts.bringIn([slug]);
    if (existsSync(siteFile(slug)) || drafts.current(slug)) {
      res
        .status(409)
        .json({ issues: [{ path: '/slug', message: `a site called "${slug}" already exists` }] });
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
      doc.pages = [
        {
          id: 'home',
          path: '/',
          title: '{site}',
          blocks: [{ type: 'hero', id: 'home-hero', props: { heading: `Welcome to ${doc.name}` } }],
        },
      ];
    }
    const result = check(slug, doc);
    if (!result.ok) {
      res.status(422).json({ issues: result.issues });
      return;
    }
    // A new site is a draft like any other change: visitors get it once it is published.
    return answer(
      res,
      async () => {
        const version = await drafts.write(slug, () =>
          repo.createSite(slug, result.text, `Create site ${slug} (${doc.name})`, staffOf(req)),
        );
        sites.drafted(slug, result.doc);
        return {
          slug,
          document: JSON.parse(result.text),
          version,
          draft: drafts.draftInfo(slug),
          live: false,
        };
      },
      201,
    );
  });

  router.put('/sites/:slug', jsonOnly, (req, res) => {
    const slug = slugParam(req, res);
    if (!slug) return;
    const body = (req.body ?? {}) as Json;
    const result = check(slug, body.document);
    if (!result.ok) {
      res.status(422).json({ issues: result.issues });
      return;
    }
    // Without the version it was loaded from, a save could replace changes its sender never saw.
    if (typeof body.baseVersion !== 'string') {
      res.status(422).json({ error: BASE_VERSION_REQUIRED });
      return;
    }
    const baseVersion = body.baseVersion;
    return answer(res, async () => {
      // With a remote, answered once the remote holds the save (draft-share.ts).
      const saved = await drafts.write(slug, () =>
        drafts.save(slug, result.doc, baseVersion, staffOf(req), validate(slug)),
      );
      return {
        slug,
        document: JSON.parse(saved.text),
        version: saved.version,
        changed: saved.changed,
        merged: saved.merged,
        draft: drafts.draftInfo(slug),
        live: false,
      };
    });
  });

  router.use(
    '/sites/:slug',
    draftsRouter({ drafts, validate, mayPublish, staffOf, slugParam, jsonOnly }),
  );

  router.use(
    (
      err: Error & { status?: number; type?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
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
    },
  );

  return router;
}
