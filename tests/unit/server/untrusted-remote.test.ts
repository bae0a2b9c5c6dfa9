/**
 * A sync that trusts nothing (docs/publishing.md, "When the remote fails"; docs/security.md,
 * "Site documents from git"): a remote revision holding a symlink (to /dev/zero, to a file
 * outside the folder), a submodule, a file over the size limit or a change outside the sites
 * folder is refused before any of it is checked out or loaded: the published branch stays,
 * every site keeps what it serves, the sync says why, and a server started again on the folder
 * starts. Files that are already in the folder (from an older server) are refused unread.
 * Against a real bare git remote.
 */
import { execFileSync } from 'node:child_process';
import { lstatSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PublishedSync } from '../../../engine/server/published-sync.ts';
import { OUTSIDE_MESSAGE } from '../../../engine/server/remote-check.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import {
  MAX_SITE_FILE_BYTES,
  NOT_A_FILE_MESSAGE,
  tooLargeMessage,
} from '../../../engine/site/safe-file.ts';
import { git, removeTemps, sitesWithRemote, type SitesRemote } from './fixtures/sites-remote.ts';

const SLUG = 'southern-motor-group';
const NAME = 'Southern Motor Group';
afterAll(removeTemps);
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const nameServed = (sites: SiteStore) => {
  const entry = sites.get(SLUG);
  return entry?.ok ? entry.site.name : undefined;
};

/** Each hostile revision: what the reviewer's clone commits, and the path and reason refused. */
const hostile: Record<
  string,
  (r: SitesRemote) => { path: string; reason: string; committed?: boolean }
> = {
  'a site document replaced by a symlink to /dev/zero': (r) => {
    rmSync(join(r.clone, `${SLUG}.json`));
    symlinkSync('/dev/zero', join(r.clone, `${SLUG}.json`));
    return { path: `${r.prefix}${SLUG}.json`, reason: NOT_A_FILE_MESSAGE };
  },
  'an image that is a symlink to a file outside the folder': (r) => {
    mkdirSync(join(r.clone, 'assets', SLUG), { recursive: true });
    symlinkSync('/etc/passwd', join(r.clone, 'assets', SLUG, 'logo-0123456789ab.svg'));
    return { path: `${r.prefix}assets/${SLUG}/logo-0123456789ab.svg`, reason: NOT_A_FILE_MESSAGE };
  },
  'a new site document over the size limit': (r) => {
    const doc = r.readDoc(SLUG);
    const padded = {
      ...doc,
      slug: 'padded-site',
      hostnames: [],
      notes: 'x'.repeat(MAX_SITE_FILE_BYTES),
    };
    r.writeDoc('padded-site', padded);
    const bytes = Buffer.byteLength(`${JSON.stringify(padded, null, 2)}\n`);
    return { path: `${r.prefix}padded-site.json`, reason: tooLargeMessage(bytes) };
  },
  'a submodule in the sites folder': (r) => {
    // Staged by hand: `git add -A` would drop a submodule that has no folder here.
    const head = git(r.cloneTop, 'rev-parse', 'HEAD');
    git(r.cloneTop, 'add', '-A');
    git(r.cloneTop, 'update-index', '--add', '--cacheinfo', `160000,${head},${r.prefix}vendor`);
    git(r.cloneTop, 'commit', '-qm', 'Merge pull request: a submodule');
    git(r.cloneTop, 'push', '-q', 'origin', 'main');
    return { path: `${r.prefix}vendor`, reason: NOT_A_FILE_MESSAGE, committed: true };
  },
};

