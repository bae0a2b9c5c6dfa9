/**
 * Sign-in for API tests: asks for a one-time code and reads it from the SMS outbox the local
 * adapter writes in the data folder (engine/api/adapters/sms.ts), as a developer would.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { smsOutboxDir } from '../../../engine/api/adapters/sms.ts';
import type { TestApi } from './harness.ts';

const listing = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);

/** The code of the one text message written to `dataDir`'s outbox while `send` ran. */
export async function codeFromOutbox(dataDir: string, send: () => Promise<unknown>) {
  const dir = smsOutboxDir(dataDir);
  const before = new Set(listing(dir));
  await send();
  const added = listing(dir).filter((f) => !before.has(f));
  expect(added).toHaveLength(1);
  const text = readFileSync(join(dir, added[0]), 'utf8');
  return { code: /\b(\d{6})\b/.exec(text)![1], text };
}

/** Asks for a code for the number and answers the body of POST /sign-in with it. */
export async function withCode(
  t: Pick<TestApi, 'post' | 'dataDir'>,
  body: { site: string; phone_number: string },
  headers: Record<string, string> = {},
) {
  const { code } = await codeFromOutbox(t.dataDir, async () => {
    const res = await t.post('/sign-in/code', body, headers);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
  });
  return { ...body, code };
}

/** Signs the number in; answers the Authorization header of its session. */
export async function signedIn(
  t: Pick<TestApi, 'post' | 'dataDir'>,
  body: { site: string; phone_number: string },
) {
  const res = await t.post('/sign-in', await withCode(t, body));
  expect(res.status).toBe(201);
  return { authorization: `Bearer ${(res.body as { token: string }).token}` };
}
