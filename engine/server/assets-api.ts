/**
 * The asset library: images staff upload for a site, and the public address they are
 * served at (docs/editor-design.md, "Asset library").
 *
 *   GET  /api/editor/sites/:slug/assets          staff: the site's images, newest first
 *   POST /api/editor/sites/:slug/assets?name=…   staff: the file as the body; 201 { asset, removed }
 *   DELETE /api/editor/sites/:slug/assets/:file  staff: an image only the draft holds, unused (asset-delete.ts)
 *   GET  /assets/sites/:slug/:file               the image (what image fields store): everyone
 *                                                once it is published, staff while it is a draft's
 *
 * Uploads live in the sites repository, `{sitesDir}/assets/{slug}/{name}`, and travel with
 * the draft that uses them (docs/publishing.md): an upload is a commit on the site's draft
 * branch, so the draft preview, a review pushed to the remote and its pull request find it
 * beside the document naming it, and publishing (here, or the merged pull request) puts it
 * in the published work tree, where visitors get it. With a shared photo store (a bucket:
 * docs/deploy.md, "Photos in a bucket") an upload is put there too, before it is committed, so
 * staff on any server see a draft's image before its branch reaches that server. With drafts on
 * the git remote the commit reaches the remote before the upload is answered, as a save does,
 * and a server that lacks a draft's image brings the draft in before it answers 404.
 */
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
  type Router,
} from 'express';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { isPlainFile } from '../site/safe-file.ts';
import { join } from 'node:path';
import { PLAIN_NAME } from '../site/folder.ts';
import { staffOf } from './drafts-api.ts';
import { DELETE_REFUSED, deleteDraftImage } from './asset-delete.ts';
import { AssetRefused, checkAsset } from '../assets/asset-check.ts';
import {
  ASSET_FILE,
  ASSET_TYPES,
  ASSET_URL_PREFIX,
  assetUrl,
  MAX_ASSET_BYTES,
  MESSAGES,
  type AssetExt,
  type SiteAsset,
} from '../assets/asset-rules.ts';
import {
  photoDerivatives,
  sendPhoto,
  storeDown,
  type PhotoDerivatives,
} from '../assets/photo-serve.ts';
import { PHOTO_KEYS, PhotoStoreDown } from '../assets/photo-store.ts';
import { DRAFT_PREFIX, RepoError, type Author, type SiteRepo } from './site-repo.ts';
import type { DraftService } from './drafts.ts';

export type { SiteAsset };

export interface AssetLibraryOptions {
  repo: SiteRepo;
  /** The guard of the editor API (staffOnly()), for listing and uploading. */
  staff: RequestHandler;
  /**
   * The guard of an image only a draft has (default: `staff`); the server's also takes the
   * editor's image pass, which a browser sends where it cannot send the token (editor-cookie.ts).
   */
  draftImages?: RequestHandler;
  /** Where a raster image's sizes are kept (default: a folder of this process's in the system's temporary folder). */
  derivatives?: PhotoDerivatives;
  /** The drafts kept on a remote (drafts.ts): an upload is on it before it is answered, and reads bring the draft in. */
  drafts?: Pick<DraftService, 'write' | 'bringIn'>;
}

export const UPLOAD_STORE_DOWN =
  'The image could not be stored just now (the photo storage is not answering). Try again in a minute.';

