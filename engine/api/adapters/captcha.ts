/**
 * Captcha. The local default asks a small sum ("What is 7 + 5?") and signs the
 * question with a server key (HMAC-SHA256), so the server keeps no state until the
 * answer arrives. A token works once (the lead transaction records its nonce) and for
 * 10 minutes, on the server's clock alone, with 2 minutes' grace for an answer sent just as
 * the question expired (docs/forms.md, "The captcha and the device clock"). It stops naive form-filling bots, not a determined attacker; a dealer
 * wanting more plugs in a third-party captcha behind the same interface.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { CaptchaChallenge, CaptchaSolution } from '../../../schemas/types.gen.ts';

export const CAPTCHA_TTL_MS = 10 * 60_000;
/** An answer this late after expires_at is still taken: the page renews a question before it expires, but a buyer may press Send just then. */
export const CAPTCHA_GRACE_MS = 2 * 60_000;

export type CaptchaCheck =
  { ok: true; nonce: string; expiresAtMs: number } | { ok: false; message: string };

export interface Captcha {
  issue(now: Date): Promise<CaptchaChallenge>;
  /** Checks the answer; the caller marks the nonce used, so a token works once. */
  check(solution: CaptchaSolution, now: Date): Promise<CaptchaCheck>;
}

export const CAPTCHA_WRONG = 'The answer to the captcha question is not right. Please try again.';
export const CAPTCHA_EXPIRED = 'The captcha question has expired. Please answer the new one.';

interface Question {
  a: number;
  b: number;
  op: '+' | '-';
  exp: number;
  n: string;
}

export function localCaptcha(secret: string): Captcha {
  const sign = (payload: string) =>
    createHmac('sha256', secret).update(payload).digest('base64url');
  return {
    async issue(now) {
      const rand = (lo: number, hi: number) => lo + (randomBytes(1)[0] % (hi - lo + 1));
      let a = rand(2, 15);
      let b = rand(1, 9);
      const op = rand(0, 1) ? '+' : '-';
      if (op === '-' && b > a) [a, b] = [b, a]; // never a negative answer
      const q: Question = {
        a,
        b,
        op,
        exp: now.getTime() + CAPTCHA_TTL_MS,
        n: randomBytes(12).toString('base64url'),
      };
      const payload = Buffer.from(JSON.stringify(q)).toString('base64url');
      return {
        token: `${payload}.${sign(payload)}`,
        question: `What is ${a} ${op} ${b}?`,
        expires_at: new Date(q.exp).toISOString(),
        expires_in: Math.round(CAPTCHA_TTL_MS / 1000),
      };
    },
    async check(solution, now) {
      const [payload, sig] = solution.token.split('.');
      if (!payload || !sig) return { ok: false, message: CAPTCHA_WRONG };
      const expected = Buffer.from(sign(payload));
      const given = Buffer.from(sig);
      if (expected.length !== given.length || !timingSafeEqual(expected, given))
        return { ok: false, message: CAPTCHA_WRONG };
      const q = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Question;
      if (q.exp + CAPTCHA_GRACE_MS < now.getTime()) return { ok: false, message: CAPTCHA_EXPIRED };
      const answer = Number(String(solution.answer).trim());
      const right = q.op === '+' ? q.a + q.b : q.a - q.b;
      if (!Number.isInteger(answer) || answer !== right)
        return { ok: false, message: CAPTCHA_WRONG };
      // The nonce is kept until the token stops working, grace included, so it cannot be replayed then.
      return { ok: true, nonce: q.n, expiresAtMs: q.exp + CAPTCHA_GRACE_MS };
    },
  };
}

/** Answers a local captcha question (tests and the demo's automated checks). */
export function solveCaptchaQuestion(question: string): number {
  const m = /What is (\d+) ([+-]) (\d+)\?/.exec(question);
  if (!m) throw new Error(`not a local captcha question: ${question}`);
  return m[2] === '+' ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
}
