/**
 * What a remote revision may bring in (docs/publishing.md, "When the remote fails"; docs/
 * security.md, "Site documents from git"). The sync reads the fetched revision from git's
 * objects before anything of it reaches the work tree or a site: every path it changes must be
 * inside the sites folder, a plain file (no symbolic link, no submodule) and no larger than a
 * site file may be. A revision with anything else is refused whole: the published branch stays
 * where it is and every site keeps what it serves.
 */
import { PLAIN_NAME } from '../site/folder.ts';
import { MAX_SITE_FILE_BYTES, NOT_A_FILE_MESSAGE, tooLargeMessage } from '../site/safe-file.ts';
import type { SiteRepo } from './site-repo.ts';

/** A path of a remote revision the sync will not bring in, and why. */
export interface RefusedPath {
  path: string;
  reason: string;
}

/** git's modes for a plain file (the executable bit is harmless: nothing runs a site file). */
const PLAIN_MODES = new Set(['100644', '100755']);
/** git's empty tree: what a revision with no common history is compared with. */
const EMPTY_TREE = '4b825dc642cb6eb9a060e54bf8d69288fbee4904';

export const OUTSIDE_MESSAGE = 'is outside the sites folder, which is all the sync brings in';

/** A revision the sync refused; its message names each refused path. */
export class RemoteContentRefused extends Error {
  constructor(
    readonly revision: string,
    readonly refused: RefusedPath[],
  ) {
    super(
      `refused ${revision.slice(0, 12)}: ${refused
        .slice(0, 10)
        .map((r) => `${r.path} ${r.reason}`)
        .join('; ')}${refused.length > 10 ? `; and ${refused.length - 10} more` : ''}`,
    );
  }
}

/**
 * The paths `theirs` changes since its history and ours parted that may not come in. Read
 * with `git diff-tree` and `git cat-file` from the fetched objects: nothing is checked out.
 */
export function refusedPaths(repo: SiteRepo, ours: string, theirs: string): RefusedPath[] {
  const base = repo.tryGit(['merge-base', ours, theirs]) || EMPTY_TREE;
  // -z: paths exactly as stored (a name with a newline or quote is not mangled).
  const raw = repo.git(['diff-tree', '-r', '-z', '--no-renames', base, theirs], { raw: true });
  const fields = raw.split('\0');
  const refused: RefusedPath[] = [];
  const sized: { path: string; blob: string }[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [, newMode, , blob, status] = fields[i].replace(/^:/, '').split(' ');
    const path = fields[i + 1];
    if (!path.startsWith(repo.prefix)) refused.push({ path, reason: OUTSIDE_MESSAGE });
    else if (status === 'D') continue;
    else if (!PLAIN_MODES.has(newMode)) refused.push({ path, reason: NOT_A_FILE_MESSAGE });
    else sized.push({ path, blob });
  }
  if (sized.length) {
    const sizes = repo
      .git(['cat-file', '--batch-check=%(objectsize)'], {
        input: sized.map((s) => s.blob).join('\n') + '\n',
      })
      .split('\n');
    sized.forEach(({ path }, n) => {
      const bytes = Number(sizes[n]);
      if (!(bytes <= MAX_SITE_FILE_BYTES)) refused.push({ path, reason: tooLargeMessage(bytes) });
    });
  }
  return refused;
}

/** The site a refused path is the document of, if it is one (`{prefix}{slug}.json`). */
export function siteOfPath(repo: SiteRepo, path: string): string | undefined {
  const rest = path.startsWith(repo.prefix) ? path.slice(repo.prefix.length) : undefined;
  const slug = rest?.endsWith('.json') ? rest.slice(0, -'.json'.length) : undefined;
  return slug && PLAIN_NAME.test(slug) ? slug : undefined;
}
