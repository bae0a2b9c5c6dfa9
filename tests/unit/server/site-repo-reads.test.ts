/**
 * Reads of the sites repository that are kept (site-repo.ts): a document at a commit named by
 * its full id, and a draft's last save, are read from git once; a branch or `HEAD` is read
 * again each time, and a commit missing here is looked for again once it has arrived.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SiteRepo } from '../../../engine/server/site-repo.ts';

const dirs: string[] = [];
function repoWith(text: string) {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-repo-reads-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'demo.json'), text);
  return { dir, repo: SiteRepo.open(dir) };
}
function commit(repo: SiteRepo, dir: string, text: string) {
  writeFileSync(join(dir, 'demo.json'), text);
  repo.git(['commit', '-qam', 'change']);
  return repo.publishedHead();
}

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('reads of the sites repository', () => {
  it('a commit’s document is read once; HEAD follows the branch', () => {
    const { dir, repo } = repoWith('{"v":1}\n');
    const first = repo.publishedHead();
    const git = vi.spyOn(repo, 'git');
    expect(repo.fileAt(first, 'demo')).toBe('{"v":1}\n');
    expect(repo.fileAt(first, 'demo')).toBe('{"v":1}\n');
    expect(git.mock.calls.filter(([args]) => args[0] === 'cat-file')).toHaveLength(1);
    commit(repo, dir, '{"v":2}\n');
    expect(repo.fileAt('HEAD', 'demo')).toBe('{"v":2}\n');
    expect(repo.fileAt(first, 'demo')).toBe('{"v":1}\n');
    commit(repo, dir, '{"v":3}\n');
    expect(repo.fileAt('HEAD', 'demo')).toBe('{"v":3}\n');
    expect(repo.fileAt(first.slice(0, 12), 'demo')).toBe('{"v":1}\n');
  });

  it('a commit not here yet is looked for again once it has arrived', () => {
    const { dir, repo } = repoWith('{"v":1}\n');
    const other = repoWith('{"elsewhere":true}\n');
    const theirs = other.repo.publishedHead();
    expect(repo.fileAt(theirs, 'demo')).toBeUndefined();
    execFileSync('git', ['fetch', '-q', other.dir, 'main'], { cwd: dir });
    expect(repo.fileAt(theirs, 'demo')).toBe('{"elsewhere":true}\n');
  });

  it('a draft’s last save is its own line, read once per draft head', () => {
    const { repo } = repoWith('{"v":1}\n');
    const head = repo.saveDraft('demo', '{"v":2}\n', 'Draft', { name: 'Sam Lee' }, undefined);
    const git = vi.spyOn(repo, 'git');
    expect(repo.lastSave(head)).toEqual({ author: 'Sam Lee', date: expect.any(String) });
    repo.lastSave(head);
    expect(git.mock.calls.filter(([args]) => args[0] === 'log')).toHaveLength(1);
    const next = repo.saveDraft('demo', '{"v":3}\n', 'Draft', { name: 'Jo Chen' }, head);
    expect(repo.lastSave(next).author).toBe('Jo Chen');
  });
});
