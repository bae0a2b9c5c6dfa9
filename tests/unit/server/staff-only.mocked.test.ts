import { afterEach, describe, expect, it, vi } from 'vitest';
import express from 'express';
import { staffOnly } from '../../../engine/server/security.ts';

// Record what the guard hands to timingSafeEqual (it must always get equal lengths).
const compared = vi.hoisted(() => [] as Array<[number, number]>);
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof import('node:crypto')>();
  const timingSafeEqual = (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
    compared.push([a.byteLength, b.byteLength]);
    return crypto.timingSafeEqual(a, b);
  };
  return { ...crypto, default: { ...crypto, timingSafeEqual }, timingSafeEqual };
});

afterEach(() => {
  compared.length = 0;
});

async function call(token: string | undefined, headers: Record<string, string> = {}) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(staffOnly(token), (_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return {
      status: res.status,
      body: (await res.json()) as { ok?: boolean; error?: string },
      authenticate: res.headers.get('www-authenticate'),
    };
  } finally {
    server.close();
  }
}

// Through a proxy on this machine the client address is the forwarded one.
const REMOTE = { 'x-forwarded-for': '203.0.113.9' };

describe('editor API guard without a token', () => {
  it('answers a loopback request', async () => {
    const res = await call(undefined);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
  });

  it('refuses a remote request with 403 and says how to allow remote editing', async () => {
    const res = await call(undefined, REMOTE);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/only answers this machine/);
    expect(res.body.error).toMatch(/FORECOURT_EDITOR_TOKEN/);
  });

  it('an empty FORECOURT_EDITOR_TOKEN counts as unset', async () => {
    expect((await call('')).status).toBe(200);
    expect((await call('', REMOTE)).status).toBe(403);
  });
});

describe('editor API guard with a token', () => {
  const TOKEN = 's3cret-editor-token';

  it('accepts the right token, from a remote address too', async () => {
    expect(await call(TOKEN, { authorization: `Bearer ${TOKEN}` })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect((await call(TOKEN, { authorization: `Bearer ${TOKEN}`, ...REMOTE })).status).toBe(200);
    // The scheme is case-insensitive (RFC 7235).
    expect((await call(TOKEN, { authorization: `bearer ${TOKEN}` })).status).toBe(200);
  });

  it('refuses a missing header with 401, even from this machine', async () => {
    const res = await call(TOKEN);
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/Sign in/);
    expect(res.body.error).toMatch(/Authorization: Bearer/);
    expect(res.authenticate).toBe('Bearer realm="forecourt-editor"');
  });

  it('refuses a wrong token of the same length', async () => {
    const wrong = TOKEN.replace(/.$/, 'X');
    expect(wrong).toHaveLength(TOKEN.length);
    const res = await call(TOKEN, { authorization: `Bearer ${wrong}` });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatch(/not accepted/);
    expect(res.authenticate).toBe('Bearer realm="forecourt-editor"');
  });

  it('refuses a wrong-length token (shorter, longer, a prefix) without failing', async () => {
    for (const wrong of ['s', TOKEN.slice(0, -1), `${TOKEN}x`, 'x'.repeat(500)]) {
      const res = await call(TOKEN, { authorization: `Bearer ${wrong}` });
      expect(res.status, wrong).toBe(401);
      expect(res.body.error).toMatch(/not accepted/);
    }
  });

  it('compares in constant time: timingSafeEqual on equal-length digests', async () => {
    await call(TOKEN, { authorization: 'Bearer short' });
    await call(TOKEN, { authorization: `Bearer ${TOKEN}` });
    expect(compared).toEqual([
      [32, 32],
      [32, 32],
    ]);
  });

  it('refuses other schemes and a bare token', async () => {
    for (const authorization of [`Basic ${TOKEN}`, TOKEN, 'Bearer', 'Bearer ']) {
      const res = await call(TOKEN, { authorization });
      expect(res.status, authorization).toBe(401);
      expect(res.body.error).toMatch(/Sign in/);
    }
  });
});
