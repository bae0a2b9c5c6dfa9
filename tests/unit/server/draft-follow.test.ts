/**
 * Drafts follow the published site (docs/publishing.md, "Drafts follow the published site"):
 * after a merged pull request comes in, the draft branch of the site it changed is merged with
 * the new published revision, so it holds only its own changes; a draft whose changes collide
 * is left as it was and flagged; a draft the pull request published is dropped. Also the sync's
 * counts of commits apart that the editor shows. Against a real bare git remote.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { PublishedSync } from '../../../engine/server/published-sync.ts';
import { pushDraft } from '../../../engine/server/site-remote.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
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
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  return () => vi.restoreAllMocks();
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Reviewer', '-c', 'user.email=r@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trimEnd();

const SITE = 'southern-motor-group';
/** The sites' repository, remote and clone, made once for the file with its one site (fixtures/sites-git-copies.ts). */
const repositories = sitesGitCopies({ only: SITE });
const IMAGE = `assets/${SITE}/logo-0123456789ab.svg`;

/** Sites in git with a bare remote, a reviewer's clone, the sync and the drafts as the server wires them. */
function setup() {
  const { sites, remote, clone } = repositories.copy(temp('sites-git'));
  const repo = SiteRepo.open(sites);
  const store = new SiteStore(sites, { quiet: true });
  const drafts = new DraftService(repo, store, { remote });
  const sync = new PublishedSync(repo, store, remote, 60_000);
  sync.onChanged = (slugs) => drafts.followPublished(slugs);
  /** Edits the site's document on the remote's main, as a merged pull request does. */
  const mergeOnRemote = (edit: (doc: Record<string, any>) => void) => {
    git(clone, 'pull', '-q', '--ff-only');
    const file = join(clone, `${SITE}.json`);
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    edit(doc);
    writeFileSync(file, formatSiteDocument(doc));
    git(clone, 'commit', '-qam', 'Merge pull request');
    git(clone, 'push', '-q', 'origin', 'main');
  };
  /** Saves a draft with `edit` applied, and an uploaded image. */
  const saveDraft = (edit: (doc: Record<string, any>) => void) => {
    const doc = JSON.parse(readFileSync(join(sites, `${SITE}.json`), 'utf8'));
    edit(doc);
    const image = repo.git(['hash-object', '-w', '--stdin'], { input: '<svg/>' });
    repo.saveDraft(SITE, undefined, 'Image', { name: 'Sam' }, undefined, { [IMAGE]: image });
    return repo.saveDraft(
      SITE,
      formatSiteDocument(doc),
      'Save',
      { name: 'Sam' },
      repo.draftHead(SITE),
    );
  };
  const draftDoc = () => JSON.parse(repo.fileAt(repo.draftHead(SITE)!, SITE)!);
  return { sites, remote, repo, clone, drafts, sync, mergeOnRemote, saveDraft, draftDoc };
}