export function createAssetLibraryRouter({
  repo,
  staff,
  draftImages = staff,
  derivatives = photoDerivatives(),
  drafts,
}: AssetLibraryOptions): Router {
  const router = express.Router();
  const shared = derivatives.store?.shared ? derivatives.store : undefined;
  const folderOf = (slug: string) => join(repo.sitesDir, 'assets', slug);
  // A site not published yet (created in the editor) is its draft.
  const siteExists = (slug: string) => {
    if (existsSync(join(repo.sitesDir, `${slug}.json`))) return true;
    const draft = repo.draftHead(slug);
    return draft !== undefined && repo.fileAt(draft, slug) !== undefined;
  };

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

  /** The site's draft as the remote has it (saved, or created, on another server). */
  const bringIn = async (req: Request) => {
    const slug = String(req.params.slug ?? '');
    if (drafts && PLAIN_NAME.test(slug)) await drafts.bringIn([slug]);
  };

  router.get('/api/editor/sites/:slug/assets', staff, async (req, res) => {
    await bringIn(req);
    const slug = siteParam(req, res);
    if (!slug) return;
    res.setHeader('Cache-Control', 'no-store');
    res.json({ assets: listAssets(repo, slug) });
  });

  router.post(
    '/api/editor/sites/:slug/assets',
    staff,
    express.raw({ type: () => true, limit: MAX_ASSET_BYTES }),
    async (req, res) => {
      await bringIn(req);
      const slug = siteParam(req, res);
      if (!slug) return;
      res.setHeader('Cache-Control', 'no-store');
      try {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const checked = await checkAsset(
          body,
          typeof req.query.name === 'string' ? req.query.name : 'image',
        );
        await shared?.put(PHOTO_KEYS.upload(slug, checked.name), checked.bytes, checked.type);
        const gitPath = `${repo.assetsPath(slug)}${checked.name}`;
        const blob = repo.git(['hash-object', '-w', '--stdin'], { input: checked.bytes });
        const commit = () =>
          commitOnDraft(
            repo,
            slug,
            gitPath,
            blob,
            `Image ${checked.name} for ${slug}`,
            staffOf(req),
          );
        // On the remote before it is answered (as a save): another server serves it at once.
        const added = drafts ? await drafts.write(slug, commit) : commit();
        const asset: SiteAsset = {
          name: checked.name,
          url: assetUrl(slug, checked.name),
          type: checked.type,
          size: checked.bytes.length,
          published: !!repo.tryGit([
            'rev-parse',
            '--verify',
            '-q',
            `${repo.publishedHead()}:${gitPath}`,
          ]),
        };
        res.status(added ? 201 : 200).json({ asset, removed: checked.removed });
      } catch (err) {
        if (err instanceof AssetRefused) res.status(err.status).json({ error: err.message });
        else if (err instanceof PhotoStoreDown)
          res
            .status(503)
            .setHeader('Retry-After', String(err.retryAfter))
            .json({ error: UPLOAD_STORE_DOWN });
        // The remote could not take it (nothing kept: the draft here went back), or a save raced it.
        else if (err instanceof RepoError) res.status(err.status).json({ error: err.message });
        else throw err;
      }
    },
  );

  router.delete('/api/editor/sites/:slug/assets/:file', staff, async (req, res) => {
    await bringIn(req);
    const slug = siteParam(req, res);
    if (!slug) return;
    res.setHeader('Cache-Control', 'no-store');
    const name = String(req.params.file);
    if (!ASSET_FILE.test(name)) return void res.status(404).json({ error: DELETE_REFUSED.missing });
    try {
      const remove = () => deleteDraftImage(repo, slug, name, staffOf(req));
      await (drafts ? drafts.write(slug, remove) : remove());
      res.json({ deleted: name });
    } catch (err) {
      if (err instanceof RepoError) res.status(err.status).json({ error: err.message });
      else throw err;
    }
  });

  router.get(`${ASSET_URL_PREFIX}/:slug/:file`, (req, res, next) => {
    const slug = String(req.params.slug);
    const name = String(req.params.file);
    if (!PLAIN_NAME.test(slug) || !ASSET_FILE.test(name)) {
      res.status(404).end();
      return;
    }
    const ext = name.slice(name.lastIndexOf('.') + 1) as AssetExt;
    const type = ASSET_TYPES[ext];
    // Uploads are untrusted: even opened on their own, nothing in them runs.
    const inert = () =>
      res
        .setHeader('Content-Type', type)
        .setHeader(
          'Content-Security-Policy',
          "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        );
    const file = join(folderOf(slug), name);
    if (isPlainFile(file, MAX_ASSET_BYTES)) {
      // Published. Names are content hashes: a name never changes its bytes. A symlink is never followed (safe-file.ts).
      // A raster image goes at the width and in the format asked for (engine/assets/photo-serve.ts).
      if (ext !== 'svg')
        return sendPhoto(
          req,
          res,
          { name, file },
          derivatives,
          'public, max-age=31536000, immutable',
        );
      inert().setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      // The sites folder may sit below a dot-folder; the name was checked above.
      res.sendFile(file, { dotfiles: 'allow' });
      return;
    }
    // Only in a draft: for staff (the editor's preview, the draft preview) until it is published;
    // a visitor learns nothing of it (docs/publishing.md, "Draft images in the preview").
    const draftBlob = () =>
      repo.tryGit([
        'rev-parse',
        '--verify',
        '-q',
        `${DRAFT_PREFIX}${slug}:${repo.assetsPath(slug)}${name}`,
      ]);
    let blob = draftBlob();
    if (!blob && !shared && !drafts) {
      res.status(404).end();
      return;
    }
    draftImages(req, res, (err?: unknown) => {
      if (err) return next(err);
      void answerDraftImage().catch(next);
    });

    async function answerDraftImage() {
      // Uploaded through another server: its draft on the remote has it. Staff only, so no
      // visitor's request makes this server ask the remote.
      if (!blob && drafts) {
        await drafts.bringIn([slug]);
        blob = draftBlob();
      }
      if (!blob) {
        if (shared) return fromShared(req, res, slug, name, ext);
        return void res.status(404).end();
      }
      const commit = blob;
      const read = () =>
        execFileSync('git', ['cat-file', 'blob', commit], {
          cwd: repo.top,
          maxBuffer: 2 * MAX_ASSET_BYTES,
        });
      if (ext !== 'svg')
        return sendPhoto(req, res, { name, read }, derivatives, 'private, no-store');
      inert().setHeader('Cache-Control', 'private, no-store');
      res.send(read());
    }
  });

  /** A draft's image another server took in (staff only, like any draft's image). */
  async function fromShared(
    req: Request,
    res: Response,
    slug: string,
    name: string,
    ext: AssetExt,
  ) {
    const key = PHOTO_KEYS.upload(slug, name);
    const read = async () => (await shared?.get(key))?.bytes;
    if (ext !== 'svg') return sendPhoto(req, res, { name, read }, derivatives, 'private, no-store');
    let bytes: Buffer | undefined;
    try {
      bytes = await read();
    } catch (err) {
      if (err instanceof PhotoStoreDown) return storeDown(res, err);
      throw err;
    }
    if (!bytes) return void res.status(404).end();
    res
      .setHeader('Content-Type', ASSET_TYPES[ext])
      .setHeader(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      )
      .setHeader('Cache-Control', 'private, no-store')
      .send(bytes);
  }

  router.use((err: Error & { type?: string }, _req: Request, res: Response, next: NextFunction) => {
    if (err.type === 'entity.too.large') res.status(413).json({ error: MESSAGES.tooLarge });
    else next(err);
  });
  return router;
}

/**
 * A site's images, newest first: those published (in the work tree) and those of its draft.
 * Their order is git's, newest commit first; a file put in the folder by hand comes after.
 */
export function listAssets(repo: SiteRepo, slug: string): SiteAsset[] {
  const folder = repo.assetsPath(slug);
  const sizes = new Map<string, number>();
  const published = new Set<string>();
  const publishedHead = repo.publishedHead();
  const refs = [repo.draftHead(slug), publishedHead].filter((r): r is string => !!r);
  for (const ref of refs)
    for (const line of (repo.tryGit(['ls-tree', '-r', '-l', ref, '--', folder]) ?? '').split(
      '\n',
    )) {
      const [meta, path] = line.split('\t');
      if (!path) continue;
      sizes.set(path.slice(folder.length), Number(meta.trim().split(/\s+/)[3]));
      if (ref === publishedHead) published.add(path.slice(folder.length));
    }
  const onDisk = join(repo.top, folder);
  const loose = existsSync(onDisk)
    ? readdirSync(onDisk)
        .filter((name) => !sizes.has(name))
        .map((name) => ({ name, stat: statSync(join(onDisk, name)) }))
        .sort((a, b) => b.stat.mtimeMs - a.stat.mtimeMs)
    : [];
  for (const { name, stat } of loose) {
    sizes.set(name, stat.size);
    published.add(name);
  }
  const order = (
    repo.tryGit(['log', '--format=', '--name-only', '--diff-filter=A', ...refs, '--', folder]) ?? ''
  )
    .split('\n')
    .filter((path) => path.startsWith(folder))
    .map((path) => path.slice(folder.length));
  const rank = (name: string) => {
    const at = order.indexOf(name);
    return at < 0 ? order.length + loose.findIndex((l) => l.name === name) : at;
  };
  return [...sizes.keys()]
    .filter((name) => ASSET_FILE.test(name))
    .sort((a, b) => rank(a) - rank(b))
    .map((name) => ({
      name,
      url: assetUrl(slug, name),
      type: ASSET_TYPES[name.slice(name.lastIndexOf('.') + 1) as AssetExt],
      size: sizes.get(name)!,
      published: published.has(name),
    }));
}

/**
 * Commits an image on the site's draft branch (made from what is published when there is
 * none), unless the draft, or the published site when there is no draft, already has it.
 * Retried when a save moved the draft at the same moment. True when it was added.
 */
function commitOnDraft(
  repo: SiteRepo,
  slug: string,
  gitPath: string,
  blob: string,
  message: string,
  author: Author,
): boolean {
  for (let attempt = 0; ; attempt++) {
    const head = repo.draftHead(slug);
    const at = head ?? repo.publishedHead();
    if (repo.tryGit(['rev-parse', '--verify', '-q', `${at}:${gitPath}`]) === blob) return false;
    try {
      repo.saveDraft(slug, undefined, message, author, head, { [gitPath]: blob });
      return true;
    } catch (err) {
      if (!(err instanceof RepoError) || err.status !== 409 || attempt >= 2) throw err;
    }
  }
}
