/**
 * Node-only: the texts of several committed files (`rev:path`), in the order named, from one
 * git process. A process for each file took a review of a thousand site files twenty seconds,
 * and History two for each of its fifty versions, on the thread that answers visitors.
 */
import { execFileSync } from 'node:child_process';

/** Each file's text, or undefined where git has no such file (a site added or removed in that version). */
export function gitBlobs(cwd: string, objects: string[]): (string | undefined)[] {
  if (!objects.length) return [];
  const out = execFileSync('git', ['cat-file', '--batch'], {
    cwd,
    input: `${objects.join('\n')}\n`,
    maxBuffer: 1 << 30,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let at = 0;
  return objects.map((object) => {
    const end = out.indexOf(10, at);
    const header = out.subarray(at, end).toString('utf8');
    at = end + 1;
    if (header === `${object} missing`) return undefined;
    const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
    if (size === undefined) throw new Error(`git cat-file ${object}: ${header}`);
    const text = out.subarray(at, at + Number(size)).toString('utf8');
    at += Number(size) + 1; // the blob, then a newline
    return text;
  });
}

/** One file's text in each of several commits (undefined in those without it), by commit. */
export function fileInCommits(cwd: string, path: string, commits: string[]) {
  const unique = [...new Set(commits)];
  const texts = gitBlobs(
    cwd,
    unique.map((commit) => `${commit}:${path}`),
  );
  return new Map(unique.map((commit, i) => [commit, texts[i]]));
}
