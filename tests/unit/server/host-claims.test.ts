/**
 * Which site keeps a host name two documents give (docs/publishing.md, "When the remote
 * fails"): the site published first keeps it and the newcomer is refused, on a server that
 * was running when the newcomer came in and on one cloned afresh, whatever order the folder
 * lists the files in (a newcomer named before and after the owner) and whatever their age on
 * disk (the newcomer's file made older than the owner's). Against a real bare git remote.
 */
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { gitClaimOrder } from '../../../engine/server/host-claims.ts';
import { PublishedSync } from '../../../engine/server/published-sync.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { git, removeTemps, sitesWithRemote, temp } from './fixtures/sites-remote.ts';

const OWNER = 'southern-motor-group';
const HOST = 'southernmotorgroup.localhost';
afterAll(removeTemps);
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const storeOf = (dir: string) =>
  new SiteStore(dir, { quiet: true, claimOrder: gitClaimOrder(SiteRepo.open(dir)) });

// Named to be listed before the owner, and after it.
for (const newcomer of ['aaa-newcomer', 'zzz-newcomer']) {
  describe(`a newcomer (${newcomer}) claiming the published owner's host name`, () => {
    it('is refused on the running server, and the owner keeps the name through its own changes', async () => {
      const r = sitesWithRemote();
      const sites = storeOf(r.sites);
      const sync = new PublishedSync(r.repo, sites, r.remote, 60_000);
      r.writeDoc(newcomer, { ...r.readDoc('kiwi-car-yard'), slug: newcomer, hostnames: [HOST] });
      r.merge('Merge pull request: a new site');
      await sync.syncNow();
      expect(sites.get(newcomer)?.ok).toBe(false);
      expect(sites.byHostname(HOST)?.slug).toBe(OWNER);

      // The owner changes its document later: it keeps its name, the newcomer stays refused.
      r.writeDoc(OWNER, { ...r.readDoc(OWNER), name: 'Southern Motors' });
      r.merge('Merge pull request: the owner renamed');
      await sync.syncNow();
      const owner = sites.byHostname(HOST);
      expect(owner?.slug).toBe(OWNER);
      expect(owner?.ok && owner.site.name).toBe('Southern Motors');
      expect(sites.get(newcomer)?.ok).toBe(false);
      sync.stop();
      sites.close();
    }, 60_000);

    it('is refused on a server cloned afresh, even when its file is older on disk', () => {
      const r = sitesWithRemote();
      r.writeDoc(newcomer, { ...r.readDoc('kiwi-car-yard'), slug: newcomer, hostnames: [HOST] });
      r.merge('Merge pull request: a new site');
      const fresh = temp('fresh');
      git(fresh, 'clone', '-q', '-b', 'main', r.remote, '.');
      utimesSync(join(fresh, `${newcomer}.json`), new Date(2001, 0, 1), new Date(2001, 0, 1));
      const sites = storeOf(fresh);
      const refused = sites.get(newcomer);
      expect(refused?.ok).toBe(false);
      expect(!refused?.ok && refused?.issues.map((i) => i.path)).toContain('/hostnames/0');
      expect(sites.byHostname(HOST)?.slug).toBe(OWNER);
      sites.close();
    }, 60_000);
  });
}

describe('the claim order', () => {
  it('is asked of git at start only when two sites name one host name', () => {
    const r = sitesWithRemote();
    const asked: string[][] = [];
    const counting = (dir: string) => {
      const order = gitClaimOrder(SiteRepo.open(dir));
      return new SiteStore(dir, {
        quiet: true,
        claimOrder: (names, fallback) => (asked.push(names), order(names, fallback)),
      });
    };
    const unique = counting(r.sites);
    expect(unique.all().every((e) => e.ok)).toBe(true);
    expect(asked).toEqual([]);
    unique.close();
    r.writeDoc('zzz-newcomer', { ...r.readDoc('kiwi-car-yard'), slug: 'zzz-newcomer' }, r.sites);
    const shared = counting(r.sites);
    expect(asked).toHaveLength(1);
    expect(shared.get('zzz-newcomer')?.ok).toBe(false);
    expect(shared.get('kiwi-car-yard')?.ok).toBe(true);
    shared.close();
  }, 60_000);
});
