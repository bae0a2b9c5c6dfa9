/**
 * The draft endpoints of the editor API under /sites/:slug (docs/publishing.md): diff,
 * review, publish, history, restore, discard. Who is acting comes from a member's token
 * (staff-access.ts), else the editor's sign-in (`X-Forecourt-Staff`); who may publish,
 * discard and restore from the member's role, else FORECOURT_PUBLISH_TOKEN (publishing only).
 */
import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { DocumentIssue } from '../site/types.ts';
import { ConflictError, InvalidError, type DraftService } from './drafts.ts';
import { RepoError, type Author } from './site-repo.ts';
import { bearerToken, sameSecret } from './security.ts';
import { PLAIN_NAME } from '../site/folder.ts';
import { memberOf, roleRefusal } from './staff-access.ts';

type Json = Record<string, any>;

/** The staff member acting: a member's token names them, else the editor's sign-in does. */
export function staffOf(req: Request): Author {
  const member = memberOf(req);
  if (member?.name) return { name: member.name, email: member.email };
  let name = '';
  try {
    name = decodeURIComponent(req.get('x-forecourt-staff') ?? '').trim();
  } catch {
    name = '';
  }
  // A name is shown in history and written into commits: plain text, one line, short.
  name = name.replace(/[\u0000-\u001f<>]/g, '').slice(0, 80);
  return { name: name || 'Staff' };
}

/**
 * FORECOURT_PUBLISH_TOKEN set: only its bearer may publish; unset: everyone who may edit. A
 * member's token is not held to it: their role on the site decides (refusedRole).
 */
export function mayPublish(req: Request, token = process.env.FORECOURT_PUBLISH_TOKEN): boolean {
  if (!token || memberOf(req)) return true;
  const given = bearerToken(req.get('authorization'));
  return given !== undefined && sameSecret(given, token);
}

/** Answers 403 when the member's role on the site is not publisher (publish, discard, restore). */
function refusedRole(req: Request, res: Response, slug: string): boolean {
  const refusal = roleRefusal(req, slug);
  if (refusal) res.status(403).json({ error: refusal });
  return Boolean(refusal);
}

/** Runs an action and answers with its result, or with the refusal it raised. */
export async function answer(res: Response, action: () => Json | Promise<Json>, status = 200) {
  try {
    res.status(status).json(await action());
  } catch (err) {
    if (err instanceof ConflictError) {
      res.status(409).json({
        error: err.message,
        conflicts: err.conflicts,
        document: err.document,
        version: err.version,
      });
    } else if (err instanceof InvalidError) {
      res.status(422).json({ error: err.message, issues: err.issues });
    } else if (err instanceof RepoError) {
      res.status(err.status).json({ error: err.message });
    } else throw err;
  }
}

export function draftsRouter(options: {
  drafts: DraftService;
  validate: (slug: string) => (doc: Json) => DocumentIssue[];
  mayPublish: (req: Request) => boolean;
  staffOf: (req: Request) => Author;
  slugParam: (req: Request, res: Response) => string | undefined;
  /** Answers 415 for a body that is not JSON. */
  jsonOnly: RequestHandler;
}): Router {
  const { drafts, validate, slugParam } = options;
  const router = express.Router({ mergeParams: true });
  // Reads and "Request review" see the draft as the remote has it (it may have been saved on
  // another server); changes and publishing bring it in themselves (draft-share.ts).
  router.use(async (req, _res, next) => {
    const slug = String(req.params.slug ?? '');
    const reads = req.method === 'GET' || req.path === '/review';
    if (reads && PLAIN_NAME.test(slug)) await drafts.bringIn([slug]);
    next();
  });

  router.get('/diff', (req, res) => {
    const slug = slugParam(req, res);
    if (slug) return answer(res, () => drafts.diff(slug));
  });

  router.post('/review', (req, res) => {
    const slug = slugParam(req, res);
    const base = `${req.protocol}://${req.get('host')}`;
    if (slug) return answer(res, () => drafts.review(slug, base, options.staffOf(req)));
  });

  router.post('/publish', (req, res) => {
    const slug = slugParam(req, res);
    if (!slug || refusedRole(req, res, slug)) return;
    if (!options.mayPublish(req)) {
      res.status(403).json({
        error:
          'you may save drafts but not publish them: publishing needs the publisher token (FORECOURT_PUBLISH_TOKEN)',
      });
      return;
    }
    return answer(res, async () => {
      const { published, text, pushed } = await drafts.publish(
        slug,
        options.staffOf(req),
        validate(slug),
      );
      return { published, document: JSON.parse(text), pushed };
    });
  });

  router.get('/history', (req, res) => {
    const slug = slugParam(req, res);
    if (slug) return answer(res, () => ({ versions: drafts.history(slug) }));
  });

  router.post('/restore', options.jsonOnly, (req, res) => {
    const slug = slugParam(req, res);
    if (!slug || refusedRole(req, res, slug)) return;
    const commit = String((req.body as Json | undefined)?.commit ?? '');
    return answer(res, async () => {
      const saved = await drafts.write(slug, () =>
        drafts.restore(slug, commit, options.staffOf(req)),
      );
      return {
        slug,
        document: JSON.parse(saved.text),
        version: saved.version,
        changed: saved.changed,
        merged: false,
        draft: drafts.draftInfo(slug),
        live: false,
      };
    });
  });

  router.delete('/draft', (req, res) => {
    const slug = slugParam(req, res);
    if (slug && !refusedRole(req, res, slug))
      return answer(res, async () => {
        await drafts.discard(slug);
        return { discarded: true, draft: drafts.draftInfo(slug) };
      });
  });

  return router;
}
