/**
 * A site keeps its last good revision (docs/publishing.md, "When the remote fails"): when
 * the document that replaces a valid one is invalid (schema, whole-site rules), does not
 * parse, or holds git's conflict markers, the site goes on serving what it served; the
 * failure is recorded (file, time, issues), logged once, and on /healthz; a valid document
 * is served again and clears it. A site whose first document is invalid is not served.
 * On a temporary copy of sites/.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishedSync } from '../../../engine/server/published-sync.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore, type SiteEntry } from '../../../engine/server/sites.ts';
import {
  conflictMarkersMessage,
  sitesHealth,
  type StaleSite,
} from '../../../engine/server/stale-sites.ts';
import { SITES_DIR } from '../helpers.ts';

const SLUG = 'southern-motor-group';
const NAME = 'Southern Motor Group';
const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${name}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

type Json = Record<string, any>;
const copyOfSites = () => {
  const dir = temp('last-good');
  cpSync(SITES_DIR, dir, { recursive: true });
  return dir;
};
const fileOf = (dir: string) => join(dir, `${SLUG}.json`);
const readDoc = (dir: string) => JSON.parse(readFileSync(fileOf(dir), 'utf8')) as Json;
const writeDoc = (dir: string, doc: unknown) =>
  writeFileSync(fileOf(dir), `${JSON.stringify(doc, null, 2)}\n`);
const renamed = (doc: Json, name: string) => ({ ...doc, name });
const nameServed = (entry: SiteEntry | undefined) => (entry?.ok ? entry.site.name : undefined);
const loggedFor = (slug: string) =>
  error.mock.calls.filter((call: unknown[]) => String(call[0]).includes(`site ${slug}:`));

/** The invalid documents of each kind: the issues are the validator's own. */
const invalid: Record<string, (doc: Json) => Json> = {
  'a schema error': (doc) => ({ ...doc, name: 42 }),
  'a whole-site rule error': (doc) => {
    const copy = structuredClone(doc);
    const home = copy.pages.find((p: Json) => p.id === 'home');
    home.blocks[1].id = home.blocks[0].id; // block ids are unique
    return copy;
  },
};

describe('a site that was serving a valid document', () => {
  for (const [kind, breakIt] of Object.entries(invalid)) {
    it(`keeps its last good revision when its file gets ${kind}`, () => {
      const dir = copyOfSites();
      const sites = new SiteStore(dir);
      const good = sites.get(SLUG);
      expect(nameServed(good)).toBe(NAME);

      const bad = breakIt(renamed(readDoc(dir), 'Broken Motors'));
      const expected = sites.prepareDocument(SLUG, bad);
      expect(expected.ok).toBe(false);
      writeDoc(dir, bad);
      const before = Date.now();
      const served = sites.load(SLUG);

      expect(served).toBe(good); // the previously prepared site, as it was
      expect(sites.get(SLUG)).toBe(good);
      const problem = sites.staleSite(SLUG)!;
      expect(problem).toMatchObject({ slug: SLUG, file: `${SLUG}.json` });
      expect(Date.parse(problem.since)).toBeGreaterThanOrEqual(before - 1000);
      expect(problem.issues).toEqual(
        !expected.ok && expected.issues.map(({ path, message }) => ({ path, message })),
      );
      expect(sitesHealth(sites.staleSites())).toEqual({ sites: { stale: [problem] } });

      // Logged once per change: loading the same document again (the watcher after the sync) says nothing new.
      expect(loggedFor(SLUG)).toHaveLength(1);
      expect(String(loggedFor(SLUG)[0][0])).toContain(problem.issues[0].message);
      sites.load(SLUG);
      expect(loggedFor(SLUG)).toHaveLength(1);
      expect(sites.staleSite(SLUG)).toEqual(problem);
      sites.close();
    });
  }

  it('keeps it when the file does not parse, and names git conflict markers as such', () => {
    const dir = copyOfSites();
    const sites = new SiteStore(dir);
    const good = sites.get(SLUG);
    const text = readFileSync(fileOf(dir), 'utf8');

    writeFileSync(fileOf(dir), text.slice(0, text.length / 2));
    expect(sites.load(SLUG)).toBe(good);
    const truncated = sites.staleSite(SLUG)!;
    expect(truncated.issues).toEqual([
      { path: '/', message: expect.stringMatching(/is not valid JSON: line \d+/) },
    ]);

    // What `git merge` leaves in a file when both sides changed one line, committed as it was.
    const line = text.split('\n').findIndex((l) => l.includes(`"name": "${NAME}"`));
    const lines = text.split('\n');
    lines.splice(
      line,
      1,
      '<<<<<<< HEAD',
      lines[line],
      '=======',
      lines[line].replace(NAME, 'Southern Motors'),
      '>>>>>>> review/southern-rename',
    );
    writeFileSync(fileOf(dir), lines.join('\n'));
    expect(sites.load(SLUG)).toBe(good);
    const conflicted = sites.staleSite(SLUG)!;
    expect(conflicted.issues).toEqual([
      { path: '/', message: conflictMarkersMessage(`${SLUG}.json`, line + 1) },
    ]);
    expect(conflicted.since).toBe(truncated.since); // stale since the first failure
    expect(loggedFor(SLUG)).toHaveLength(2); // one per change
    expect(String(loggedFor(SLUG)[1][0])).toMatch(/conflict markers/);
    sites.close();
  });

  it('serves the next valid document and clears the failure', () => {
    const dir = copyOfSites();
    const sites = new SiteStore(dir);
    const doc = readDoc(dir);
    writeDoc(dir, { ...doc, name: 42 });
    sites.load(SLUG);
    expect(nameServed(sites.get(SLUG))).toBe(NAME);
    expect(sites.staleSite(SLUG)).toBeDefined();

    writeDoc(dir, renamed(doc, 'Southern Motors Fixed'));
    const served = sites.load(SLUG);
    expect(nameServed(served)).toBe('Southern Motors Fixed');
    expect(nameServed(sites.get(SLUG))).toBe('Southern Motors Fixed');
    expect(sites.staleSite(SLUG)).toBeUndefined();
    expect(sites.staleSites()).toEqual([]);
    expect(sitesHealth(sites.staleSites())).toEqual({});
    sites.close();
  });
});

