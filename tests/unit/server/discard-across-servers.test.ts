/**
 * A draft discarded through another server (docs/publishing.md, "Drafts on the remote"): two
 * servers' drafts (DraftService with DraftShare, as createApp wires them), each on its own clone
 * of one bare remote. Server one saves a draft and sends it for review; server two, which never
 * read it, discards it: the draft's branch and its review branch leave the remote, and server one
 * follows (its draft gone, its next "Request review" of a new draft not refused for the old one).
 * A review branch holding a reviewer's commit stays, said in the log.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatSiteDocument } from '../../../engine/document/canonical.ts';
import { DraftService } from '../../../engine/server/drafts.ts';
import { DraftShare, sharedBranch } from '../../../engine/server/draft-share.ts';
import { pushDraft } from '../../../engine/server/site-remote.ts';
import { SiteRepo } from '../../../engine/server/site-repo.ts';
import { SiteStore } from '../../../engine/server/sites.ts';
import { git, removeTemps, sitesWithRemote, temp } from './fixtures/sites-remote.ts';

const SLUG = 'southern-motor-group';
const { remote } = sitesWithRemote();
const warnings: string[] = [];

beforeEach(() => {
  warnings.length = 0;
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void warnings.push(line));
  return () => vi.restoreAllMocks();
});
afterAll(removeTemps);

/** A server's drafts on its own clone of the remote. */
function server(name: string) {
  const sites = temp(name);
  execFileSync('git', ['clone', '-q', '-b', 'main', remote, sites]);
  const repo = SiteRepo.open(sites);
  const store = new SiteStore(sites, { quiet: true });
  const drafts = new DraftService(repo, store, { remote, share: new DraftShare(repo, remote) });
  /** Saves the draft with the hero's heading, as the editor's save does (on the remote before it resolves). */
  const save = (heading: string) =>
    drafts.write(SLUG, () => {
      const doc = JSON.parse(readFileSync(join(sites, `${SLUG}.json`), 'utf8'));
      doc.pages[0].blocks[0].props = { ...doc.pages[0].blocks[0].props, heading };
      return repo.saveDraft(
        SLUG,
        formatSiteDocument(doc),
        'Save',
        { name: 'Sam' },
        repo.draftHead(SLUG),
      );
    });
  return { repo, drafts, save, close: () => store.close() };
}

/** The remote's branch heads, by name. */
const remoteBranches = () =>
  new Map(
    git(remote, 'for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads/')
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split(' ') as [string, string]),
  );
const reviewBranch = `refs/heads/forecourt/draft/${SLUG}`;

describe('a draft discarded through another server', { timeout: 120_000 }, () => {
  const one = server('server-one');
  const two = server('server-two');
  afterAll(() => {
    one.close();
    two.close();
  });

  it('leaves the remote with its review branch, and the server that saved it follows', async () => {
    await one.save('Saved and sent for review on one');
    await pushDraft(one.repo, SLUG, remote);
    expect(remoteBranches().has(sharedBranch(SLUG))).toBe(true);
    expect(remoteBranches().get(reviewBranch)).toBe(one.repo.draftHead(SLUG));

    // Server two never read the draft: its discard still reaches it.
    await two.drafts.discard(SLUG);
    expect(two.repo.draftHead(SLUG)).toBeUndefined();
    expect(remoteBranches().has(sharedBranch(SLUG))).toBe(false);
    expect(remoteBranches().has(reviewBranch)).toBe(false);

    // Server one follows: no draft, and a new draft is sent for review as a first one.
    await one.drafts.bringIn([SLUG]);
    expect(one.repo.draftHead(SLUG)).toBeUndefined();
    await one.save('A new draft on one');
    await pushDraft(one.repo, SLUG, remote);
    expect(remoteBranches().get(reviewBranch)).toBe(one.repo.draftHead(SLUG));
    expect(warnings).toEqual([]);
  });

  it("keeps a review branch with a reviewer's commit on it", async () => {
    await one.save('Sent for review, then a reviewer adds to it');
    await pushDraft(one.repo, SLUG, remote);
    const reviewer = temp('reviewer');
    git(reviewer, 'clone', '-q', '-b', `forecourt/draft/${SLUG}`, remote, '.');
    git(reviewer, 'commit', '-q', '--allow-empty', '-m', 'Reviewer: a note');
    git(reviewer, 'push', '-q', 'origin', `HEAD:${reviewBranch}`);
    const reviewed = remoteBranches().get(reviewBranch);

    await two.drafts.discard(SLUG);
    expect(remoteBranches().has(sharedBranch(SLUG))).toBe(false);
    expect(remoteBranches().get(reviewBranch)).toBe(reviewed);
    expect(warnings.join('\n')).toMatch(
      /review branch forecourt\/draft\/.* was left on .*reviewer/,
    );
  });
});
