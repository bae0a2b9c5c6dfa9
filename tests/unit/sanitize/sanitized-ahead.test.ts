/**
 * Rich text sanitised ahead by the build (engine/sanitize/sanitized-file.ts,
 * sanitize-sites.ts; docs/deploy.md, "Memory and start-up"): the file holds every string
 * loading a sites folder sends to the sanitiser, each exactly as the worker answers it; a
 * server seeded with it loads those sites without the worker, still sends any other string
 * to the worker, ignores a file made by another sanitiser, and starts the worker early only
 * without a file.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  sanitizeHtml,
  startHtmlSanitizer,
  setSanitizedAheadForTests,
} from '../../../engine/sanitize/html.server.ts';
import {
  endPurifyWorker,
  purifySync,
  purifyWorkerForTests,
  purifyWorkerRunning,
} from '../../../engine/sanitize/purify-client.ts';
import {
  readSanitizedFile,
  SANITIZED_FILE,
  type SanitizedFile,
} from '../../../engine/sanitize/sanitized-file.ts';
import { sanitizeSitesAhead } from '../../../engine/sanitize/sanitize-sites.ts';
import { SiteFolder } from '../../../engine/site/folder.ts';
import { SITES_DIR } from '../helpers.ts';
import { benchSiteDocument, benchSlug } from '../../../scripts/bench/platform/generate-sites.ts';
import { compiledPurifyWorkerForFile } from './compiled-worker.ts';

/** Markup the rules change: a handler, a script link, an image, a script. */
const DIRTY = `<p onclick=\\"x()\\"><a href=\\"javascript:alert(1)\\">go</a><img src=\\"/a.jpg\\"><script>alert(1)</script>`;

// Each test ends the worker, so most start one: from a copy compiled once, as the built server's.
compiledPurifyWorkerForFile();

let folder: string;
let sites: string;
let demoFile: string;
let dirtyFile: string;

async function workerEnded() {
  const worker = purifyWorkerForTests();
  endPurifyWorker();
  await worker?.terminate();
  await vi.waitFor(() => expect(purifyWorkerRunning()).toBe(false), {
    timeout: 10_000,
    interval: 20,
  });
}

function withFile(file: string, change: (read: SanitizedFile) => void): string {
  const read = JSON.parse(readFileSync(file, 'utf8')) as SanitizedFile;
  change(read);
  const out = join(folder, `changed-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(out, JSON.stringify(read));
  return out;
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'forecourt-sanitized-'));
  // The demo sites with one rich text the rules change, so the file holds answers unlike their questions.
  sites = join(folder, 'sites');
  cpSync(SITES_DIR, sites, { recursive: true });
  const kiwi = join(sites, 'kiwi-car-yard.json');
  const text = readFileSync(kiwi, 'utf8');
  expect(text).toContain('"html": "<p>Every car we sell');
  writeFileSync(
    kiwi,
    text.replace('"html": "<p>Every car we sell', `"html": "${DIRTY}<p>Every car we sell`),
  );
  demoFile = join(folder, `demo-${SANITIZED_FILE}`);
  writeFileSync(demoFile, sanitizeSitesAhead(SITES_DIR));
  dirtyFile = join(folder, SANITIZED_FILE);
  writeFileSync(dirtyFile, sanitizeSitesAhead(sites));
}, 120_000);