describe('a template that breaks the sites made from it', () => {
  it('leaves each on its last good revision when every site reloads', () => {
    const dir = copyOfSites();
    const sites = new SiteStore(dir);
    const good = sites.get('gold-coast-ford');
    expect(good?.ok).toBe(true);
    const template = join(dir, 'templates/ford.json');
    writeFileSync(template, readFileSync(template, 'utf8').replace(/}\s*$/, ''));
    sites.reloadAll(); // what the watcher does when a template changes
    expect(sites.get('gold-coast-ford')).toBe(good);
    expect(sites.staleSites().map((s: StaleSite) => s.slug)).toEqual(['gold-coast-ford']);
    expect(sites.get(SLUG)?.ok).toBe(true);
    sites.close();
  });
});

describe('a site whose first document is invalid', () => {
  it('is not served (503) until a valid one arrives, and keeps that one from then on', () => {
    const dir = copyOfSites();
    const doc = readDoc(dir);
    writeDoc(dir, { ...doc, name: 42 });
    const sites = new SiteStore(dir);
    expect(sites.get(SLUG)?.ok).toBe(false); // README, "Validation": an invalid document never renders
    writeDoc(dir, { ...doc, name: 43 });
    expect(sites.load(SLUG).ok).toBe(false);
    expect(sites.get(SLUG)?.ok).toBe(false); // nothing good to keep

    writeDoc(dir, doc);
    expect(nameServed(sites.load(SLUG))).toBe(NAME);
    writeDoc(dir, { ...doc, name: 44 });
    expect(nameServed(sites.load(SLUG))).toBe(NAME);
    const kept: StaleSite[] = sites.staleSites();
    expect(kept.map((s) => [s.slug, s.issues])).toEqual([
      [SLUG, [{ path: '/name', message: 'must be string' }]],
    ]);
    sites.close();
  });
});

describe('a merged pull request brought in by the git sync', () => {
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=r@example.com', ...args], {
      cwd,
      encoding: 'utf8',
    }).trimEnd();

  it('leaves the site on its last good revision when the merged document is invalid', async () => {
    const dir = copyOfSites();
    const remote = temp('last-good-remote');
    git(remote, 'init', '-q', '--bare', '-b', 'main');
    const repo = SiteRepo.open(dir);
    git(dir, 'push', '-q', remote, 'HEAD:refs/heads/main');
    const clone = temp('last-good-clone');
    git(clone, 'clone', '-q', '-b', 'main', remote, '.');
    const sites = new SiteStore(dir);
    const good = sites.get(SLUG);
    const sync = new PublishedSync(repo, sites, remote, 60_000);

    writeDoc(clone, { ...readDoc(clone), name: 42 });
    git(clone, 'commit', '-qam', 'Merge pull request: a broken name');
    git(clone, 'push', '-q', 'origin', 'main');
    await sync.syncNow();
    expect(sync.status.state).toBe('ok');
    expect(readDoc(dir).name).toBe(42); // the published branch followed the remote
    expect(sites.get(SLUG)).toBe(good); // visitors did not
    expect(sites.staleSite(SLUG)?.issues).toEqual([{ path: '/name', message: 'must be string' }]);

    writeDoc(clone, renamed(readDoc(clone), 'Southern Motors'));
    git(clone, 'commit', '-qam', 'Merge pull request: the name fixed');
    git(clone, 'push', '-q', 'origin', 'main');
    await sync.syncNow();
    expect(nameServed(sites.get(SLUG))).toBe('Southern Motors');
    expect(sites.staleSite(SLUG)).toBeUndefined();
    sync.stop();
    sites.close();
  }, 60_000);
});