describe('after a merged pull request', { timeout: 60_000 }, () => {
  it('the draft branch follows the new published revision and keeps its own changes and images', async () => {
    const { repo, drafts, sync, mergeOnRemote, saveDraft, draftDoc } = setup();
    const saved = saveDraft((doc) => (doc.pages[0].title = 'Welcome to the yard | {site}'));
    const own = drafts.draftInfo(SITE).summary;
    const name = draftDoc().name as string;
    mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
    await sync.syncNow();
    const head = repo.draftHead(SITE)!;
    const published = repo.publishedHead();
    // A merge of the draft and the published revision: the draft now starts from what is published.
    expect(repo.git(['log', '-1', '--format=%P', head]).split(' ')).toEqual([saved, published]);
    expect(repo.mergeBase(SITE)).toBe(published);
    expect(draftDoc()).toMatchObject({
      name: 'Reviewed Motors',
      pages: expect.arrayContaining([
        expect.objectContaining({ title: 'Welcome to the yard | {site}' }),
      ]),
    });
    expect(repo.assetsAt(head, SITE)).toHaveProperty(IMAGE);
    // Still its one change; its page is named as the site now shows it (staff words).
    expect(drafts.draftInfo(SITE)).toMatchObject({
      summary: own.map((line) => line.replace(name, 'Reviewed Motors')),
      author: 'Sam',
    });
    expect(drafts.draftInfo(SITE).conflicts).toBeUndefined();
    // Publishing it later publishes exactly its change, with its image.
    const { text } = await drafts.publish(SITE, { name: 'Pat' }, () => []);
    expect(JSON.parse(text).name).toBe('Reviewed Motors');
    expect(repo.assetsAt(repo.publishedHead(), SITE)).toHaveProperty(IMAGE);
  });

  it('a draft that changed the same value is left as it was and flagged', async () => {
    const { repo, drafts, sync, mergeOnRemote, saveDraft } = setup();
    const saved = saveDraft((doc) => (doc.name = 'Draft Motors'));
    mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
    await sync.syncNow();
    expect(repo.draftHead(SITE)).toBe(saved);
    expect(drafts.draftInfo(SITE).conflicts).toBe(1);
    await expect(drafts.followPublished([SITE])).resolves.toEqual([
      { slug: SITE, kind: 'conflict', conflicts: 1 },
    ]);
  });

  it('a draft its pull request published is done: its branch is dropped', async () => {
    const { repo, remote, clone, sync, saveDraft } = setup();
    saveDraft((doc) => (doc.name = 'Reviewed Draft Motors'));
    await pushDraft(repo, SITE, remote);
    git(clone, 'fetch', '-q', 'origin', repo.draftBranch(SITE));
    git(clone, 'merge', '-q', '--no-ff', '-m', 'Merge pull request', 'FETCH_HEAD');
    git(clone, 'push', '-q', 'origin', 'main');
    await sync.syncNow();
    expect(repo.draftHead(SITE)).toBeUndefined();
    expect(JSON.parse(repo.fileAt(repo.publishedHead(), SITE)!).name).toBe('Reviewed Draft Motors');
    expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe('');
  });
});

/** The review branch's head on the remote ('' when it is not there). */
const reviewBranchOn = (remote: string, branch: string) =>
  git(remote, 'for-each-ref', '--format=%(objectname)', `refs/heads/${branch}`);

describe('a pull request merged as other commits (squash or rebase)', { timeout: 60_000 }, () => {
  it('squash-merged after main moved on: the draft is done and its review branch deleted', async () => {
    const { repo, remote, clone, sync, mergeOnRemote, saveDraft } = setup();
    saveDraft((doc) => (doc.pages[0].title = 'Squashed title | {site}'));
    await pushDraft(repo, SITE, remote);
    // Another pull request went in first, so the published document is not the draft's.
    mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
    git(clone, 'fetch', '-q', 'origin', repo.draftBranch(SITE));
    git(clone, 'merge', '-q', '--squash', 'FETCH_HEAD');
    git(clone, 'commit', '-qm', 'Squashed pull request');
    git(clone, 'push', '-q', 'origin', 'main');
    await sync.syncNow();
    expect(repo.draftHead(SITE)).toBeUndefined();
    expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe('');
    const live = JSON.parse(repo.fileAt(repo.publishedHead(), SITE)!);
    expect(live).toMatchObject({ name: 'Reviewed Motors' });
    expect(live.pages[0].title).toBe('Squashed title | {site}');
  });

  it('rebase-merged: the draft is done and its review branch deleted', async () => {
    const { repo, remote, clone, sync, saveDraft } = setup();
    saveDraft((doc) => (doc.pages[0].title = 'Rebased title | {site}'));
    await pushDraft(repo, SITE, remote);
    git(clone, 'fetch', '-q', 'origin', repo.draftBranch(SITE));
    git(clone, 'checkout', '-q', '-b', 'review', 'FETCH_HEAD');
    // As the forge does it: the draft's commits made anew on main, never its own commits.
    git(clone, 'rebase', '-q', '--force-rebase', 'main');
    git(clone, 'checkout', '-q', 'main');
    git(clone, 'merge', '-q', '--ff-only', 'review');
    git(clone, 'push', '-q', 'origin', 'main');
    await sync.syncNow();
    expect(repo.draftHead(SITE)).toBeUndefined();
    expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe('');
  });

  it('a draft with a change the squash did not bring in follows instead', async () => {
    const { repo, remote, clone, sync, saveDraft, draftDoc } = setup();
    saveDraft((doc) => (doc.pages[0].title = 'Squashed title | {site}'));
    await pushDraft(repo, SITE, remote);
    git(clone, 'fetch', '-q', 'origin', repo.draftBranch(SITE));
    git(clone, 'merge', '-q', '--squash', 'FETCH_HEAD');
    git(clone, 'commit', '-qm', 'Squashed pull request');
    git(clone, 'push', '-q', 'origin', 'main');
    // Saved after the pull request was squashed: this change is not published.
    const doc = draftDoc();
    doc.name = 'Saved Later Motors';
    repo.saveDraft(SITE, formatSiteDocument(doc), 'Save', { name: 'Sam' }, repo.draftHead(SITE));
    await sync.syncNow();
    expect(draftDoc().name).toBe('Saved Later Motors');
    expect(reviewBranchOn(remote, repo.draftBranch(SITE))).not.toBe('');
  });
});

