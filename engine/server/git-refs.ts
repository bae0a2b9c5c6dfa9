/**
 * A ref's commit read from the repository's own files, without starting git. SiteRepo asks
 * for the published and draft heads several times in one request, and each git process cost
 * 15 to 25 ms on a busy machine, all of it on the event loop (`runGit` waits for git). Read
 * here only from git's "files" ref storage in a plain `.git` folder: a loose ref file, else
 * `packed-refs`, symbolic refs (HEAD) followed. Whatever this cannot read for certain (a
 * linked worktree, reftable, an odd file) is `undefined`: the caller then asks git.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const COMMIT_ID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const REF_NAME = /^(?:HEAD|refs\/[A-Za-z0-9._/-]+)$/;

/** A commit id; `null`: there is no such ref; `undefined`: not known here, ask git. */
export type RefRead = string | null | undefined;

const code = (err: unknown) => (err as NodeJS.ErrnoException).code;

function plainGitDir(top: string): string | undefined {
  const dir = join(top, '.git');
  try {
    if (!statSync(dir).isDirectory() || !statSync(join(dir, 'refs')).isDirectory()) return;
  } catch {
    return;
  }
  // A linked worktree keeps its branches elsewhere; reftable keeps none in files.
  if (existsSync(join(dir, 'commondir')) || existsSync(join(dir, 'reftable'))) return;
  return dir;
}

/** Reads refs of the repository whose top folder is `top`. */
export function refReader(top: string): (ref: string) => RefRead {
  const dir = plainGitDir(top);
  if (!dir) return () => undefined;

  // packed-refs parsed once per version of the file: most refs asked for are absent as files
  // (a site without a draft), and the file lists every site's. Git replaces it by renaming a
  // new file over it, so a new inode, time or size is a new version.
  let parsed: { version: string; refs: Map<string, string> } | undefined;
  const packedRefs = (): Map<string, string> | null | undefined => {
    const file = join(dir, 'packed-refs');
    let version: string;
    try {
      const st = statSync(file);
      version = `${st.ino}:${st.mtimeMs}:${st.size}`;
      if (parsed?.version === version) return parsed.refs;
      const refs = new Map<string, string>();
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        const space = line.indexOf(' ');
        if (space > 0 && !line.startsWith('#') && !line.startsWith('^'))
          refs.set(line.slice(space + 1), line.slice(0, space));
      }
      parsed = { version, refs };
      return refs;
    } catch (err) {
      return code(err) === 'ENOENT' ? null : undefined;
    }
  };

  const packed = (ref: string): RefRead => {
    const refs = packedRefs();
    if (!refs) return refs;
    const id = refs.get(ref);
    if (id === undefined) return null;
    return COMMIT_ID.test(id) ? id : undefined;
  };

  const read = (ref: string, depth: number): RefRead => {
    if (depth > 5 || !REF_NAME.test(ref) || ref.split('/').some((part) => part.startsWith('.')))
      return undefined;
    let text: string;
    try {
      text = readFileSync(join(dir, ref), 'utf8').trim();
    } catch (err) {
      // Absent as a file: packed, or no such ref. HEAD is always a file.
      if (code(err) === 'ENOENT' && ref !== 'HEAD') return packed(ref);
      return undefined;
    }
    if (text.startsWith('ref: ')) return read(text.slice(5).trim(), depth + 1);
    return COMMIT_ID.test(text) ? text : undefined;
  };

  return (ref) => read(ref, 0);
}
