/**
 * Draft images for staff whose browser cannot send the editor token (docs/publishing.md,
 * "Draft images in the preview"): an <img> in the editor's preview or a /drafts/ page asks
 * for /assets/sites/… with no Authorization header. With FORECOURT_EDITOR_TOKEN set, every
 * request the editor guard lets through also gets (or renews) a short-lived HttpOnly cookie,
 * limited to the image path, holding only an expiry and its HMAC; the draft image route
 * takes it in place of the token. Its key is derived from the editor token, so every server
 * sharing the token accepts it, no state is kept, and changing the token ends every pass.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { readCookie } from '../api/session-cookie.ts';
import { ASSET_URL_PREFIX } from '../assets/asset-rules.ts';

export const EDITOR_ASSET_COOKIE = 'fc_editor_assets';
/** How long one pass lasts; the editor asks the server every 30 s while a site is open, so it is renewed long before. */
export const EDITOR_ASSET_PASS_MS = 60 * 60_000;
/** The only path the browser sends it to: the site images (uploads and draft images). */
export const EDITOR_ASSET_COOKIE_PATH = `${ASSET_URL_PREFIX}/`;

export type PassState = 'valid' | 'expired' | 'invalid' | 'absent';

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

  /** The cookie's value for a pass that ends at `expiresAt` (ms since the epoch). */
  value(expiresAt: number): string {
    if (!this.key) throw new Error('no editor token: no pass is needed');
    const mac = createHmac('sha256', this.key).update(`assets:${expiresAt}`).digest('base64url');
    return `${expiresAt}.${mac}`;
  }

  /** What the request's cookie is, and when it ends when it is a pass of ours. */
  read(req: Request): { state: PassState; expiresAt?: number } {
    const given = readCookie(req, EDITOR_ASSET_COOKIE);
    if (!given || !this.key) return { state: 'absent' };
    const [at, mac] = given.split('.');
    const expiresAt = Number(at);
    if (!/^\d{1,16}$/.test(at ?? '') || mac === undefined) return { state: 'invalid' };
    const expected = Buffer.from(this.value(expiresAt));
    const actual = Buffer.from(given);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
      return { state: 'invalid' };
    return { state: expiresAt > this.now() ? 'valid' : 'expired', expiresAt };
  }

  /**
   * After the editor guard: sets the pass, or renews it once half of it has run, so a browser
   * signed in to the editor shows draft images. Without an editor token it does nothing (the
   * guard then admits this machine only, and so does the image route).
   */
  readonly issue: RequestHandler = (req, res, next) => {
    if (this.key) {
      const { state, expiresAt = 0 } = this.read(req);
      if (state !== 'valid' || expiresAt - this.now() < EDITOR_ASSET_PASS_MS / 2) {
        res.cookie(EDITOR_ASSET_COOKIE, this.value(this.now() + EDITOR_ASSET_PASS_MS), {
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
   * The guard of a draft image: a valid pass, else the editor guard (`staff`) when the request
   * carries a token or no editor token is set. Else a visitor: 404 without a pass (the image
   * may as well not exist), 403 for an expired or forged one.
   */
  guard(staff: RequestHandler): RequestHandler {
    return (req, res, next) => {
      if (!this.key) return staff(req, res, next);
      const { state } = this.read(req);
      if (state === 'valid') return next();
      if (req.get('authorization')) return staff(req, res, next);
      res.setHeader('Cache-Control', 'no-store');
      res.status(state === 'absent' ? 404 : 403).end();
    };
  }
}
