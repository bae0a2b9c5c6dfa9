/**
 * Runs the `git` binary for the sites repository (site-repo.ts): commits are authored by the
 * staff member named, committed by Forecourt itself (docs/publishing.md).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';

export interface Author {
  name: string;
  email?: string;
}

export const SYSTEM: Author = { name: 'Forecourt', email: 'forecourt@localhost' };

export interface GitOptions {
  author?: Author;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  input?: string | Buffer;
  raw?: boolean;
}

/** A staff member's address when none is known: their name, made safe for an email's local part. */
function emailOf(who: Author): string {
  if (who.email) return who.email;
  const local = who.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '');
  return `${local || 'staff'}@forecourt.local`;
}

/** git's output (trailing whitespace trimmed unless `raw`); throws when git fails. */
export function runGit(top: string, args: string[], options: GitOptions = {}): string {
  const who = options.author ?? SYSTEM;
  const out = execFileSync('git', args, {
    cwd: options.cwd ?? top,
    encoding: 'utf8',
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: who.name,
      GIT_AUTHOR_EMAIL: emailOf(who),
      GIT_COMMITTER_NAME: SYSTEM.name,
      GIT_COMMITTER_EMAIL: SYSTEM.email,
      ...options.env,
    },
  });
  return options.raw ? out : out.trimEnd();
}

/** The top folder of the repository holding `dir`, as the caller spells it; undefined when there is none. */
export function repositoryTop(dir: string): string | undefined {
  let top: string;
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
  if (!top) return undefined;
  // git answers with symlinks resolved (/tmp → /private/tmp): then walk up from `dir` instead.
  if (!relative(top, dir).startsWith('..')) return top;
  let at = dir;
  while (!existsSync(join(at, '.git')) && at !== join(at, '..')) at = join(at, '..');
  return at;
}
