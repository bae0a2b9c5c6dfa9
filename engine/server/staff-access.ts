/**
 * Who is using the editor, and what they may do (docs/security.md, "Who may edit and
 * publish"; docs/publishing.md, "Who may do what"). A staff member's token (`npm run
 * staff-token`, the lead view's tokens) opens the editor on its sites with the member's role
 * there, and names the member as the author of their commits; the operators' token opens
 * every site as a publisher. The shared editor token and this machine without a token keep
 * working as before (security.ts `staffOnly`, FORECOURT_PUBLISH_TOKEN).
 */
import express, { type Request, type Router } from 'express';
import type { RateCounter } from '../api/rate-limit.ts';
import {
  NOT_YOUR_EDITOR_SITE,
  PUBLISHER_ROLE_REQUIRED,
  roleOn,
  type StaffRoles,
} from '../api/staff-roles.ts';
import { staffTokenId } from '../api/store/staff-tokens.ts';
import type { Store } from '../api/store/types.ts';
import { sameSecret, staffOnly, type MemberCheck } from './security.ts';

export interface StaffMember {
  /** 'member': a staff token's holder; 'operator': the operators' token (no name of its own). */
  kind: 'member' | 'operator';
  name?: string;
  email?: string;
  roles: StaffRoles;
}

const members = new WeakMap<Request, StaffMember>();

/** The member a request came from, when it carried a member's or the operators' token. */
export const memberOf = (req: Request): StaffMember | undefined => members.get(req);

/** Whether the request may open `slug`: members only their own sites, everyone else any. */
export function opensSite(req: Request, slug: string): boolean {
  const member = memberOf(req);
  return !member || roleOn(member.roles, slug) !== undefined;
}

/** Why the request may not publish, discard or restore on `slug`, or undefined when it may. */
export function roleRefusal(req: Request, slug: string): string | undefined {
  const member = memberOf(req);
  if (member && roleOn(member.roles, slug) !== 'publisher') return PUBLISHER_ROLE_REQUIRED;
  return undefined;
}

/**
 * The site a guarded request names: /api/editor/sites/{slug}…, /drafts/{slug}…, or
 * /assets/sites/{slug}/…. Read from the whole path, decoded and in any case, as express routes.
 */
export function siteNamed(req: Request): string | undefined {
  const segments = (req.originalUrl.split('?')[0] ?? '').split('/').filter(Boolean);
  let parts: string[];
  try {
    parts = segments.map((s) => decodeURIComponent(s).toLowerCase());
  } catch {
    return '';
  }
  if (parts[0] === 'api' && parts[1] === 'editor' && parts[2] === 'sites') return parts[3];
  if (parts[0] === 'drafts') return parts[1] ?? '';
  if (parts[0] === 'assets' && parts[1] === 'sites') return parts[2] ?? '';
  return undefined;
}

/** Checks a bearer against the operators' token and the store's member tokens. */
export function memberCheck(store: Store, operatorToken: string | undefined) {
  return async (given: string, req: Request): Promise<MemberCheck> => {
    let member: StaffMember | undefined;
    if (operatorToken && sameSecret(given, operatorToken))
      member = { kind: 'operator', roles: { '*': 'publisher' } };
    else if (staffTokenId(given) !== undefined) {
      const record = await store.staffTokens.use(given, new Date());
      if (!record) return 'wrong';
      member = {
        kind: 'member',
        name: record.name,
        email: record.email ?? undefined,
        roles: record.roles,
      };
    } else return undefined;
    const site = siteNamed(req);
    if (site !== undefined && roleOn(member.roles, site) === undefined)
      return { refused: NOT_YOUR_EDITOR_SITE };
    members.set(req, member);
    return 'pass';
  };
}

/** The guards of the editor API, the draft preview and the asset library, members included. */
export function editorGuards(
  store: Store,
  operatorToken: string | undefined,
  failures: RateCounter,
  publishToken = process.env.FORECOURT_PUBLISH_TOKEN,
) {
  const member = memberCheck(store, operatorToken);
  const common = { publishToken, failures, member };
  return {
    api: staffOnly(undefined, common),
    preview: staffOnly(undefined, { ...common, queryToken: true }),
  };
}

/** GET /me: who the editor's sign-in is, for the editor to show and to grey out what it may not do. */
export function staffMeRouter(): Router {
  const router = express.Router();
  router.get('/me', (req, res) => {
    const member = memberOf(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json(
      member
        ? {
            kind: member.kind,
            name: member.name ?? null,
            email: member.email ?? null,
            roles: member.roles,
          }
        : // The shared editor token or this machine: everyone who may edit may publish unless
          // FORECOURT_PUBLISH_TOKEN says otherwise (each site's `canPublish` tells).
          { kind: 'shared', name: null, email: null, roles: { '*': 'publisher' } },
    );
  });
  return router;
}