describe('a remote revision the sync does not trust', () => {
  for (const [kind, make] of Object.entries(hostile)) {
    it(`is refused whole, before anything is loaded: ${kind}`, async () => {
      const r = sitesWithRemote();
      const sites = new SiteStore(r.sites);
      const good = sites.get(SLUG);
      const sync = new PublishedSync(r.repo, sites, r.remote, 60_000);
      const head = r.repo.publishedHead();
      // The same revision renames the site too: none of it may come in.
      r.writeDoc('kiwi-car-yard', { ...r.readDoc('kiwi-car-yard'), name: 'Renamed Yard' });
      const refused = make(r);
      if (!refused.committed) r.merge('Merge pull request: hostile');

      await sync.syncNow();
      expect(sync.status).toMatchObject({ state: 'failing', failuresInARow: 1 });
      expect(sync.status.lastError).toContain(`${refused.path} ${refused.reason}`);
      expect(r.repo.publishedHead()).toBe(head);
      expect(lstatSync(join(r.sites, `${SLUG}.json`)).isFile()).toBe(true);
      expect(sites.get(SLUG)).toBe(good);
      const kiwi = sites.get('kiwi-car-yard');
      expect(kiwi?.ok && kiwi.site.name).not.toBe('Renamed Yard');
      const logged = error.mock.calls.map((c: unknown[]) => String(c[0])).join('\n');
      expect(logged).toContain(refused.reason);
      if (refused.path === `${SLUG}.json`) {
        // The site names it as the reason it keeps its last good revision (healthz, the editor).
        expect(sites.staleSite(SLUG)?.issues[0].message).toContain(NOT_A_FILE_MESSAGE);
      }

      // Started again on the same folder: it starts, and serves the same revision.
      const restarted = new SiteStore(r.sites);
      expect(nameServed(restarted)).toBe(NAME);
      restarted.close();

      // Put right on the remote: the next sync brings it in and the record is gone.
      git(r.cloneTop, 'revert', '--no-edit', 'HEAD');
      git(r.cloneTop, 'push', '-q', 'origin', 'main');
      await sync.syncNow();
      expect(sync.status.state).toBe('ok');
      expect(sites.staleSite(SLUG)).toBeUndefined();
      expect(nameServed(sites)).toBe(NAME);
      sync.stop();
      sites.close();
    }, 60_000);
  }

  it('is refused when it changes anything outside the sites folder', async () => {
    const r = sitesWithRemote({ nested: true });
    const sites = new SiteStore(r.sites);
    const sync = new PublishedSync(r.repo, sites, r.remote, 60_000);
    const head = r.repo.publishedHead();
    writeFileSync(join(r.cloneTop, 'engine/server.ts'), 'process.exit(1);\n');
    r.writeDoc(SLUG, { ...r.readDoc(SLUG), name: 'Southern Motors' });
    r.merge('Merge pull request: code and a site');
    await sync.syncNow();
    expect(sync.status.lastError).toContain(`engine/server.ts ${OUTSIDE_MESSAGE}`);
    expect(r.repo.publishedHead()).toBe(head);
    expect(nameServed(sites)).toBe(NAME);

    // A revision that changes only the sites folder comes in.
    git(r.cloneTop, 'revert', '--no-edit', 'HEAD');
    r.writeDoc(SLUG, { ...r.readDoc(SLUG), name: 'Southern Motors' });
    r.merge('Merge pull request: a site');
    await sync.syncNow();
    expect(sync.status.state).toBe('ok');
    expect(nameServed(sites)).toBe('Southern Motors');
    sync.stop();
    sites.close();
  }, 60_000);
});

describe('files already in the sites folder', () => {
  it('a symlink to /dev/zero, a FIFO and a symlink outside are refused unread, and the others load', () => {
    const r = sitesWithRemote();
    symlinkSync('/dev/zero', join(r.sites, 'zero-site.json'));
    symlinkSync('/etc/hostname', join(r.sites, 'outside-site.json'));
    execFileSync('mkfifo', [join(r.sites, 'fifo-site.json')]);
    const sites = new SiteStore(r.sites);
    for (const slug of ['zero-site', 'outside-site', 'fifo-site']) {
      const entry = sites.get(slug);
      expect(entry?.ok).toBe(false);
      expect(!entry?.ok && entry?.issues).toEqual([
        { path: '/', message: `${slug}.json ${NOT_A_FILE_MESSAGE}` },
      ]);
    }
    expect(nameServed(sites)).toBe(NAME);
    // Loaded again (the watcher, a sync): the same, and no read.
    expect(sites.load('zero-site').ok).toBe(false);
    sites.close();
  });
});