afterEach(async () => {
  vi.restoreAllMocks();
  setSanitizedAheadForTests(undefined);
  await workerEnded();
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('rich text sanitised ahead', () => {
  it('holds each string as a fresh worker answers it, asked in another order', async () => {
    const ahead = readSanitizedFile(dirtyFile)!;
    expect(ahead.sitesDir).toBe(resolve(sites));
    expect(ahead.strings.size).toBeGreaterThan(20);
    const [dirtyIn, dirtyOut] = [...ahead.strings].find(([from]) => from.includes('onclick'))!;
    expect(dirtyIn).toContain('<script>');
    expect(dirtyOut).toMatch(
      /^<p><a>go<\/a><img src="\/a.jpg" loading="lazy"><\/p><p>Every car we sell/,
    );
    await workerEnded();
    for (const [from, to] of [...ahead.strings].reverse())
      expect(purifySync('html', from)).toBe(to);
  });

  it('lets the sites folder it was made from load without the worker, to the same documents', async () => {
    const withWorker = new SiteFolder(sites, { sanitizeHtml, sharePages: true }).loadAll();
    setSanitizedAheadForTests(readSanitizedFile(dirtyFile));
    await workerEnded();
    let marked = 0;
    const counting = (html: string) => (html.includes('<') && marked++, sanitizeHtml(html));
    const ahead = new SiteFolder(sites, { sanitizeHtml: counting, sharePages: true }).loadAll();
    expect(marked).toBeGreaterThan(20);
    expect(purifyWorkerRunning()).toBe(false);
    expect(ahead.every((e) => e.ok)).toBe(true);
    expect(ahead).toEqual(withWorker);
  });

  it('lets a new site made from any template of the folder load without the worker', async () => {
    setSanitizedAheadForTests(readSanitizedFile(dirtyFile));
    await workerEnded();
    const newSites = join(folder, 'new-sites');
    cpSync(sites, newSites, { recursive: true });
    // One site per starter, as the editor's "New site" writes it: no demo site uses these.
    for (const n of [0, 1, 2, 3])
      writeFileSync(join(newSites, `${benchSlug(n)}.json`), JSON.stringify(benchSiteDocument(n)));
    let asked = 0;
    const counting = (html: string) => (html.includes('<') && asked++, sanitizeHtml(html));
    const loaded = new SiteFolder(newSites, { sanitizeHtml: counting, sharePages: true }).loadAll();
    const made = loaded.filter((e) => e.slug.startsWith('bench-'));
    expect(made.map((e) => e.ok)).toEqual([true, true, true, true]);
    expect(asked).toBeGreaterThan(20);
    expect(purifyWorkerRunning()).toBe(false);
  });

  it('still sends a string the file does not hold to the worker', async () => {
    setSanitizedAheadForTests(readSanitizedFile(demoFile));
    await workerEnded();
    expect(sanitizeHtml('<p>Not in any site <img src="/x.jpg" onerror="steal()"></p>')).toBe(
      '<p>Not in any site <img src="/x.jpg" loading="lazy"></p>',
    );
    expect(purifyWorkerRunning()).toBe(true);
    expect(sanitizeHtml('No markup & no worker')).toBe('No markup & no worker');
  });

  it('takes its answers from the file, and ignores a file made by another DOMPurify, jsdom or rules', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const forge = (read: SanitizedFile) => read.entries.push(['<b>forged</b>', 'FORGED']);
    setSanitizedAheadForTests(readSanitizedFile(withFile(demoFile, forge)));
    expect(sanitizeHtml('<b>forged</b>')).toBe('FORGED');
    const others: ((read: SanitizedFile) => void)[] = [
      (read) => (read.key.dompurify = '3.0.0'),
      (read) => (read.key.jsdom = '20.0.0'),
      (read) => (read.key.config as { ALLOWED_TAGS: string[] }).ALLOWED_TAGS.push('script'),
      (read) => (read.key.config as { SET_ATTRIBUTES: unknown[] }).SET_ATTRIBUTES.pop(),
    ];
    for (const other of others) {
      const file = withFile(demoFile, (read) => (forge(read), other(read)));
      expect(readSanitizedFile(file)).toBeUndefined();
      setSanitizedAheadForTests(readSanitizedFile(file));
      expect(sanitizeHtml('<b>forged</b>')).toBe('<b>forged</b>');
    }
    expect(warn).toHaveBeenCalledTimes(others.length * 2);
    expect(String(warn.mock.calls[0][0])).toContain('another sanitiser');
  });

  it('ignores a file it cannot read', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const file = join(folder, 'broken.json');
    writeFileSync(file, '{"key": ');
    expect(readSanitizedFile(file)).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
  });

  it('starts the worker early only without a file, whatever folder the file was made from', async () => {
    startHtmlSanitizer();
    expect(purifyWorkerRunning()).toBe(true);
    await workerEnded();
    // Made from a copy, not from the folder the tests serve: a deploy's clone is not the build's folder.
    setSanitizedAheadForTests(readSanitizedFile(dirtyFile));
    startHtmlSanitizer();
    expect(purifyWorkerRunning()).toBe(false);
    const demo = new SiteFolder(SITES_DIR, { sanitizeHtml, sharePages: true }).loadAll();
    expect(demo.every((e) => e.ok)).toBe(true);
    expect(purifyWorkerRunning()).toBe(false);
  });
});
