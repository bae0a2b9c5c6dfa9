/**
 * Text messages to a visitor's phone (the sign-in code; docs/api.md, "Watchlist and
 * sign-in"). The default needs no account: each message is written to the server log and to
 * a file in `{data}/outbox/sms/`, as lead emails go to `{data}/outbox/` without
 * FORECOURT_SMTP_URL. With FORECOURT_SMS_URL set, messages are posted to a Twilio-style HTTP
 * API instead (form fields To, From, Body; the URL's user and password as Basic auth).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export interface SmsMessage {
  /** The number in international form (+61412345678). */
  to: string;
  body: string;
  /** The site the message is sent for. */
  site: string;
}

export interface SmsSender {
  /** Resolves once the provider has taken the message; rejects when it refused it. */
  send(message: SmsMessage): Promise<void>;
}

/** Where the default sender writes (tests and development read codes from here). */
export const smsOutboxDir = (dataDir: string) => join(dataDir, 'outbox', 'sms');

/** The default: each message in the log and as `{time}-{random}.txt` in the outbox. */
export function outboxSms(dir: string, log: Pick<Console, 'log'>): SmsSender {
  return {
    async send({ to, body, site }) {
      mkdirSync(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.txt`;
      writeFileSync(join(dir, name), `To: ${to}\nSite: ${site}\n\n${body}\n`, { mode: 0o600 });
      log.log(`[forecourt] SMS to ${to} (${site}), not sent (no FORECOURT_SMS_URL): ${body}`);
    },
  };
}

/** A Twilio-style messages API: POST To, From and Body as a form, Basic auth from the URL. */
export function httpSms(url: string, from: string, fetchImpl: typeof fetch = fetch): SmsSender {
  const target = new URL(url);
  const auth =
    target.username &&
    `Basic ${Buffer.from(`${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`).toString('base64')}`;
  target.username = '';
  target.password = '';
  return {
    async send({ to, body }) {
      const res = await fetchImpl(target, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth ? { authorization: auth } : {}),
        },
        body: new URLSearchParams({ To: to, From: from, Body: body }),
        redirect: 'error',
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`The SMS service answered ${res.status}`);
    },
  };
}

/** FORECOURT_SMS_URL (with FORECOURT_SMS_FROM), else the outbox in the data folder. */
export function smsFromEnv(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  log: Pick<Console, 'log'>,
): SmsSender {
  return env.FORECOURT_SMS_URL
    ? httpSms(env.FORECOURT_SMS_URL, env.FORECOURT_SMS_FROM ?? 'Forecourt')
    : outboxSms(smsOutboxDir(dataDir), log);
}
