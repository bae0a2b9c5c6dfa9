// @vitest-environment node
import { describe, expect, it } from 'vitest';
import express from 'express';
import { staffOnly } from '../../engine/server/security.ts';

async function call(token: string | undefined, headers: Record<string, string> = {}) {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.use(staffOnly(token), (_req, res) => res.json({ ok: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  try {
    const res = await fetch(`http://127.0.0.1:${port}/`, { headers });
    return res.status;
  } finally {
    server.close();
  }
}

describe('editor API guard', () => {
  it('without a token answers this machine only', async () => {
    expect(await call(undefined)).toBe(200);
    // Through a proxy the client address is the forwarded one.
    expect(await call(undefined, { 'x-forwarded-for': '203.0.113.9' })).toBe(403);
  });

  it('with a token requires it', async () => {
    expect(await call('s3cret')).toBe(401);
    expect(await call('s3cret', { authorization: 'Bearer nope' })).toBe(401);
    expect(await call('s3cret', { authorization: 'Bearer s3cret' })).toBe(200);
  });
});
