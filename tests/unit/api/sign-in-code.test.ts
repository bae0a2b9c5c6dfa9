/**
 * Sign-in by one-time code (docs/security.md, "Who may read what"): no session without the
 * code sent to the number; 5 wrong tries lock a code; a code works once and for 10 minutes;
 * code requests are limited per number and per client address, wrong codes per number, each
 * with 429 and Retry-After. The code reaches the visitor through the SMS adapter (the local
 * one writes the outbox), and the store keeps no code in clear.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpSms } from '../../../engine/api/adapters/sms.ts';
import {
  CODE_MINUTES,
  CODES_PER_ADDRESS,
  CODES_PER_NUMBER,
  FAILURES_PER_NUMBER,
  MAX_TRIES,
  NO_CODE,
  TOO_MANY_CODES,
  TOO_MANY_TRIES,
  WRONG_CODE,
} from '../../../engine/api/sign-in-code.ts';
import { describeStores, startApi, testClock, type TestApi } from './harness.ts';
import { codeFromOutbox, withCode } from './sign-in-kit.ts';

const NUMBER = { site: 'au-motors', phone_number: '0412 345 678' };
const from = (i: number) => ({ 'x-forwarded-for': `10.9.0.${i}` });
/** A wrong code: the right one with its last digit changed. */
const wrong = (code: string) => code.slice(0, 5) + String((Number(code[5]) + 1) % 10);

describeStores('sign-in by one-time code', () => {
  let open: TestApi[] = [];
  afterEach(async () => {
    for (const t of open) await t.close();
    open = [];
  });
  async function start() {
    const clock = testClock();
    const t = await startApi({ now: clock.now });
    open.push(t);
    return { t, clock };
  }
  const sessions = async (t: TestApi) =>
    Number((await t.rows<{ n: number }>('SELECT COUNT(*) AS n FROM sessions'))[0].n);

  it('makes no session without the code sent to the number', async () => {
    const { t } = await start();
    expect((await t.post('/sign-in', NUMBER)).status).toBe(400);
    const guessed = await t.post('/sign-in', { ...NUMBER, code: '123456' });
    expect(guessed.status).toBe(400);
    expect(guessed.body.fields).toEqual([{ path: '/code', message: NO_CODE }]);
    // Another number's code opens nothing either.
    const other = await withCode(t, { site: 'au-motors', phone_number: '0412 000 999' });
    expect((await t.post('/sign-in', { ...NUMBER, code: other.code })).status).toBe(400);
    expect(await sessions(t)).toBe(0);

    const { code, text } = await codeFromOutbox(t.dataDir, () => t.post('/sign-in/code', NUMBER));
    expect(text).toMatch(/^To: \+61412345678\nSite: au-motors\n/);
    const stored = await t.rows<{ code_hash: string }>(
      "SELECT * FROM sign_in_codes WHERE phone = '0412345678'",
    );
    expect(JSON.stringify(stored)).not.toContain(`"${code}"`);
    expect(stored[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    const signedIn = await t.post('/sign-in', { ...NUMBER, code });
    expect(signedIn.status).toBe(201);
    expect(signedIn.body).toMatchObject({ phone_number: '0412345678', site: 'au-motors' });
  });

  it('locks a code after 5 tries, works once, and for 10 minutes', async () => {
    const { t, clock } = await start();
    const { code } = await withCode(t, NUMBER);
    for (let i = 1; i <= MAX_TRIES; i++) {
      const res = await t.post('/sign-in', { ...NUMBER, code: wrong(code) });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(i < MAX_TRIES ? WRONG_CODE : NO_CODE);
    }
    expect((await t.post('/sign-in', { ...NUMBER, code })).body.error).toBe(NO_CODE);

    const fresh = await withCode(t, NUMBER);
    expect((await t.post('/sign-in', fresh)).status).toBe(201);
    expect((await t.post('/sign-in', fresh)).body.error).toBe(NO_CODE);

    const late = await withCode(t, { site: 'au-motors', phone_number: '0412 555 000' });
    clock.advance(CODE_MINUTES * 60_000);
    expect((await t.post('/sign-in', late)).body.error).toBe(NO_CODE);
    expect(await sessions(t)).toBe(1);
  });

  it('limits code requests per number and per address, with Retry-After', async () => {
    const { t, clock } = await start();
    for (let i = 0; i < CODES_PER_NUMBER.limit; i++)
      expect((await t.post('/sign-in/code', NUMBER, from(i))).status).toBe(202);
    const refused = await t.post('/sign-in/code', NUMBER, from(50));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY_CODES);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    const address = from(99);
    for (let i = 0; i < CODES_PER_ADDRESS.limit; i++)
      expect(
        (
          await t.post(
            '/sign-in/code',
            { site: 'au-motors', phone_number: `0412 600 ${100 + i}` },
            address,
          )
        ).status,
      ).toBe(202);
    const fromAddress = await t.post(
      '/sign-in/code',
      { site: 'au-motors', phone_number: '0412 700 000' },
      address,
    );
    expect(fromAddress.status).toBe(429);
    expect(Number(fromAddress.headers.get('retry-after'))).toBeGreaterThan(0);
    clock.advance(CODES_PER_ADDRESS.windowMs);
    expect((await t.post('/sign-in/code', NUMBER, address)).status).toBe(202);
  });

  it('limits wrong codes per number across its codes, the right one included', async () => {
    const { t } = await start();
    let failures = 0;
    let code = '';
    while (failures < FAILURES_PER_NUMBER.limit) {
      ({ code } = await withCode(t, NUMBER, from(failures)));
      for (let i = 0; i < MAX_TRIES && failures < FAILURES_PER_NUMBER.limit; i++, failures++)
        expect((await t.post('/sign-in', { ...NUMBER, code: wrong(code) })).status).toBe(400);
    }
    const fresh = await withCode(t, NUMBER, from(77));
    const refused = await t.post('/sign-in', fresh);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe(TOO_MANY_TRIES);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the Twilio-style SMS adapter', () => {
  it('posts To, From and Body as a form with Basic auth, and fails on a refusal', async () => {
    const got: { req: IncomingMessage; body: string }[] = [];
    let status = 201;
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        got.push({ req, body });
        res.writeHead(status).end('{}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const port = (server.address() as AddressInfo).port;
      const sms = httpSms(`http://AC123:secret@127.0.0.1:${port}/Messages.json`, '+61400000000');
      await sms.send({ to: '+61412345678', body: '123456 is your code', site: 'au-motors' });
      expect(got[0].req.url).toBe('/Messages.json');
      expect(got[0].req.headers.authorization).toBe(
        `Basic ${Buffer.from('AC123:secret').toString('base64')}`,
      );
      expect(Object.fromEntries(new URLSearchParams(got[0].body))).toEqual({
        To: '+61412345678',
        From: '+61400000000',
        Body: '123456 is your code',
      });
      status = 400;
      await expect(sms.send({ to: '+61412345678', body: 'x', site: 'au-motors' })).rejects.toThrow(
        /400/,
      );
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
