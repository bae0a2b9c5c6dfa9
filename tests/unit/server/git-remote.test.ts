/**
 * The sites repository against a real bare git remote (docs/publishing.md, "When the remote
 * fails"): a remote that hangs never holds the server's thread; the server follows the
 * remote after each way the two can part (a change never pushed, a push lost in an outage,
 * a force-push, a protected branch), keeping its own commits on a recovery branch; a
 * reviewer's commit on a review branch survives the next request for review; a discarded
 * draft's review branch leaves the remote.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { runRemoteGit, type RemoteError } from '../../../engine/server/git-remote.ts';
import {
  MAX_SYNC_BACKOFF_MS,
  nextDelayMs,
  PublishedSync,
} from '../../../engine/server/published-sync.ts';
import {
  deleteReviewBranch,
  pushDraft,
  pushPublished,
  syncFromRemote,
} from '../../../engine/server/site-remote.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { sitesGitCopies } from './fixtures/sites-git-copies.ts';

const temps: string[] = [];
const temp = (name: string) => {
  const dir = mkdtempSync(join(tmpdir(), `forecourt-${name}-`));
  temps.push(dir);
  return dir;
};
afterAll(() => {
  temps.forEach((d) => rmSync(d, { recursive: true, force: true }));
  repositories.remove();
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=r@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trimEnd();

const SITE = 'southern-motor-group';
/** The sites' repository, remote and clone, made once for the file with its one site (fixtures/sites-git-copies.ts). */
const repositories = sitesGitCopies({ only: SITE });
const renamed = (text: string, name: string) =>
  text.replace('"name": "Southern Motor Group"', `"name": "${name}"`);

/** A sites repository with a bare remote holding its published branch, and a reviewer's clone. */
function setup() {
  const { sites, remote, clone } = repositories.copy(temp('sites-git'));
  const repo = SiteRepo.open(sites);
  /** A commit on the remote's main, as a merged pull request makes. */
  const mergeOnRemote = (name: string) => {
    git(clone, 'pull', '-q', '--ff-only');
    const file = join(clone, `${SITE}.json`);
    writeFileSync(file, renamed(readFileSync(file, 'utf8'), name));
    git(clone, 'commit', '-qam', `Merge pull request: ${name}`);
    git(clone, 'push', '-q', 'origin', 'main');
  };
  const publishedName = () =>
    JSON.parse(readFileSync(join(sites, `${SITE}.json`), 'utf8')).name as string;
  return { sites, remote, repo, clone, mergeOnRemote, publishedName };
}

/** A commit on the server's published branch that the remote never got. */
const publishLocally = async (repo: SiteRepo, sites: string, name: string) => {
  const text = renamed(readFileSync(join(sites, `${SITE}.json`), 'utf8'), name);
  repo.saveDraft(SITE, text, 'Save', { name: 'Sam' }, undefined);
  return repo.publish(SITE, text, `Publish ${name}`, { name: 'Sam' });
};

/** Makes the remote refuse every push, as a protected branch does. */
const protect = (remote: string) => {
  const hook = join(remote, 'hooks', 'pre-receive');
  writeFileSync(hook, '#!/bin/sh\necho "main is protected: open a pull request" >&2\nexit 1\n');
  chmodSync(hook, 0o755);
};