describe(
  'a draft sent for review follows the published site on its review branch',
  { timeout: 60_000 },
  () => {
    it('the follow commit is pushed to the review branch, whose pull request then shows only the draft', async () => {
      const { repo, remote, sync, mergeOnRemote, saveDraft } = setup();
      const saved = saveDraft((doc) => (doc.pages[0].title = 'Welcome to the yard | {site}'));
      await pushDraft(repo, SITE, remote);
      mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
      await sync.syncNow();
      const head = repo.draftHead(SITE)!;
      expect(repo.git(['log', '-1', '--format=%P', head]).split(' ')).toEqual([
        saved,
        repo.publishedHead(),
      ]);
      expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe(head);
      // The pull request's diff (three dots: from where the branches meet) holds the draft's change only.
      const prDiff = git(remote, 'diff', `main...${repo.draftBranch(SITE)}`, '--', `${SITE}.json`);
      expect(prDiff).toContain('Welcome to the yard');
      expect(prDiff).not.toContain('Reviewed Motors');
    });

    it("a reviewer's commit on the branch stays: the follow is not pushed over it", async () => {
      const { repo, remote, clone, sync, mergeOnRemote, saveDraft } = setup();
      saveDraft((doc) => (doc.pages[0].title = 'Welcome to the yard | {site}'));
      await pushDraft(repo, SITE, remote);
      git(clone, 'fetch', '-q', 'origin', repo.draftBranch(SITE));
      git(clone, 'checkout', '-q', '-b', 'review', 'FETCH_HEAD');
      git(clone, 'commit', '-q', '--allow-empty', '-m', "Reviewer's note");
      git(clone, 'push', '-q', 'origin', `review:${repo.draftBranch(SITE)}`);
      const reviewers = git(clone, 'rev-parse', 'HEAD');
      git(clone, 'checkout', '-q', 'main');
      mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
      await sync.syncNow();
      expect(repo.draftHead(SITE)).not.toBe(reviewers);
      expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe(reviewers);
    });

    it('saves made since "Request review" wait for the next one', async () => {
      const { repo, remote, sync, mergeOnRemote, saveDraft, draftDoc } = setup();
      saveDraft((doc) => (doc.pages[0].title = 'Welcome to the yard | {site}'));
      await pushDraft(repo, SITE, remote);
      const sent = reviewBranchOn(remote, repo.draftBranch(SITE));
      const doc = draftDoc();
      doc.pages[0].title = 'Not sent yet | {site}';
      repo.saveDraft(SITE, formatSiteDocument(doc), 'Save', { name: 'Sam' }, repo.draftHead(SITE));
      mergeOnRemote((d) => (d.name = 'Reviewed Motors'));
      await sync.syncNow();
      expect(draftDoc()).toMatchObject({ name: 'Reviewed Motors' });
      expect(reviewBranchOn(remote, repo.draftBranch(SITE))).toBe(sent);
    });
  },
);

describe('how far this server and the remote are apart', { timeout: 60_000 }, () => {
  it('counts publishes here the remote lacks, and remote commits not brought in', async () => {
    const { repo, remote, sync, mergeOnRemote, saveDraft } = setup();
    await sync.syncNow();
    expect(sync.state()).toMatchObject({ state: 'ok', behind: 0, ahead: 0 });
    // A publish the remote never got (made without the gate, as after an outage).
    saveDraft((doc) => (doc.name = 'Only Here Motors'));
    await repo.publish(SITE, repo.fileAt(repo.draftHead(SITE)!, SITE)!, 'Publish', { name: 'Sam' });
    expect(sync.state()).toMatchObject({ ahead: 1, behind: 0 });
    // The remote moved on too, as the last fetch saw it.
    mergeOnRemote((doc) => (doc.name = 'Reviewed Motors'));
    git(repo.top, 'fetch', '-q', remote, '+refs/heads/main:refs/forecourt/remote/main');
    expect(sync.state()).toMatchObject({ ahead: 1, behind: 1 });
  });
});
