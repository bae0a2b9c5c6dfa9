/**
 * Sign-in by one-time code (docs/api.md, "Watchlist and sign-in"; docs/security.md): a
 * session is only made for someone who can read the number's text messages. A code is 6
 * random digits, works for 10 minutes and once, and is kept as an HMAC with a server secret
 * (a plain hash of 6 digits would be undone by trying all million). Each code takes at most 5
 * tries, then it is locked. Requests for codes are limited per number (text messages cost
 * the dealer and reach a stranger's phone) and per client address, and failed tries per
 * number across its codes, so a new code does not buy unlimited guesses.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { ResolvedSite } from '../site/types.ts';
import type { ApiContext } from './context.ts';
import { HttpError } from './http.ts';
import type { RateCounter, RateLimitOptions } from './rate-limit.ts';
import { phoneRule } from './regional.ts';

export const CODE_LENGTH = 6;
export const CODE_MINUTES = 10;
export const MAX_TRIES = 5;
/** Codes sent to one number, across sites and addresses. */
export const CODES_PER_NUMBER: RateLimitOptions = { limit: 3, windowMs: 15 * 60_000 };
/** Codes asked for from one client address. */
export const CODES_PER_ADDRESS: RateLimitOptions = { limit: 10, windowMs: 15 * 60_000 };
/** Wrong codes for one number on one site, across its codes. */
export const FAILURES_PER_NUMBER: RateLimitOptions = { limit: 10, windowMs: 60 * 60_000 };

export const WRONG_CODE = 'That code is not right. Check the text message and try again.';
export const NO_CODE =
  'This code no longer works (it was used, expired or tried too often). Ask for a new code.';
export const TOO_MANY_CODES =
  'Too many codes were asked for. Please wait a few minutes and ask again.';
export const TOO_MANY_TRIES = 'Too many wrong codes. Please wait a while and try again.';
export const SMS_FAILED = 'We could not send the text message. Please try again in a moment.';

export interface SignInCodeLimits {
  perNumber: RateCounter;
  perAddress: RateCounter;
  failures: RateCounter;
}

export function signInCodeLimits(ctx: Pick<ApiContext, 'store' | 'now'>): SignInCodeLimits {
  const clock = () => ctx.now().getTime();
  return {
    perNumber: ctx.store.rateCounter('sign-in-code-number', CODES_PER_NUMBER, clock),
    perAddress: ctx.store.rateCounter('sign-in-code-address', CODES_PER_ADDRESS, clock),
    failures: ctx.store.rateCounter('sign-in-code-failures', FAILURES_PER_NUMBER, clock),
  };
}

const tooMany = (message: string, seconds: number) =>
  new HttpError(429, message, undefined, { 'Retry-After': String(seconds) });

/** The code's keyed hash, bound to its site and number. */
const codeHash = (key: string, site: string, phone: string, code: string) =>
  createHmac('sha256', key).update(`${site}\n${phone}\n${code}`).digest('hex');

/** A phone key (regional.ts) in international form for the SMS provider: 0412345678 → +61412345678. */
export function internationalNumber(site: ResolvedSite, phone: string): string {
  if (phone.startsWith('+')) return phone;
  const { countryCode, trunk } = phoneRule(site.region);
  const national = trunk && phone.startsWith(trunk) ? phone.slice(trunk.length) : phone;
  return `+${countryCode}${national}`;
}

/** Sends a new code to the number (limits first); answers when it expires. */
export async function sendCode(
  ctx: ApiContext,
  limits: SignInCodeLimits,
  site: ResolvedSite,
  phone: string,
  client: string,
): Promise<Date> {
  for (const [counter, key] of [
    [limits.perAddress, client],
    [limits.perNumber, phone],
  ] as const) {
    const decision = await counter.hit(key);
    if (!decision.allowed) throw tooMany(TOO_MANY_CODES, decision.retryAfterSeconds);
  }
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const now = ctx.now();
  const expires = new Date(now.getTime() + CODE_MINUTES * 60_000);
  const key = await ctx.store.setting('sign_in_code_key');
  await ctx.store.signInCodes.issue(
    site.slug,
    phone,
    codeHash(key, site.slug, phone, code),
    now,
    expires,
  );
  try {
    await ctx.adapters.sms.send({
      to: internationalNumber(site, phone),
      site: site.slug,
      body: `${code} is your ${site.name} sign-in code. It works for ${CODE_MINUTES} minutes. If you did not ask for it, ignore this message.`,
    });
  } catch (err) {
    ctx.log.error('[forecourt] api sign-in code: the text message was not sent', err);
    throw new HttpError(503, SMS_FAILED, undefined, { 'Retry-After': '30' });
  }
  return expires;
}

/** Passes when `code` is the number's live code (and uses it up), else throws 400 or 429. */
export async function checkCode(
  ctx: ApiContext,
  limits: SignInCodeLimits,
  site: string,
  phone: string,
  code: string,
) {
  const failuresKey = `${site}|${phone}`;
  const waitSeconds = await limits.failures.blockedFor(failuresKey);
  if (waitSeconds !== undefined) throw tooMany(TOO_MANY_TRIES, waitSeconds);
  const now = ctx.now();
  const live = await ctx.store.signInCodes.attempt(site, phone, now, MAX_TRIES);
  const expected = live && Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(
    codeHash(await ctx.store.setting('sign_in_code_key'), site, phone, code),
    'hex',
  );
  const right = expected !== undefined && timingSafeEqual(expected, given);
  if (live && right && (await ctx.store.signInCodes.consume(site, phone, live.codeHash, now)))
    return;
  await limits.failures.hit(failuresKey);
  const field = [{ path: '/code', message: live && live.tries < MAX_TRIES ? WRONG_CODE : NO_CODE }];
  throw new HttpError(400, field[0].message, field);
}
