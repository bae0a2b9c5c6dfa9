/**
 * A remote whose fetch hangs leaves visitors' pages as fast as before (docs/publishing.md,
 * "When the remote fails"): the whole server (engine/server/app.ts) with FORECOURT_GIT_REMOTE
 * pointing at an HTTP server that accepts and never answers, and a 90 s git time limit. Page
 * p99 is measured once before any sync, and once while a fetch is hanging (a publish starts
 * it; the remote holds the connection from before the first page to after the last), and the
 * two are compared as a ratio. The server of fixtures/name-app.ts (no build needed).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { startNameApp, type NameApp } from './fixtures/name-app.ts';

const SLUG = 'southern-motor-group';
/**
 * Pages a p99 is taken over: at 100 it is the second-slowest page, so one scheduler pause is
 * not it, while a page held by the sync (for as long as git is allowed, 90 s) is.
 */
const PAGES = 100;
/** Pages before the first measure: first renders, caches, connections. */
const WARM_PAGES = 40;
const IN_FLIGHT = 4;
/** The p99 below which a difference is the machine's noise, not the sync (see the assertion). */
const NOISE_FLOOR_MS = 100;
let server: NameApp | undefined;
let hanging: Server;
let base: string;
/** Requests the hanging remote holds open right now (git's fetch). */
let held = 0;
let publishing: Promise<Response> | undefined;

beforeAll(async () => {
  hanging = createServer((req) => {
    held++;
    req.socket.once('close', () => held--);
  });
  await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  server = await startNameApp('forecourt-hanging-remote-', {
    FORECOURT_PUBLISH_TOKEN: '',
    FORECOURT_GIT_REMOTE: `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/sites.git`,
    FORECOURT_GIT_TIMEOUT_SECONDS: '90',
    // No sync of its own during the test: the publish below starts the one that hangs.
    FORECOURT_GIT_SYNC_SECONDS: '3600',
  });
  base = server.base;
}, 120_000);

afterAll(async () => {
  // The remote stops listening before its connections go: the publish follows the failed fetch
  // with another request to the remote, which would otherwise be held too, until git's
  // low-speed limit (30 s) gives up on it. Refused, it fails at once; then the publish answers.
  const closed = new Promise((r) => hanging?.close(r));
  hanging?.closeAllConnections();
  await publishing?.catch(() => undefined);
  await closed;
  await server?.stop();
  vi.restoreAllMocks();
});

/** The 99th percentile of `pages` page requests, IN_FLIGHT at a time, in milliseconds. */
async function pageP99(pages = PAGES): Promise<number> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < pages) {
      next++;
      const started = performance.now();
      const res = await fetch(`${base}/sites/${SLUG}/`);
      await res.text();
      expect(res.status).toBe(200);
      times.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  times.sort((a, b) => a - b);
  return times[Math.ceil(times.length * 0.99) - 1];
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('a remote whose fetch hangs', { timeout: 180_000 }, () => {
  it('leaves page p99 within twice that of the same server before any sync', async () => {
    await pageP99(WARM_PAGES);
    expect(held).toBe(0);
    const before = await pageP99();

    // A draft saved on this server (a save through the API needs the remote: it hangs), then
    // its publish: the publish first brings in what the remote published, and that fetch hangs.
    const { repo } = server!.app;
    const doc = JSON.parse(repo.fileAt(repo.publishedHead(), SLUG)!) as Record<string, unknown>;
    repo.saveDraft(
      SLUG,
      formatSiteDocument({ ...doc, name: 'Southern Motors' }),
      'Rename',
      { name: 'Sam' },
      undefined,
    );
    publishing = fetch(`${base}/api/editor/sites/${SLUG}/publish`, { method: 'POST' });
    await until(() => held > 0, 'git to reach the hanging remote');

    const during = await pageP99();
    // The fetch hung all the while: still held, and the sync has not given up.
    expect(held).toBeGreaterThan(0);
    const health = (await (await fetch(`${base}/healthz`)).json()) as Record<string, any>;
    expect(health.publishedSync).toMatchObject({ state: 'starting', failuresInARow: 0 });
    // A ratio of the two runs. The floor keeps scheduler noise from failing it: in CI another
    // test file runs beside this one on two cores, and a p99 of 50 ms became 126 ms with no
    // thread held. A held thread costs what git is allowed, 90 s here, far above the floor.
    expect(during).toBeLessThanOrEqual(2 * Math.max(before, NOISE_FLOOR_MS));
  });
});
