/**
 * npm run review:sites -- [--base <git-rev>] [--out <file>] [--full <file>] [--render <dir>]
 *
 * The review of a pull request that changes site documents (docs/publishing.md, "Review
 * in a pull request"): checks every site document (schema, whole-site rules, the rules
 * between sites), then writes the review as Markdown: problems first (invalid documents,
 * files that do not parse, pages that could not be pictured), then the changes that need
 * a careful look (scripts, host names, outside links, prices, switches), then the
 * changes of every file of sites/ (documents, templates, shared data, assets) between the
 * base revision (default: origin/main, else main) and the working tree. --out gets the
 * comment (under 60,000 characters), --full the whole review. With --render, before/after
 * pictures of the touched pages go to that folder. The GitHub workflow
 * .github/workflows/site-review.yml posts the comment. Exits 1 when anything is wrong.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fileChanged } from '../engine/document/diff-render.ts';
import {
  diffSets,
  folderSet,
  gitSet,
  isGitRevision,
  scrubSecrets,
  UsageError,
  type DocSet,
} from './diff-sites.ts';
import { renderPictureRun } from './diff-sites/pictures.ts';
import { composeReview, type PictureFailure } from './review/compose.ts';
import { fileSection } from './review/file-sections.ts';
import { checkFiles, documentsOf } from './validate.ts';

export { COMMENT_LIMIT } from './review/compose.ts';

export interface Review {
  /** The pull request's comment: under COMMENT_LIMIT characters. */
  markdown: string;
  /** The whole review, nothing shortened. */
  full: string;
  /** Site documents with problems. */
  invalid: number;
  /** Files that do not parse, on either side. */
  unreadable: number;
  /** Pages whose picture failed (an error page, a failed load). */
  pictureFailures: PictureFailure[];
  /** 0 when there is nothing wrong; 1 when a document is invalid, a file unreadable or a picture failed. */
  exitCode: number;
}

/** The review of `repo`'s sites/ against `base`. */
export async function reviewSites(options: {
  repo: string;
  base: string;
  renderDir?: string;
  /** Where the full review will be, named in a shortened comment. */
  fullReviewAt?: string;
}): Promise<Review> {
  const { repo, base } = options;
  if (!isGitRevision(base, repo)) throw new UsageError(`${base}: not a git revision`);
  const sitesDir = join(repo, 'sites');
  const invalid = checkFiles(documentsOf([sitesDir]))
    .filter((r) => r.lines.length)
    .map((r) => ({ file: relative(repo, r.file), lines: r.lines }));
  const before = gitSet(base, repo);
  const after = repoRelative(folderSet(sitesDir, 'this pull request'), repo);
  const sections = diffSets(before, after)
    .filter(fileChanged)
    .map((f) => fileSection(f, before, after));
  let pictures;
  if (options.renderDir) {
    const dir = relative(repo, options.renderDir) || '.';
    try {
      const r = await renderPictureRun(before, after, options.renderDir);
      pictures = { count: r.pictures.length, dir: `${dir}/`, failures: r.failures, notes: r.notes };
    } catch (err) {
      // Rendering that cannot start is a problem of the review, reported in it, not a crash.
      const reason = `the pictures could not be made: ${(err as Error).message.split('\n')[0]}`;
      const failures = [
        { site: '(all)', page: '(all)', route: '-', side: 'after' as const, reason },
      ];
      pictures = { count: 0, dir: `${dir}/`, failures, notes: [] };
    }
  }
  const { full, comment } = composeReview({
    base,
    invalid,
    sections,
    pictures,
    fullReviewAt: options.fullReviewAt,
  });
  const unreadable = sections.filter((s) => s.unreadable).length;
  const pictureFailures = pictures?.failures ?? [];
  return {
    markdown: scrubSecrets(comment),
    full: scrubSecrets(full),
    invalid: invalid.length,
    unreadable,
    pictureFailures,
    exitCode: invalid.length || unreadable || pictureFailures.length ? 1 : 0,
  };
}

/** The side's files named from the top of the repository, as the base side's are (and as a reviewer knows them). */
function repoRelative(set: DocSet, repo: string): DocSet {
  const rel = <T extends { file: string }>(m: Map<string, T> | undefined) =>
    m && new Map([...m].map(([k, e]) => [k, { ...e, file: relative(repo, resolve(e.file)) }]));
  return {
    ...set,
    sites: rel(set.sites)!,
    templates: rel(set.templates)!,
    data: rel(set.data),
    assets: rel(set.assets),
  };
}

function defaultBase(repo: string): string {
  for (const rev of ['origin/main', 'main']) if (isGitRevision(rev, repo)) return rev;
  throw new UsageError('no base revision: pass --base <git-rev>');
}

async function main(argv: string[]) {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const repo = execFileSync('git', ['rev-parse', '--show-toplevel'], { encoding: 'utf8' }).trim();
  const base = value('--base') ?? defaultBase(repo);
  const render = value('--render');
  const fullOut = value('--full');
  const review = await reviewSites({
    repo,
    base,
    renderDir: render ? resolve(render) : undefined,
    fullReviewAt: fullOut && `${relative(repo, resolve(fullOut))}, uploaded with this run`,
  });
  const out = value('--out');
  if (fullOut) {
    mkdirSync(dirname(resolve(fullOut)), { recursive: true });
    writeFileSync(fullOut, review.full);
  }
  if (out) writeFileSync(out, review.markdown);
  // Wait for a pipe to take all of it: process.exit would cut the rest.
  else
    await new Promise<void>((done, fail) =>
      process.stdout.write(review.markdown, (err) => (err ? fail(err) : done())),
    );
  return review.exitCode;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err) => {
      console.error(err instanceof UsageError ? err.message : err);
      process.exit(2);
    },
  );
}
