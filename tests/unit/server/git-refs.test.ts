/**
 * Refs read from the repository's files (engine/server/git-refs.ts) answer what git answers,
 * whether a ref is loose or packed, and "ask git" wherever the files cannot tell for certain.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { refReader } from '../../../engine/server/git-refs.ts';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function repo(): { dir: string; git: (...args: string[]) => string } {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-refs-'));
  folders.push(dir);
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
  git('init', '-q', '-b', 'main');
  return { dir, git };
}

/** What git says of the ref: its commit, or null when there is none. */
function gitSays(git: (...args: string[]) => string, ref: string): string | null {
  try {
    return git('rev-parse', '--verify', '-q', ref) || null;
  } catch {
    return null;
  }
}

describe('refs read from the files', () => {
  it('answer as git does for HEAD and branches, loose and then packed, and for a ref that is not there', () => {
    const { dir, git } = repo();
    const read = refReader(dir);
    expect(read('HEAD')).toBe(null); // a branch with no commit yet: git has no HEAD either
    writeFileSync(join(dir, 'a.json'), '{}');
    git('add', '-A');
    git('commit', '-qm', 'first');
    git('branch', 'forecourt/draft/gold-coast-ford');
    writeFileSync(join(dir, 'a.json'), '{"b":1}');
    git('commit', '-qam', 'second');
    const refs = ['HEAD', 'refs/heads/main', 'refs/heads/forecourt/draft/gold-coast-ford'];
    const absent = 'refs/heads/forecourt/draft/kiwi-car-yard';
    for (const ref of refs) expect(read(ref), ref).toBe(gitSays(git, ref));
    expect(read('HEAD')).not.toBe(read('refs/heads/forecourt/draft/gold-coast-ford'));
    expect(read(absent)).toBe(null);

    git('pack-refs', '--all', '--prune');
    for (const ref of refs) expect(read(ref), `${ref}, packed`).toBe(gitSays(git, ref));
    expect(read(absent)).toBe(null);

    // Moved after packing: the loose file wins, as in git.
    git('update-ref', 'refs/heads/forecourt/draft/gold-coast-ford', 'HEAD');
    expect(read('refs/heads/forecourt/draft/gold-coast-ford')).toBe(gitSays(git, 'HEAD'));
    git('update-ref', '-d', 'refs/heads/forecourt/draft/gold-coast-ford');
    expect(read('refs/heads/forecourt/draft/gold-coast-ford')).toBe(null);

    // Packed, moved and packed again: each new version of packed-refs is read, not the one
    // read before (the reader keeps the parsed file until it changes).
    git('branch', '-f', 'forecourt/draft/kiwi-car-yard', 'HEAD~1');
    git('pack-refs', '--all', '--prune');
    expect(read(absent)).toBe(gitSays(git, 'HEAD~1'));
    git('branch', '-f', 'forecourt/draft/kiwi-car-yard', 'HEAD');
    git('pack-refs', '--all', '--prune');
    expect(read(absent)).toBe(gitSays(git, 'HEAD'));
    expect(read(absent)).not.toBe(gitSays(git, 'HEAD~1'));
  });

  it('leave to git what the files cannot tell for certain', () => {
    const { dir, git } = repo();
    writeFileSync(join(dir, 'a.json'), '{}');
    git('add', '-A');
    git('commit', '-qm', 'first');
    const read = refReader(dir);
    // A name git would refuse, a folder where a ref would be, a file that is no commit id.
    expect(read('refs/heads/../../config')).toBeUndefined();
    mkdirSync(join(dir, '.git/refs/heads/forecourt/draft'), { recursive: true });
    expect(read('refs/heads/forecourt/draft')).toBeUndefined();
    writeFileSync(join(dir, '.git/refs/heads/odd'), 'not a commit\n');
    expect(read('refs/heads/odd')).toBeUndefined();

    // A linked worktree keeps its branches in the main repository: git is asked.
    const other = join(dir, '..', `${dir.split('/').pop()}-worktree`);
    folders.push(other);
    git('worktree', 'add', '-q', other);
    expect(refReader(other)('HEAD')).toBeUndefined();
    // No repository at all.
    const plain = mkdtempSync(join(tmpdir(), 'forecourt-refs-plain-'));
    folders.push(plain);
    expect(refReader(plain)('HEAD')).toBeUndefined();
  });
});
