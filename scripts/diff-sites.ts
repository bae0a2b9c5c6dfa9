/**
 * npm run diff:sites -- [options] <old> <new>     two files, or two sites folders
 * npm run diff:sites -- [options] <git-rev>       working tree's sites/ against a revision
 *
 * Options:
 *   --format text|markdown|json   (default text; markdown is for a pull-request comment)
 *   --render [--out <dir>]        also screenshot every page the change touches, before
 *                                 and after, at 400 px and 1400 px, plus an index.md
 *                                 (default folder: diff-render/); exits 2 when a page
 *                                 the change touches fails to render after it
 *   --exit-code                   exit 1 when anything changed (like git diff --exit-code)
 *   --git-diff <7 args from git>  run as git's external diff driver (see docs/site-documents.md)
 *   --textconv <file>             print a document as its readable outline (git textconv, for
 *                                 git log -p and git show)
 *
 * Documents are migrated to the current schema version on both sides before comparing,
 * so an upgrade alone shows as one version change rather than as renamed props.
 * Nothing printed holds a secret: document keys are hidden by the renderer and values of
 * secret-looking environment variables are blanked (scrubSecrets).
 */
import { existsSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { inspect } from 'node:util';
import { renderReport, type DiffFormat } from '../engine/document/diff-render.ts';
import {
  compareDocuments,
  diffSets,
  display,
  fileSet,
  folderSet,
  git,
  gitSet,
  isGitRevision,
  UsageError,
  type DocSet,
} from '../engine/document/diff-sets.ts';
import { gitDriverOutput, scrubSecrets, textconvOutput } from '../engine/document/diff-git.ts';
import { renderPictureRun } from './diff-sites/pictures.ts';
import { runAsCommand, type ScriptIo } from './script-io.ts';

export {
  compareDocuments,
  diffSets,
  fileSet,
  folderSet,
  gitDriverOutput,
  gitSet,
  isGitRevision,
  scrubSecrets,
  textconvOutput,
  UsageError,
  type DocSet,
};

// ---------------------------------------------------------------- command line

interface Options {
  format: DiffFormat;
  render: boolean;
  out: string;
  exitCode: boolean;
  positional: string[];
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    format: 'text',
    render: false,
    out: 'diff-render',
    exitCode: false,
    positional: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    if (arg === '--') continue;
    else if (arg.startsWith('--format')) {
      const f = value();
      if (f !== 'text' && f !== 'markdown' && f !== 'json')
        throw new UsageError(`--format must be text, markdown or json (got ${f})`);
      o.format = f;
    } else if (arg === '--render') o.render = true;
    else if (arg.startsWith('--out')) o.out = value();
    else if (arg === '--exit-code') o.exitCode = true;
    else if (arg.startsWith('--')) throw new UsageError(`unknown option ${arg}`);
    else o.positional.push(arg);
  }
  return o;
}

/** The two sides named on the command line. */
export function sidesFromArgs(positional: string[], cwd = process.cwd()): [DocSet, DocSet] {
  if (positional.length === 2) {
    const [oldPath, newPath] = positional.map((p) => resolve(cwd, p));
    for (const p of [oldPath, newPath])
      if (!existsSync(p)) throw new UsageError(`${p}: no such file or folder`);
    const dirs = [oldPath, newPath].map((p) => statSync(p).isDirectory());
    if (dirs[0] !== dirs[1])
      throw new UsageError('compare a file with a file, or a folder with a folder');
    if (dirs[0]) return [folderSet(oldPath), folderSet(newPath)];
    // Two files are the same document whatever they are called.
    const name = basename(newPath).replace(/\.json$/, '');
    return [fileSet(oldPath, name), fileSet(newPath, name)];
  }
  if (positional.length === 1) {
    let repo: string;
    try {
      repo = git(['rev-parse', '--show-toplevel'], cwd).trim();
    } catch {
      throw new UsageError('a single argument is a git revision, but this is not a git repository');
    }
    if (!isGitRevision(positional[0], repo))
      throw new UsageError(`${positional[0]}: not a git revision (or give two files or folders)`);
    return [gitSet(positional[0], repo), folderSet(join(repo, 'sites'), 'working tree')];
  }
  throw new UsageError(
    'usage: npm run diff:sites -- [--format text|markdown|json] [--render [--out dir]] <old> <new> | <git-rev>',
  );
}

/**
 * The command. Everything it prints has secrets blanked; a usage error or a failure is said
 * on standard error with exit code 2.
 */
export async function main(argv: string[], io: ScriptIo): Promise<number> {
  const print = (text: string) => io.out(scrubSecrets(text, io.env));
  try {
    return await run(argv, io, print);
  } catch (err) {
    io.err(`${scrubSecrets(err instanceof UsageError ? err.message : inspect(err), io.env)}\n`);
    return 2;
  }
}

async function run(argv: string[], io: ScriptIo, print: (text: string) => Promise<void>) {
  const driver = argv.indexOf('--git-diff');
  if (driver >= 0) {
    await print(gitDriverOutput(argv.slice(driver + 1)));
    return 0;
  }
  const textconv = argv.indexOf('--textconv');
  if (textconv >= 0) {
    if (!argv[textconv + 1]) throw new UsageError('--textconv needs a file');
    await print(textconvOutput(argv[textconv + 1]));
    return 0;
  }
  const o = parseArgs(argv);
  const [before, after] = sidesFromArgs(o.positional, io.cwd);
  const files = diffSets(before, after);
  const report = renderReport(files, o.format);
  await print(report || (o.format === 'text' ? 'No changes to site documents.\n' : ''));
  if (o.render) {
    const out = resolve(io.cwd, o.out);
    const { pictures, failures } = await renderPictureRun(before, after, out);
    io.err(
      scrubSecrets(
        `${pictures.length} picture${pictures.length === 1 ? '' : 's'} and index.md written to ${display(out)}\n`,
        io.env,
      ),
    );
    // A page the change breaks is a failure of the command, as in review:sites (docs/publishing.md).
    for (const f of failures)
      io.err(
        scrubSecrets(
          `${f.site} ${f.page} (${f.route}) failed after the change: ${f.reason}\n`,
          io.env,
        ),
      );
    if (failures.length) return 2;
  }
  const changed = files.some((f) => f.status !== 'modified' || f.changes.length);
  return o.exitCode && changed ? 1 : 0;
}

runAsCommand(import.meta.url, main);
