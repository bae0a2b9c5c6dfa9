/**
 * Isolation: the real server starts beside broken site documents, serves every valid
 * site, answers 503 for each broken one, names them at start-up, and picks up a changed
 * file without a restart.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startServer } from '../setup/browser-global.ts';

const ROOT = join(import.meta.dirname, '../..');
const DEMO = ['gold-coast-ford', 'kiwi-car-yard', 'lakeside-chevrolet', 'southern-motor-group'];
const BROKEN = ['syntax', 'empty', 'bom', 'null', 'null-dealer'];
let dir: string;
let server: { url: string; proc: ChildProcess; output: () => string };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-broken-'));
  const sitesDir = join(dir, 'sites');
  cpSync(join(ROOT, 'sites'), sitesDir, { recursive: true });
  const kiwi = readFileSync(join(sitesDir, 'kiwi-car-yard.json'), 'utf8');
  writeFileSync(join(sitesDir, 'syntax.json'), '{ "slug": "syntax", }');
  writeFileSync(join(sitesDir, 'empty.json'), '');
  writeFileSync(join(sitesDir, 'bom.json'), `\ufeff${kiwi}`);
  writeFileSync(join(sitesDir, 'null.json'), 'null');
  writeFileSync(
    join(sitesDir, 'null-dealer.json'),
    JSON.stringify({
      ...JSON.parse(kiwi),
      slug: 'null-dealer',
      hostnames: [],
      dealerships: [null],
    }),
  );
  server = await startServer({
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_DIST: inject('distDir'),
    FORECOURT_DATA_DIR: join(dir, 'data'),
  });
}, 120_000);

afterAll(() => {
  server?.proc.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
});

const status = async (path: string) => (await fetch(`${server.url}${path}`)).status;

describe('a sites folder with broken documents', () => {
  it('serves every valid site (pages and by host name) and answers 503 for each broken one', async () => {
    for (const slug of DEMO) expect(await status(`/sites/${slug}/`), slug).toBe(200);
    const byHost = await fetch(`${server.url}/`, { headers: { host: 'kiwicaryard.localhost' } });
    expect(byHost.status).toBe(200);
    expect(await byHost.text()).toContain('Kiwi Car Yard');
    for (const slug of BROKEN) expect(await status(`/sites/${slug}/`), slug).toBe(503);
    const index = await (await fetch(`${server.url}/`)).text();
    for (const slug of BROKEN) expect(index).toContain(`${slug} <strong>invalid</strong>`);
  });

  it('names each broken site and its problem in the start-up log', () => {
    const log = server.output();
    expect(log).toContain('site syntax is invalid and will not render');
    expect(log).toContain('syntax.json is not valid JSON: line 1, column 21');
    expect(log).toContain(
      'bom.json is not valid JSON: line 1, column 1: the file starts with a byte-order mark',
    );
    expect(log).toContain('site null-dealer is invalid');
    for (const slug of BROKEN) expect(log).toContain(`✗ ${server.url}/sites/${slug}/`);
    for (const slug of DEMO) expect(log).toContain(`✓ ${server.url}/sites/${slug}/`);
  });

  it('reloads a site whose file changes, without a restart', async () => {
    const file = join(dir, 'sites', 'syntax.json');
    writeFileSync(
      file,
      JSON.stringify({
        ...JSON.parse(readFileSync(join(dir, 'sites', 'kiwi-car-yard.json'), 'utf8')),
        slug: 'syntax',
        hostnames: ['syntax.localhost'],
      }),
    );
    await expect.poll(() => status('/sites/syntax/'), { timeout: 5000 }).toBe(200);
    // Broken again: it keeps its last good revision, and /healthz says why (docs/publishing.md, "When the remote fails").
    writeFileSync(file, '{');
    const stale = async () =>
      ((await (await fetch(`${server.url}/healthz`)).json()) as Record<string, any>).sites?.stale;
    await expect
      .poll(async () => (await stale())?.map((s: { slug: string }) => s.slug), { timeout: 5000 })
      .toEqual(['syntax']);
    expect(await status('/sites/syntax/')).toBe(200);
  });
});
