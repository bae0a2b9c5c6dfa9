/**
 * What every route handler shares: the store (SQLite or PostgreSQL, store/types.ts), the
 * adapters, the clock and the site lookup, plus the checks several endpoints apply (site
 * rules, captcha).
 */
import type { FieldError, CaptchaSolution } from '../../schemas/types.gen.ts';
import type { ResolvedSite } from '../site/types.ts';
import type { ApiAdapters } from './adapters/index.ts';
import { HttpError, invalid } from './http.ts';
import type { LeadSecrets } from './lead-secret.ts';
import type { ApiHooks, ApiRouterOptions, SiteLookup } from './options.ts';
import type { CarHolds } from './reservations/holds.ts';
import type { ReviewSeeder } from './store/reviews.ts';
import type { UnsubscribeTokens } from './alerts/unsubscribe.ts';
import {
  CaptchaUsedError,
  type CaptchaUse,
  type LeadStore,
  type RecordStore,
  type ReservationStore,
  type ReviewStore,
  type SessionStore,
  type Store,
  type ValuationStore,
  type WatchlistStore,
} from './store/types.ts';
import type { Validators } from './validation.ts';

export interface ApiContext {
  store: Store;
  sites: SiteLookup;
  now: () => Date;
  leads: LeadStore;
  /** Each lead's secret, answered to its submitter and required to act on the lead. */
  leadSecrets: LeadSecrets;
  watchlist: WatchlistStore;
  sessions: SessionStore;
  reviews: ReviewStore;
  records: RecordStore;
  valuations: ValuationStore;
  reservations: ReservationStore;
  /** The reservation holds' release job, and who is told which cars are held. */
  holds: CarHolds;
  adapters: ApiAdapters;
  validators: Validators;
  hooks: ApiHooks;
  /** The reviews a site starts with (none: a site starts with no reviews). */
  seedReviews?: ReviewSeeder;
  getCar?: ApiRouterOptions['getCar'];
  getCarBySlug?: ApiRouterOptions['getCarBySlug'];
  log: Pick<Console, 'log' | 'warn' | 'error'>;
  /** The lead delivery worker (delivery/worker.ts): told when new outbox rows are committed (the lead's id), or became due. */
  delivery: { nudge(leadId?: number): void };
  /** The saved-search alerts (alerts/worker.ts): a run for sites whose stock changed, and the unsubscribe tokens. */
  alerts: { stockChanged(sites: readonly string[]): void; readonly tokens: UnsubscribeTokens };
}

export const UNKNOWN_SITE = 'Unknown site';

/** The site a request names, or 404 (unknown) / 503 (its document is invalid). */
export function requireSite(ctx: Pick<ApiContext, 'sites'>, slug: string): ResolvedSite {
  const entry = ctx.sites.get(slug);
  if (!entry) throw new HttpError(404, UNKNOWN_SITE);
  if (!entry.ok) throw new HttpError(503, 'This site is being updated. Please try again shortly.');
  return entry.site;
}

/** The site with this numeric id (phone reveals send website_id), or 404. */
export function siteById(ctx: Pick<ApiContext, 'sites'>, id: number): ResolvedSite {
  for (const e of ctx.sites.all()) if (e.ok && e.site.id === id) return e.site;
  throw new HttpError(404, UNKNOWN_SITE);
}

/**
 * A lead that belongs to the site and whose secret the caller has, or 404: a wrong secret
 * answers the same as an unknown lead, so neither other sites' leads nor the ids in use
 * are revealed (lead-secret.ts).
 */
export async function requireLead(
  ctx: Pick<ApiContext, 'leads' | 'leadSecrets'>,
  site: ResolvedSite,
  leadId: number,
  secret: string | undefined,
) {
  if ((await ctx.leads.siteOf(leadId)) !== site.slug || !ctx.leadSecrets.matches(leadId, secret))
    throw new HttpError(404, 'Unknown lead');
  return leadId;
}

/**
 * Checks a captcha answer when the site asks for one (features.captcha, on by
 * default). Answers the token to mark used inside the write's transaction (the store's
 * lead create), so that a failed write does not burn the visitor's answer.
 */
export async function captchaGate(
  ctx: Pick<ApiContext, 'adapters' | 'now'>,
  site: ResolvedSite,
  solution: CaptchaSolution | undefined,
): Promise<CaptchaUse | undefined> {
  if (!site.features.captcha) return undefined;
  if (!solution) throw invalid([{ path: '/captcha', message: 'is required' }]);
  const now = ctx.now();
  const result = await ctx.adapters.captcha.check(solution, now);
  if (!result.ok)
    throw invalid([{ path: '/captcha/answer', message: result.message }], result.message);
  return { nonce: result.nonce, expiresAtMs: result.expiresAtMs, nowMs: now.getTime() };
}

export const CAPTCHA_USED = 'This captcha has already been used. Please answer the new question.';

/** The store's answer to a replayed captcha token, as the visitor reads it. */
export function captchaUsedAsInvalid(err: unknown): unknown {
  return err instanceof CaptchaUsedError
    ? invalid([{ path: '/captcha/token', message: CAPTCHA_USED }], CAPTCHA_USED)
    : err;
}

export function throwIfAny(fields: FieldError[]) {
  if (fields.length) throw invalid(fields);
}
