/**
 * npm run review:sites -- [--base <git-rev>] [--out <file>] [--render <dir>]
 *
 * The review of a pull request that changes site documents (docs/publishing.md): checks
 * every site document (schema, whole-site rules, the rules between sites), then writes
 * the review description as Markdown: what is wrong (if anything), then the semantic
 * diff of sites/ between the base revision (default: origin/main, else main) and the
 * working tree. With --render, before/after pictures of the touched pages go to that
 * folder and the Markdown lists them. The GitHub workflow .github/workflows/site-review.yml
 * posts the Markdown as the pull request's comment. Exits 1 when a document is invalid.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReport } from '../engine/document/diff-render.ts';
import {
  diffSets,
  folderSet,
  gitSet,
  isGitRevision,
  scrubSecrets,
  UsageError,
} from './diff-sites.ts';
import { renderPictures } from './diff-sites/pictures.ts';
import { checkFiles, documentsOf } from './validate.ts';

export interface Review {
  markdown: string;
  /** Site documents with problems. */
  invalid: number;
}

/** The review of `repo`'s sites/ against `base`. */
export async function reviewSites(options: {
  repo: string;
  base: string;
  renderDir?: string;
}): Promise<Review> {
  const { repo, base } = options;
  if (!isGitRevision(base, repo)) throw new UsageError(`${base}: not a git revision`);
  const sitesDir = join(repo, 'sites');
  const checked = checkFiles(documentsOf([sitesDir])).filter((r) => r.lines.length);
  const before = gitSet(base, repo);
  const after = folderSet(sitesDir, 'this pull request');
  const files = diffSets(before, after);
  const parts: string[] = ['## Site documents', ''];
  if (checked.length) {
    parts.push(
      `**${checked.length} site document${checked.length === 1 ? ' is' : 's are'} invalid**; the server would answer 503 for ${checked.length === 1 ? 'it' : 'them'}:`,
      '',
    );
    for (const r of checked) {
      parts.push(`- \`${relative(repo, r.file)}\``);
      for (const line of r.lines) parts.push(`  - \`${line.replace(/`/g, "'")}\``);
    }
  } else {
    parts.push('Every site document is valid (schema, links, ids, host names).');
  }
  parts.push('', `### What changes, against \`${base}\``, '');
  parts.push(renderReport(files, 'markdown').trim() || 'No changes to site documents.');
  if (options.renderDir) {
    const pictures = await renderPictures(before, after, options.renderDir);
    if (pictures.length) {
      parts.push('', '### Before and after', '');
      parts.push(
        `${pictures.length} picture${pictures.length === 1 ? '' : 's'} of the pages these changes touch are in \`${relative(repo, options.renderDir)}/\` (index.md), uploaded with this run.`,
      );
    }
  }
  return { markdown: `${scrubSecrets(parts.join('\n'))}\n`, invalid: checked.length };
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
  const review = await reviewSites({ repo, base, renderDir: render ? resolve(render) : undefined });
  const out = value('--out');
  if (out) writeFileSync(out, review.markdown);
  // Wait for a pipe to take all of it: process.exit would cut the rest.
  else
    await new Promise<void>((done, fail) =>
      process.stdout.write(review.markdown, (err) => (err ? fail(err) : done())),
    );
  return review.invalid ? 1 : 0;
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
