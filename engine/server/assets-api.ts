/**
 * The asset library: images staff upload for a site, and the public address they are
 * served at (docs/editor-design.md, "Asset library").
 *
 *   GET  /api/editor/sites/:slug/assets          staff: the site's images, newest first
 *   POST /api/editor/sites/:slug/assets?name=…   staff: the file as the body; 201 { asset, removed }
 *   GET  /assets/sites/:slug/:file               everyone: the image (what image fields store)
 *
 * Uploads live in the sites repository, `{sitesDir}/assets/{slug}/{name}`, committed
 * straight to the published branch, the way a new site is (docs/publishing.md): the file
 * is content-addressed, so it never changes what a visitor sees until a published document
 * names it, while drafts, the draft preview, a review pushed to the remote and every server
 * that syncs the published branch all find it beside the documents that use it.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAIN_NAME } from '../site/folder.ts';
import { staffOf } from './drafts-api.ts';
import { AssetRefused, checkAsset } from './asset-check.ts';
import {
  ASSET_FILE,
  ASSET_TYPES,
  ASSET_URL_PREFIX,
  MAX_ASSET_BYTES,
  MESSAGES,
  type AssetExt,
  type SiteAsset,
} from './asset-rules.ts';
import type { Author, SiteRepo } from './site-repo.ts';
import { pushPublished } from './site-remote.ts';

export type { SiteAsset };

export interface AssetLibraryOptions {
  repo: SiteRepo;
  /** The guard of the editor API (staffOnly()), for listing and uploading. */
  staff: RequestHandler;
  /** Where published changes are pushed (FORECOURT_GIT_REMOTE), so reviews and other servers get the file. */
  remote?: string;
}

export const assetUrl = (slug: string, name: string) => `${ASSET_URL_PREFIX}/${slug}/${name}`;

export function createAssetLibraryRouter({ repo, staff, remote }: AssetLibraryOptions): Router {
  const router = express.Router();
  const folderOf = (slug: string) => join(repo.sitesDir, 'assets', slug);
  const siteExists = (slug: string) => existsSync(join(repo.sitesDir, `${slug}.json`));

  const siteParam = (req: Request, res: Response): string | undefined => {
    const slug = String(req.params.slug ?? '');
    if (!PLAIN_NAME.test(slug)) {
      res.status(400).json({
        error: 'site names are plain names: lower-case letters, digits and single hyphens',
      });
      return undefined;
    }
    if (!siteExists(slug)) {
      res.status(404).json({ error: `no site "${slug}"` });
      return undefined;
    }
    return slug;
  };

  router.get('/api/editor/sites/:slug/assets', staff, (req, res) => {
    const slug = siteParam(req, res);
    if (!slug) return;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ assets: listAssets(folderOf(slug), slug) });
  });

  router.post(
    '/api/editor/sites/:slug/assets',
    staff,
    express.raw({ type: () => true, limit: MAX_ASSET_BYTES }),
    async (req, res) => {
      const slug = siteParam(req, res);
      if (!slug) return;
      res.setHeader('Cache-Control', 'no-store');
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const checked = await checkAsset(
          body,
          typeof req.query.name === 'string' ? req.query.name : 'image',
        );
        const file = join(folderOf(slug), checked.name);
        const existed = existsSync(file);
        if (!existed) {
          mkdirSync(folderOf(slug), { recursive: true });
          const tmp = `${file}.${process.pid}.upload-tmp`;
          writeFileSync(tmp, checked.bytes);
          renameSync(tmp, file);
        }
        commitAsset(
          repo,
          `${repo.prefix}assets/${slug}/${checked.name}`,
          file,
          `Image ${checked.name} for ${slug}`,
          staffOf(req),
        );
        if (remote) await pushPublished(repo, remote);
        const asset: SiteAsset = {
          name: checked.name,
          url: assetUrl(slug, checked.name),
          type: checked.type,
          size: checked.bytes.length,
        };
        res.status(existed ? 200 : 201).json({ asset, removed: checked.removed });
      } catch (err) {
        if (err instanceof AssetRefused) res.status(err.status).json({ error: err.message });
        else throw err;
      }
    },
  );

  router.get(`${ASSET_URL_PREFIX}/:slug/:file`, (req, res) => {
    const slug = String(req.params.slug);
    const name = String(req.params.file);
    const file = join(folderOf(slug), name);
    if (!PLAIN_NAME.test(slug) || !ASSET_FILE.test(name) || !existsSync(file)) {
      res.status(404).end();
      return;
    }
    res.setHeader('Content-Type', ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1) as AssetExt]);
    // Names are content hashes: a name never changes its bytes.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    // Uploads are untrusted: even opened on their own, nothing in them runs.
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    res.sendFile(file);
  });

  router.use((err: Error & { type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (err.type === 'entity.too.large') res.status(413).json({ error: MESSAGES.tooLarge });
    else next(err);
  });
  return router;
}

/** The images in a site's asset folder, newest first. */
export function listAssets(folder: string, slug: string): SiteAsset[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => ASSET_FILE.test(name))
    .map((name) => ({ name, stat: statSync(join(folder, name)) }))
    .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs || a.name.localeCompare(b.name))
    .map(({ name, stat }) => ({
      name,
      url: assetUrl(slug, name),
      type: ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1) as AssetExt],
      size: stat.size,
    }));
}

/**
 * Commits one file of the work tree on the published branch (through a temporary index,
 * like site-repo.ts's publishing), unless the published branch already has it. Retried
 * when something else was published at the same moment.
 */
function commitAsset(
  repo: SiteRepo,
  gitPath: string,
  file: string,
  message: string,
  author: Author,
) {
  const blob = repo.git(['hash-object', '-w', '--', file]);
  for (let attempt = 0; ; attempt++) {
    const head = repo.publishedHead();
    let current: string | undefined;
    try {
      current = repo.git(['rev-parse', '--verify', '-q', `${head}:${gitPath}`]);
    } catch {
      current = undefined;
    }
    if (current === blob) return;
    const dir = mkdtempSync(join(tmpdir(), 'forecourt-asset-index-'));
    try {
      const env = { GIT_INDEX_FILE: join(dir, 'index') };
      repo.git(['read-tree', head], { env });
      repo.git(['update-index', '--add', '--cacheinfo', `100644,${blob},${gitPath}`], { env });
      const tree = repo.git(['write-tree'], { env });
      const commit = repo.git(['commit-tree', tree, '-p', head, '-m', message], { author });
      repo.git(['update-ref', 'HEAD', commit, head]);
      repo.git(['reset', '-q', 'HEAD', '--', gitPath]);
      return;
    } catch (err) {
      if (attempt >= 2) throw err;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}
