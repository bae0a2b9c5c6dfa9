/**
 * Which site keeps a host name two documents give (docs/publishing.md, "When the remote
 * fails"; docs/security.md): the one published first. The order comes from the published
 * branch's history, when each site's file was added, so it is the same on every server: a
 * fresh clone (where every file has the same age on disk) and a server that has run for a year
 * agree, whatever order the folder lists the files in. Files git does not know yet (a site
 * being written on disk) come after, oldest on disk first, as SiteFolder orders them.
 */
import type { SiteRepo } from './site-repo.ts';

/** Sites in the order they claim host names; `fallback` orders those git does not know. */
export type ClaimOrder = (names: string[], fallback: (names: string[]) => string[]) => string[];

/** The claim order of these sites: by the published commit that added each file, then the fallback's. */
export function gitClaimOrder(repo: SiteRepo): ClaimOrder {
  return (names, fallback) => {
    const added = addedOrder(repo);
    const known = names.filter((n) => added.has(n));
    known.sort((a, b) => added.get(a)! - added.get(b)! || (a < b ? -1 : a > b ? 1 : 0));
    return [...known, ...fallback(names.filter((n) => !added.has(n)))];
  };
}

/** Each site file's place in the published history: the commit (oldest first) that last added it. */
function addedOrder(repo: SiteRepo): Map<string, number> {
  const out =
    repo.tryGit([
      'log',
      '--first-parent',
      '--diff-merges=first-parent', // a merged pull request adds its files in its merge commit
      '--reverse',
      '--diff-filter=A',
      '--no-renames',
      '--format=%x00',
      '--name-only',
      'HEAD',
      '--',
      repo.prefix || '.',
    ]) ?? '';
  const order = new Map<string, number>();
  out.split('\0').forEach((commit, n) => {
    for (const path of commit.split('\n')) {
      const rest = path.startsWith(repo.prefix) ? path.slice(repo.prefix.length) : '';
      // A file deleted and added again claims from its latest addition.
      if (rest.endsWith('.json') && !rest.includes('/')) order.set(rest.slice(0, -5), n);
    }
  });
  return order;
}
