/**
 * The editor API's guard against requests that are not staff on this server
 * (docs/security.md, "Editor and server"): a foreign Host or Origin (a DNS-rebinding page
 * in the browser of staff running npm start), a request through a proxy, guessed editor
 * tokens, and bodies that are not JSON. Raw HTTP, so Host and Origin are sent as written.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteStore } from '../../../engine/server/sites.ts';
import { createEditorRouter } from '../../../engine/server/editor-api.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { staffOnly, tokenFailureLimiter } from '../../../engine/server/security.ts';
import { rawRequest } from './raw-http.ts';

const root = join(import.meta.dirname, '../../..');
const SLUG = 'southern-motor-group';
const TOKEN = 'editor-token-for-tests-0123456789';
let dir: string;
let sites: SiteStore;
let servers: Server[] = [];
let local: number; // no token: this machine only
let withToken: number; // FORECOURT_EDITOR_TOKEN set, public origin https://platform.example.com

async function serve(guard: express.RequestHandler, repo: SiteRepo, drafts: DraftService) {
  const app = express();
  app.use('/api/editor', guard, createEditorRouter({ sites, sitesDir: dir, repo, drafts }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

let repo: SiteRepo;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-guard-'));
  cpSync(join(root, 'sites'), dir, { recursive: true });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  sites = new SiteStore(dir);
  repo = SiteRepo.open(dir);
  const drafts = new DraftService(repo, sites, {});
  local = await serve(staffOnly(undefined, { publicOrigin: undefined }), repo, drafts);
  withToken = await serve(
    staffOnly(TOKEN, {
      publicOrigin: 'https://platform.example.com',
      failures: tokenFailureLimiter({ limit: 3, windowMs: 60_000 }),
    }),
    repo,
    drafts,
  );
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  servers = [];
  rmSync(dir, { recursive: true, force: true });
});

const published = () => readFileSync(join(dir, `${SLUG}.json`), 'utf8');
const doc = () => JSON.parse(published());

/** A PUT of the site with its name changed, as a rebinding page would send it. */
function rename(port: number, headers: Record<string, string>, name = 'Owned') {
  const baseVersion = repo.draftHead(SLUG) ?? repo.publishedHead();
  const body = JSON.stringify({ document: { ...doc(), name }, baseVersion });
  return rawRequest(port, {
    method: 'PUT',
    path: `/api/editor/sites/${SLUG}`,
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
}
const draftName = async (port: number, headers: Record<string, string>) =>
  (await rawRequest(port, { path: `/api/editor/sites/${SLUG}`, headers })).json().document.name;

describe('editor API: Host and Origin', () => {
  it('refuses a write from this machine whose Host and Origin are another site (DNS rebinding)', async () => {
    const before = await draftName(local, { host: `127.0.0.1:${local}` });
    const res = await rename(local, { host: 'evil.example', origin: 'http://evil.example' });
    expect(res.status).toBe(403);
    expect(res.json().error).toMatch(/host "evil.example"/);
    expect(await draftName(local, { host: `127.0.0.1:${local}` })).toBe(before);
  });

  it('refuses a foreign Host on reads too, and whatever port it names', async () => {
    const hosts = [
      'evil.example',
      `evil.example:${local}`,
      'localhost.evil.example',
      '127.0.0.1.evil.example',
      'user@127.0.0.1',
    ];
    // Names a rebinding attacker can point at 127.0.0.1 (nip.io), and spellings that only look local.
    hosts.push(
      '127.0.0.1.nip.io',
      `127.0.0.1.nip.io:${local}`,
      'LOCALHOST.EVIL.EXAMPLE',
      'localhost.',
      '0x7f000001',
      '127.1',
      `localhost:${local}, evil.example`,
    );
    for (const host of hosts) {
      expect(
        (await rawRequest(local, { path: '/api/editor/sites', headers: { host } })).status,
        host,
      ).toBe(403);
      // A write without an Origin (a non-browser client, an old browser) is refused for its Host alone.
      expect((await rename(local, { host })).status, host).toBe(403);
    }
    expect(
      (
        await rawRequest(local, {
          path: '/api/editor/sites',
          headers: { host: `LOCALHOST:${local}` },
        })
      ).status,
    ).toBe(200);
  });

  it('refuses a loopback Host with the Origin of another site (a cross-site form or fetch)', async () => {
    for (const origin of [
      'http://evil.example',
      'null',
      `http://localhost:${local + 1}`,
      'file://',
      'http://localhost.evil.example',
      `http://127.0.0.1.nip.io:${local}`,
    ]) {
      const res = await rename(local, { host: `127.0.0.1:${local}`, origin });
      expect(res.status, origin).toBe(403);
      expect(res.json().error).toMatch(/another site/);
    }
  });

  it('answers the editor on its own loopback address, with or without an Origin', async () => {
    const saved = await rename(
      local,
      { host: `localhost:${local}`, origin: `http://localhost:${local}` },
      'Southern (draft 1)',
    );
    expect(saved.status).toBe(200);
    expect((await rename(local, { host: `127.0.0.1:${local}` }, 'Southern (draft 2)')).status).toBe(
      200,
    );
    expect(
      (await rawRequest(local, { path: '/api/editor/sites', headers: { host: `[::1]:${local}` } }))
        .status,
    ).toBe(200);
  });

  it('with a token: the configured public host and origin are accepted, other hosts refused even with the token', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect(
      (
        await rename(
          withToken,
          { ...auth, host: 'platform.example.com', origin: 'https://platform.example.com' },
          'Southern (draft 3)',
        )
      ).status,
    ).toBe(200);
    // A proxy that rewrites Host to this server's address still carries the public Origin.
    expect(
      (
        await rename(
          withToken,
          { ...auth, host: `127.0.0.1:${withToken}`, origin: 'https://platform.example.com' },
          'Southern (draft 4)',
        )
      ).status,
    ).toBe(200);
    expect(
      (await rename(withToken, { ...auth, host: 'evil.example', origin: 'https://evil.example' }))
        .status,
    ).toBe(403);
    expect(
      (
        await rename(withToken, {
          ...auth,
          host: 'platform.example.com',
          origin: 'https://evil.example',
        })
      ).status,
    ).toBe(403);
  });

  it('without a token, a request that came through a proxy is not "this machine"', async () => {
    for (const h of [
      { 'x-forwarded-for': '203.0.113.9' },
      { forwarded: 'for=203.0.113.9' },
      { 'x-real-ip': '203.0.113.9' },
    ] as Record<string, string>[]) {
      expect(
        (
          await rawRequest(local, {
            path: '/api/editor/sites',
            headers: { host: `127.0.0.1:${local}`, ...h },
          })
        ).status,
      ).toBe(403);
    }
  });
});

describe('editor API: wrong tokens', () => {
  it('limits wrong editor tokens per client address: then even the right one waits', async () => {
    const host = { host: `127.0.0.1:${withToken}` };
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await rawRequest(withToken, {
            path: '/api/editor/sites',
            headers: { ...host, authorization: `Bearer guess-${i}` },
          })
        ).status,
      ).toBe(401);
    }
    const blocked = await rawRequest(withToken, {
      path: '/api/editor/sites',
      headers: { ...host, authorization: `Bearer ${TOKEN}` },
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('editor API: request bodies', () => {
  it('answers 415 for a body that is not JSON', async () => {
    const body = `document=${encodeURIComponent(JSON.stringify(doc()))}`;
    for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
      const res = await rawRequest(local, {
        method: 'PUT',
        path: `/api/editor/sites/${SLUG}`,
        headers: {
          host: `127.0.0.1:${local}`,
          'content-type': type,
          'content-length': String(body.length),
        },
        body,
      });
      expect(res.status, type).toBe(415);
      expect(res.json().error).toMatch(/must be JSON/);
    }
  });
});
