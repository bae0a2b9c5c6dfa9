/**
 * Drafts on the remote (engine/server/draft-share.ts; docs/publishing.md, "Drafts on the
 * remote"), on two clones of one bare remote without the HTTP layer: a remote that hangs
 * answers a save within its bound with 503 and leaves the draft as it was; a draft saved
 * before drafts were shared reaches the remote; a draft published on another server goes.
 */
import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import {
  DraftShare,
  SharedDraftUnreachable,
  sharedBranch,
} from '../../../engine/server/draft-share.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { syncFromRemote } from '../../../engine/server/site-remote.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import {
  git,
  removeTemps,
  sitesWithRemote,
  temp,
  type SitesRemote,
} from './fixtures/sites-remote.ts';

const SLUG = 'southern-motor-group';
const who = { name: 'Sam Lee' };
let setup: SitesRemote;

const heading = (doc: any, text: string) => {
  doc.pages.find((p: any) => p.id === 'home').blocks[0].props.heading = text;
  return doc;
};
const onRemote = (slug: string) =>
  execFileSync('git', ['ls-remote', setup.remote, sharedBranch(slug)], { encoding: 'utf8' })
    .split('\t')[0]
    .trim();

function server(repo: SiteRepo, remote: string, timeoutMs?: number) {
  const share = new DraftShare(repo, remote, timeoutMs);
  return new DraftService(repo, new SiteStore(repo.sitesDir), { remote, share });
}

beforeAll(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  setup = sitesWithRemote();
});
afterAll(() => {
  removeTemps();
  vi.restoreAllMocks();
});

describe('a remote that hangs', { timeout: 60_000 }, () => {
  let hanging: Server;
  beforeAll(async () => {
    hanging = createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
  });
  afterAll(async () => {
    hanging.closeAllConnections();
    await new Promise((r) => hanging.close(r));
  });

  it('answers a save within its bound with 503, and the draft here is as it was', async () => {
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/sites.git`;
    const drafts = server(setup.repo, url, 1_000);
    const before = setup.repo.draftHead(SLUG);
    const doc = heading(setup.readDoc(SLUG, setup.sites), 'Never reaches the remote');
    const started = performance.now();
    const saving = drafts.write(SLUG, () =>
      drafts.save(SLUG, doc, setup.repo.publishedHead(), who, () => []),
    );
    await expect(saving).rejects.toBeInstanceOf(SharedDraftUnreachable);
    await expect(saving).rejects.toMatchObject({ status: 503 });
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(setup.repo.draftHead(SLUG)).toBe(before);
  });
});

describe('drafts between this server and the remote', { timeout: 60_000 }, () => {
  it('a draft saved before drafts were shared reaches the remote; one published elsewhere goes', async () => {
    // Saved here without the remote (as before this change): only this clone has it.
    const doc = heading(setup.readDoc(SLUG, setup.sites), 'Saved before sharing');
    const local = setup.repo.saveDraft(SLUG, formatSiteDocument(doc), 'Old draft', who, undefined);
    expect(onRemote(SLUG)).toBe('');
    const here = server(setup.repo, setup.remote);
    await here.bringIn([SLUG]);
    expect(onRemote(SLUG)).toBe(local);

    // Another server (its own clone) brings it in and publishes it.
    const otherDir = temp('other');
    execFileSync('git', ['clone', '-q', '-b', 'main', setup.remote, otherDir]);
    const otherRepo = SiteRepo.open(otherDir);
    const other = server(otherRepo, setup.remote);
    await other.bringIn([SLUG]);
    expect(otherRepo.draftHead(SLUG)).toBe(local);
    await other.publish(SLUG, who, () => []);
    expect(onRemote(SLUG)).toBe('');

    // This server drops its copy: nothing is left to publish twice.
    await here.bringIn([SLUG]);
    expect(setup.repo.draftHead(SLUG)).toBeUndefined();
    expect(here.draftInfo(SLUG).exists).toBe(false);
  });
});

describe('a draft that ended here', { timeout: 60_000 }, () => {
  // A look at the remote that began before the end (a staff member's read while a merged pull
  // request is followed), or a drop that never reached the remote, finds the ended draft there.
  it.each(['published', 'discarded'] as const)(
    'is not brought back from a remote that still holds it (%s)',
    async (end) => {
      const here = server(setup.repo, setup.remote);
      // What another server published earlier in this file is brought in first.
      await syncFromRemote(setup.repo, setup.remote);
      const doc = heading(setup.readDoc(SLUG, setup.sites), `Ended: ${end}`);
      const { version } = await here.write(SLUG, () =>
        here.save(SLUG, doc, here.current(SLUG)!.version, who, () => []),
      );
      expect(onRemote(SLUG)).toBe(version);
      if (end === 'published') await here.publish(SLUG, who, () => []);
      else await here.discard(SLUG);
      expect(onRemote(SLUG)).toBe('');
      git(setup.repo.top, 'push', '-q', setup.remote, `${version}:${sharedBranch(SLUG)}`);

      await here.bringIn([SLUG]);
      expect(setup.repo.draftHead(SLUG)).toBeUndefined();
      expect(here.draftInfo(SLUG).exists).toBe(false);
      expect(onRemote(SLUG)).toBe('');
      // A new draft after it is a draft like any other.
      const next = await here.write(SLUG, () =>
        here.save(SLUG, heading(doc, 'Next'), here.current(SLUG)!.version, who, () => []),
      );
      await here.bringIn([SLUG]);
      expect(setup.repo.draftHead(SLUG)).toBe(next.version);
      await here.discard(SLUG);
    },
  );
});
