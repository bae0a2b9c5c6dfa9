/**
 * Draft images for staff whose browser cannot send the editor token (docs/publishing.md,
 * "Draft images in the preview"): an <img> in the editor's preview or a /drafts/ page asks
 * for /assets/sites/… with no Authorization header. With FORECOURT_EDITOR_TOKEN set, every
 * request the editor guard lets through also gets (or renews) a short-lived HttpOnly cookie,
 * limited to the image path, holding only an expiry, the sites it opens and their HMAC; the
 * draft image route takes it in place of the token. A staff member's pass opens only the
 * member's sites (docs/security.md, "Unpublished work stays with staff"); the operators', the
 * shared token's and this machine's open every site. Its key is derived from the editor token,
 * so every server sharing the token accepts it, no state is kept, and changing the token ends
 * every pass.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { readCookie } from '../api/session-cookie.ts';
import { ASSET_URL_PREFIX } from '../assets/asset-rules.ts';
import { memberOf, siteNamed } from './staff-access.ts';

export const EDITOR_ASSET_COOKIE = 'fc_editor_assets';
/** How long one pass lasts; the editor asks the server every 30 s while a site is open, so it is renewed long before. */
export const EDITOR_ASSET_PASS_MS = 60 * 60_000;
/** The only path the browser sends it to: the site images (uploads and draft images). */
export const EDITOR_ASSET_COOKIE_PATH = `${ASSET_URL_PREFIX}/`;

export type PassState = 'valid' | 'expired' | 'invalid' | 'absent';

/** The sites a pass opens: `*` for every site, else slugs joined by `~` (a cookie value holds no comma). */
const EVERY_SITE = '*';
const SCOPE_PATTERN = /^(\*|[a-z0-9-]+(~[a-z0-9-]+)*)$/;

/** The sites the request's staff member may open, as a pass writes them. */
function scopeOf(req: Request): string {
  const roles = memberOf(req)?.roles;
  if (!roles || Object.hasOwn(roles, EVERY_SITE)) return EVERY_SITE;
  return Object.keys(roles).sort().join('~');
}

const opens = (scope: string, slug: string | undefined) =>
  scope === EVERY_SITE || (slug !== undefined && scope.split('~').includes(slug));

export class EditorAssetPass {
  private readonly key: Buffer | undefined;

  constructor(
    token = process.env.FORECOURT_EDITOR_TOKEN,
    private readonly now: () => number = Date.now,
  ) {
    this.key = token
      ? createHash('sha256').update(`forecourt editor asset pass\0${token}`).digest()
      : undefined;
  }

  /** The cookie's value for a pass that ends at `expiresAt` (ms since the epoch) and opens `scope`. */
  value(expiresAt: number, scope = EVERY_SITE): string {
    if (!this.key) throw new Error('no editor token: no pass is needed');
    const mac = createHmac('sha256', this.key)
      .update(`assets:${expiresAt}:${scope}`)
      .digest('base64url');
    return `${expiresAt}.${scope}.${mac}`;
  }

  /** What the request's cookie is, and when it ends and which sites it opens when it is a pass of ours. */
  read(req: Request): { state: PassState; expiresAt?: number; scope?: string } {
    const given = readCookie(req, EDITOR_ASSET_COOKIE);
    if (!given || !this.key) return { state: 'absent' };
    const [at, scope, mac, ...rest] = given.split('.');
    const expiresAt = Number(at);
    if (
      !/^\d{1,16}$/.test(at ?? '') ||
      !SCOPE_PATTERN.test(scope ?? '') ||
      mac === undefined ||
      rest.length
    )
      return { state: 'invalid' };
    const expected = Buffer.from(this.value(expiresAt, scope));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
      return { state: 'invalid' };
    return { state: expiresAt > this.now() ? 'valid' : 'expired', expiresAt, scope };
  }

  /**
   * After the editor guard: sets the pass for the member's sites, or renews it once half of it
   * has run or when another member signs in in the same browser, so a browser signed in to the
   * editor shows draft images. Without an editor token it does nothing (the guard then admits
   * this machine only, and so does the image route).
   */
  readonly issue: RequestHandler = (req, res, next) => {
    if (this.key) {
      const { state, expiresAt = 0, scope } = this.read(req);
      const wanted = scopeOf(req);
      if (
        state !== 'valid' ||
        scope !== wanted ||
        expiresAt - this.now() < EDITOR_ASSET_PASS_MS / 2
      ) {
        res.cookie(EDITOR_ASSET_COOKIE, this.value(this.now() + EDITOR_ASSET_PASS_MS, wanted), {
          httpOnly: true,
          sameSite: 'strict',
          secure: req.secure,
          path: EDITOR_ASSET_COOKIE_PATH,
          maxAge: EDITOR_ASSET_PASS_MS,
          // The value is digits, '.' and base64url: no percent-encoding needed.
          encode: String,
        });
      }
    }
    next();
  };

  /**
   * The guard of a draft image: a valid pass that opens the image's site, else the editor guard
   * (`staff`) when the request carries a token or no editor token is set. Else a visitor: 404
   * without a pass or with one for other sites (the image may as well not exist), 403 for an
   * expired or forged one.
   */
  guard(staff: RequestHandler): RequestHandler {
    return (req, res, next) => {
      if (!this.key) return staff(req, res, next);
      const { state, scope = '' } = this.read(req);
      const opensThis = state === 'valid' && opens(scope, siteNamed(req));
      if (opensThis) return next();
      if (req.get('authorization')) return staff(req, res, next);
      res.setHeader('Cache-Control', 'no-store');
      res.status(state === 'absent' || state === 'valid' ? 404 : 403).end();
    };
  }
}