let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('a remote that hangs', () => {
  let hanging: Server;
  let url: string;
  beforeEach(async () => {
    // Accepts the connection and never answers, as a stalled git host does.
    hanging = createServer(() => {});
    await new Promise<void>((r) => hanging.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/sites.git`;
  });
  afterEach(async () => {
    hanging.closeAllConnections();
    await new Promise((r) => hanging.close(r));
  });

  it('is stopped at its time limit, and the event loop answers all the while', async () => {
    const { sites } = setup();
    let ticks = 0;
    let longestGap = 0;
    let last = Date.now();
    const beat = setInterval(() => {
      ticks++;
      longestGap = Math.max(longestGap, Date.now() - last);
      last = Date.now();
    }, 20);
    const started = Date.now();
    const fetched = runRemoteGit(sites, ['fetch', url, 'main'], { timeoutMs: 1500 });
    await expect(fetched).rejects.toThrow(/gave no answer within 2 s and was stopped/);
    await fetched.catch((err) => expect((err as RemoteError).timedOut).toBe(true));
    clearInterval(beat);
    expect(Date.now() - started).toBeLessThan(10_000);
    // A synchronous git would have held the thread for the whole wait: no beat at all.
    expect(ticks).toBeGreaterThan(20);
    expect(longestGap).toBeLessThan(1000);
  });

  it('a sync that hangs leaves the sites as loaded, says why, and backs off', async () => {
    const { sites, repo, publishedName } = setup();
    vi.stubEnv('FORECOURT_GIT_TIMEOUT_SECONDS', '1');
    const store = new SiteStore(sites);
    const sync = new PublishedSync(repo, store, url, 1000);
    await sync.syncNow();
    vi.unstubAllEnvs();
    expect(sync.status).toMatchObject({ state: 'failing', failuresInARow: 1, remote: url });
    expect(sync.status.lastError).toMatch(/git fetch gave no answer within 1 s and was stopped/);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/could not bring in published changes/);
    expect(publishedName()).toBe('Southern Motor Group');
    expect(nextDelayMs(1000, 1, () => 0.5)).toBe(2000);
    expect(nextDelayMs(1000, 3, () => 0.5)).toBe(8000);
    expect(nextDelayMs(30_000, 12, () => 0.5)).toBe(MAX_SYNC_BACKOFF_MS);
    expect(nextDelayMs(30_000, 0)).toBe(30_000);
  });
});

describe('the server follows the remote', () => {
  it('a merged pull request is a fast-forward', async () => {
    const { repo, remote, mergeOnRemote, publishedName } = setup();
    mergeOnRemote('Southern Motor Group Ltd');
    expect(await syncFromRemote(repo, remote)).toEqual({
      kind: 'fast-forward',
      changed: [SITE],
    });
    expect(publishedName()).toBe('Southern Motor Group Ltd');
  });

  it.each([
    ['a change never pushed, then a merged pull request', 'never-pushed'],
    ['a force-push on the remote', 'force-push'],
  ])('%s: the remote wins, the local commit is kept on a recovery branch', async (_, how) => {
    const { repo, sites, remote, clone, mergeOnRemote, publishedName } = setup();
    const local = await publishLocally(repo, sites, 'Only Here Motors');
    if (how === 'never-pushed') mergeOnRemote('Reviewed Motors');
    else {
      mergeOnRemote('Reviewed Motors');
      git(clone, 'commit', '-q', '--amend', '-m', 'Rewritten');
      git(clone, 'push', '-q', '--force', 'origin', 'main');
    }
    const outcome = await syncFromRemote(repo, remote);
    expect(outcome).toMatchObject({ kind: 'followed', changed: [SITE], localCommits: 1 });
    expect(publishedName()).toBe('Reviewed Motors');
    expect(repo.publishedHead()).toBe(git(clone, 'rev-parse', 'HEAD'));
    const branch = (outcome as { recoveryBranch: string }).recoveryBranch;
    expect(git(sites, 'rev-parse', branch)).toBe(local);
  });

  it('a file changed on disk that the remote changed too stops the follow, and leaves no recovery branch behind', async () => {
    const { repo, sites, remote, mergeOnRemote } = setup();
    await publishLocally(repo, sites, 'Only Here Motors');
    mergeOnRemote('Reviewed Motors');
    const file = join(sites, `${SITE}.json`);
    writeFileSync(
      file,
      readFileSync(file, 'utf8').replace('Only Here Motors', 'Hand Edited Motors'),
    );
    await expect(syncFromRemote(repo, remote)).rejects.toThrow(/files changed on disk/);
    expect(git(sites, 'branch', '--list', 'forecourt/recovery/*')).toBe('');
    expect(readFileSync(file, 'utf8')).toContain('Hand Edited Motors');
  });

  it('a publish whose push was lost in an outage is pushed again', async () => {
    const { repo, sites, remote, publishedName } = setup();
    const local = await publishLocally(repo, sites, 'Outage Motors');
    expect(await syncFromRemote(repo, remote)).toEqual({ kind: 'pushed', changed: [] });
    expect(git(remote, 'rev-parse', 'main')).toBe(local);
    expect(publishedName()).toBe('Outage Motors');
  });

  it('a protected branch that refuses the push: nothing stays live that the remote refused', async () => {
    const { repo, sites, remote, clone, publishedName } = setup();
    protect(remote);
    const published = git(clone, 'rev-parse', 'HEAD');
    await publishLocally(repo, sites, 'Unreviewed Motors');
    expect(await pushPublished(repo, remote)).toBe(false);
    expect(warn.mock.calls.flat().join('\n')).toMatch(/main is protected/);
    const store = new SiteStore(sites);
    const sync = new PublishedSync(repo, store, remote, 1000);
    await sync.syncNow();
    expect(sync.status).toMatchObject({ state: 'ok', lastFollowed: { localCommits: 1 } });
    expect(error.mock.calls.flat().join('\n')).toMatch(/went separate ways.*now follows/);
    expect(repo.publishedHead()).toBe(published);
    expect(publishedName()).toBe('Southern Motor Group');
  });
});

describe('publishing with a remote', () => {
  const publishWith = async (remote: string, sites: string, repo: SiteRepo) => {
    const store = new SiteStore(sites);
    const drafts = new DraftService(repo, store, { remote });
    const text = readFileSync(join(sites, `${SITE}.json`), 'utf8');
    repo.saveDraft(SITE, renamed(text, 'Published Motors'), 'Save', { name: 'Sam' }, undefined);
    return drafts.publish(SITE, { name: 'Sam' }, () => []);
  };

  it('goes live only once the remote took it', async () => {
    const { repo, sites, remote, publishedName } = setup();
    const { published, pushed } = await publishWith(remote, sites, repo);
    expect(pushed).toBe(true);
    expect(git(remote, 'rev-parse', 'main')).toBe(published);
    expect(repo.publishedHead()).toBe(published);
    expect(publishedName()).toBe('Published Motors');
  });

  it.each([
    ['refuses it (a protected branch)', 409, (remote: string) => protect(remote)],
    ['cannot be reached', 502, (remote: string) => rmSync(remote, { recursive: true })],
  ])('when the remote %s, nothing goes live and the draft stays', async (_, status, breakIt) => {
    const { repo, sites, remote, publishedName } = setup();
    const before = repo.publishedHead();
    breakIt(remote);
    await expect(publishWith(remote, sites, repo)).rejects.toMatchObject({ status });
    expect(repo.publishedHead()).toBe(before);
    expect(publishedName()).toBe('Southern Motor Group');
    expect(repo.draftHead(SITE)).toBeDefined();
  });
});

describe('a draft after a merged pull request', () => {
  it('shows only its own changes, not the merged one undone', async () => {
    const { repo, sites, remote, mergeOnRemote } = setup();
    const drafts = new DraftService(repo, new SiteStore(sites), { remote });
    const doc = JSON.parse(readFileSync(join(sites, `${SITE}.json`), 'utf8'));
    doc.pages[0].title = 'Welcome to the yard | {site}';
    repo.saveDraft(SITE, formatSiteDocument(doc), 'Save', { name: 'Sam' }, undefined);
    const own = drafts.draftInfo(SITE).summary;
    expect(own).toHaveLength(1);
    mergeOnRemote('Reviewed Motors');
    await syncFromRemote(repo, remote);
    // Still its one change; its page is named as the site now shows it (staff words).
    expect(drafts.draftInfo(SITE).summary).toEqual(
      own.map((line) => line.replace(doc.name, 'Reviewed Motors')),
    );
    expect(drafts.diff(SITE).text).not.toMatch(/Reviewed Motors/);
    const { text } = await drafts.publish(SITE, { name: 'Sam' }, () => []);
    expect(JSON.parse(text)).toMatchObject({ name: 'Reviewed Motors' });
  });
});

describe('review branches', () => {
  it("a reviewer's commit survives the next request for review; discarding leaves it", async () => {
    const { repo, sites, remote, clone } = setup();
    const text = readFileSync(join(sites, `${SITE}.json`), 'utf8');
    const first = repo.saveDraft(
      SITE,
      renamed(text, 'Draft One'),
      'Save',
      { name: 'Sam' },
      undefined,
    );
    await pushDraft(repo, SITE, remote);
    const branch = repo.draftBranch(SITE);
    expect(git(remote, 'rev-parse', branch)).toBe(first);
    // A second save and request: the branch moves on.
    const second = repo.saveDraft(SITE, renamed(text, 'Draft Two'), 'Save', { name: 'Sam' }, first);
    await pushDraft(repo, SITE, remote);
    expect(git(remote, 'rev-parse', branch)).toBe(second);
    // A reviewer adds a commit on the review branch.
    git(clone, 'fetch', '-q', 'origin', branch);
    git(clone, 'checkout', '-q', '-b', 'review', 'FETCH_HEAD');
    writeFileSync(join(clone, 'NOTE.md'), 'reviewed\n');
    git(clone, 'add', 'NOTE.md');
    git(clone, 'commit', '-qm', 'Reviewer: a note');
    git(clone, 'push', '-q', 'origin', `review:${branch}`);
    const reviewers = git(clone, 'rev-parse', 'HEAD');
    // Staff save again (from before the reviewer's commit) and ask for review once more.
    repo.saveDraft(SITE, renamed(text, 'Draft Three'), 'Save', { name: 'Sam' }, second);
    await expect(pushDraft(repo, SITE, remote)).rejects.toMatchObject({ status: 409 });
    expect(git(remote, 'rev-parse', branch)).toBe(reviewers);
    // Discarding does not delete a branch someone else added to.
    await deleteReviewBranch(repo, SITE, remote);
    expect(git(remote, 'rev-parse', branch)).toBe(reviewers);
  });

  it("a discarded draft's review branch is deleted from the remote", async () => {
    const { repo, sites, remote } = setup();
    const text = readFileSync(join(sites, `${SITE}.json`), 'utf8');
    repo.saveDraft(SITE, renamed(text, 'Thrown Away'), 'Save', { name: 'Sam' }, undefined);
    await pushDraft(repo, SITE, remote);
    const branch = `refs/heads/${repo.draftBranch(SITE)}`;
    expect(git(remote, 'for-each-ref', branch)).not.toBe('');
    repo.deleteDraft(SITE);
    await deleteReviewBranch(repo, SITE, remote);
    expect(git(remote, 'for-each-ref', branch)).toBe('');
  });
});
