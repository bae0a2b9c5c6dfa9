/**
 * server.ts as production runs it (the build's compiled server) drains on SIGTERM
 * (docs/deploy.md, "Stopping a server"): a search under way when the signal comes (its headers
 * read, the server's "100 Continue" says so, its body not sent yet) is answered 200 in full
 * and its connection closed, new connections are refused meanwhile, and the process exits 0
 * once the app has closed. The unit tests (tests/unit/server/drain.test.ts) cover readiness
 * during the drain, the deadline, a second signal and a lead mid-send.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { CAR_INDEX } from '../../engine/search/car-index.ts';
import { DEFAULT_DRAIN_SECONDS, DRAIN_LOG } from '../../engine/server/drain.ts';
import { HEALTH_PATHS } from '../../engine/server/health.ts';
import { startServer } from '../setup/browser-global.ts';
import { newConnection, rawConnection } from '../unit/server/socket-http.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-drain-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 }));

describe('the built server on SIGTERM', () => {
  it('answers the search under way, refuses new connections and exits 0', async () => {
    const { url, proc, output } = await startServer({
      FORECOURT_DIST: inject('distDir'),
      FORECOURT_DATA_DIR: dataDir,
      FORECOURT_STAFF_TOKEN: 'drain-test-staff-token',
      // Drawn photos: no camera photos made in the background, which would hold the event loop.
      FORECOURT_DEMO_PHOTOS: 'drawn',
    });
    const exited = new Promise<number | null>((resolve) => proc.once('exit', resolve));
    const port = Number(new URL(url).port);
    // The warm-up (every site's stock, after the first answer) holds the event loop for long
    // stretches on a busy machine, a signal's handler too: the drain is timed after it.
    await expect
      .poll(
        async () => ((await (await fetch(`${url}/healthz`)).json()) as { stock: string }).stock,
        { timeout: 120_000, interval: 500 },
      )
      .toBe('ready');
    const ready = await fetch(`${url}${HEALTH_PATHS.ready}`);
    expect([ready.status, await ready.json()]).toMatchObject([200, { ready: true }]);

    const body = JSON.stringify({ params: 'query=ranger&hitsPerPage=1' });
    const search = await rawConnection(port);
    search.send(
      `POST /1/indexes/${CAR_INDEX}/query HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n` +
        'Expect: 100-continue\r\n\r\n',
    );
    await search.received(/^HTTP\/1\.1 100 Continue\r\n\r\n/);
    proc.kill('SIGTERM');
    await expect
      .poll(output, { timeout: 10_000 })
      .toContain(DRAIN_LOG.started('SIGTERM', DEFAULT_DRAIN_SECONDS));
    expect(await newConnection(port)).toBe('ECONNREFUSED');
    expect(proc.exitCode).toBeNull();

    search.send(body);
    await search.closed;
    const [, head, json] = search.answer().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(head).toMatch(/^Connection: close$/im);
    expect(JSON.parse(json)).toMatchObject({ hits: [expect.anything()] });
    expect(await exited).toBe(0);
    expect(output()).toContain(DRAIN_LOG.done);
  }, 240_000);
});
