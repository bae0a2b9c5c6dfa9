/**
 * npm run diff:sites -- [options] <old> <new>     two files, or two sites folders
 * npm run diff:sites -- [options] <git-rev>       working tree's sites/ against a revision
 *
 * Options:
 *   --format text|markdown|json   (default text; markdown is for a pull-request comment)
 *   --render [--out <dir>]        also screenshot every page the change touches, before
 *                                 and after, at 400 px and 1400 px, plus an index.md
 *                                 (default folder: diff-render/)
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
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { diffSiteDocuments, touchedPages } from '../engine/document/diff.ts';
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
  listJson,
  parse,
  templateLoader,
  union,
  upgraded,
  UsageError,
  type DocSet,
} from '../engine/document/diff-sets.ts';
import { gitDriverOutput, scrubSecrets, textconvOutput } from '../engine/document/diff-git.ts';
import { resolveTemplate } from '../engine/site/templates.ts';

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

const ROOT = resolve(fileURLToPath(import.meta.url), '../..');

type Json = Record<string, any>;

// ---------------------------------------------------------------- before/after pictures

export const WIDTHS = [400, 1400] as const;

interface PagePlan {
  site: string;
  page: string;
  title: string;
  before?: string;
  after?: string;
}

function resolved(set: DocSet, name: string): Json | undefined {
  const entry = set.sites.get(name);
  if (!entry) return undefined;
  return resolveTemplate(upgraded(parse(entry.text, entry.file)), templateLoader(set)).doc;
}

/** A path to visit for a page route: parameters get a sample value, `*` an unknown path. */
export function samplePath(route: string): string {
  if (route === '*') return '/this-page-does-not-exist';
  return route.replace(/:[A-Za-z][A-Za-z0-9_]*/g, 'example').replace(/\*/g, 'example');
}

/**
 * Which pages of which sites to photograph. Sites are compared resolved (template
 * merged), so a template change touches the pages of every site that extends it.
 */
export function planPictures(before: DocSet, after: DocSet): PagePlan[] {
  const plans: PagePlan[] = [];
  for (const site of union(before.sites, after.sites)) {
    const a = resolved(before, site);
    const b = resolved(after, site);
    if (!a || !b) continue; // a whole new or deleted site has nothing to compare against
    const changes = diffSiteDocuments(a, b);
    if (!changes.length) continue;
    const touched = touchedPages(changes);
    const pagesA = new Map<string, Json>((a.pages ?? []).map((p: Json) => [p.id, p]));
    const pagesB = new Map<string, Json>((b.pages ?? []).map((p: Json) => [p.id, p]));
    for (const id of [...new Set([...pagesA.keys(), ...pagesB.keys()])]) {
      if (!touched.everyPage && !touched.pages.has(id)) continue;
      const pa = pagesA.get(id);
      const pb = pagesB.get(id);
      plans.push({
        site,
        page: id,
        title: String((pb ?? pa)?.title ?? id),
        before: pa && samplePath(pa.path),
        after: pb && samplePath(pb.path),
      });
    }
  }
  return plans;
}

/** The production build the server renders with: FORECOURT_DIST, else dist/ (as createApp). */
export function distDir(root = ROOT): string {
  return process.env.FORECOURT_DIST
    ? resolve(root, process.env.FORECOURT_DIST)
    : join(root, 'dist');
}

/** Builds the production bundle when it is missing (rendering needs it). */
export function ensureBuild(root = ROOT) {
  const dist = distDir(root);
  if (
    existsSync(join(dist, 'server/entry-server.js')) &&
    existsSync(join(dist, 'client/.vite/manifest.json'))
  )
    return;
  console.error(
    `No production build in ${display(dist)}: building it (npx vite build && npx vite build --ssr blocks/entry-server.tsx)…`,
  );
  for (const args of [
    ['vite', 'build'],
    ['vite', 'build', '--ssr', 'blocks/entry-server.tsx'],
  ]) {
    // vite.config.ts reads FORECOURT_DIST too, so the build lands where the server looks.
    const r = spawnSync('npx', args, {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (r.status !== 0) throw new Error(`build failed: npx ${args.join(' ')}`);
  }
}

/** Writes one side's documents to a temporary sites folder the server can load. */
function materialise(set: DocSet, dir: string) {
  mkdirSync(join(dir, 'templates'), { recursive: true });
  mkdirSync(join(dir, 'shared'), { recursive: true });
  for (const [name, { text }] of set.sites) writeFileSync(join(dir, `${name}.json`), text);
  for (const [name, { text }] of set.templates)
    writeFileSync(join(dir, 'templates', `${name}.json`), text);
  // Shared data as of that side when it has it, else the working tree's.
  for (const f of listJson(join(ROOT, 'sites/shared'))) {
    writeFileSync(
      join(dir, 'shared', f),
      set.shared(f) ?? readFileSync(join(ROOT, 'sites/shared', f), 'utf8'),
    );
  }
  if (
    !existsSync(join(dir, 'shared', 'catalogue.json')) &&
    existsSync(join(ROOT, 'sites/shared'))
  ) {
    cpSync(join(ROOT, 'sites/shared'), join(dir, 'shared'), { recursive: true });
  }
}

/**
 * One side's production server. It gets its own throwaway database and a random staff
 * token that is never printed (the API prints a token it generates itself), so rendering
 * neither touches .data/ nor writes a credential into a CI log.
 */
async function startServer(
  sitesDir: string,
  root: string,
  dataDir: string,
): Promise<{ url: string; close(): Promise<void> }> {
  process.env.NODE_ENV = 'production'; // React picks its build on first import
  const { createApp } = await import('../engine/server/app.ts');
  const { demo } = await import('../demo/defaults.ts');
  const { app } = await createApp({
    mode: 'production',
    root,
    sitesDir,
    distDir: distDir(root),
    dataDir,
    staffToken: randomBytes(24).toString('hex'),
    providers: demo,
  });
  return new Promise((ok, fail) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (!address || typeof address !== 'object') return fail(new Error('server has no port'));
      ok({
        url: `http://127.0.0.1:${address.port}`,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
    server.on('error', fail);
  });
}

export interface Picture {
  site: string;
  page: string;
  side: 'before' | 'after';
  width: number;
  file: string;
  status: number;
}

/**
 * Screenshots every touched page, before and after, at each width, into `outDir`, and
 * writes outDir/index.md. Returns the pictures taken.
 */
export async function renderPictures(
  before: DocSet,
  after: DocSet,
  outDir: string,
  root = ROOT,
): Promise<Picture[]> {
  const restore = quietConsole();
  try {
    return await takePictures(before, after, outDir, root);
  } finally {
    restore();
  }
}

/**
 * While the servers run, whatever they log goes to stderr (stdout is the report, which CI
 * may post), with secrets from the environment blanked.
 */
function quietConsole(): () => void {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const toStderr = (...args: unknown[]) =>
    process.stderr.write(
      `${scrubSecrets(args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : JSON.stringify(a))).join(' '))}\n`,
    );
  Object.assign(console, { log: toStderr, info: toStderr, warn: toStderr, error: toStderr });
  return () => Object.assign(console, saved);
}

async function takePictures(
  before: DocSet,
  after: DocSet,
  outDir: string,
  root: string,
): Promise<Picture[]> {
  const plans = planPictures(before, after);
  mkdirSync(outDir, { recursive: true });
  const pictures: Picture[] = [];
  if (plans.length) {
    ensureBuild(root);
    const tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-'));
    const { chromium } = await import('playwright-core');
    const servers: Array<{ url: string; close(): Promise<void> }> = [];
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
    try {
      const sides = { before, after };
      const urls: Record<string, string> = {};
      for (const side of ['before', 'after'] as const) {
        materialise(sides[side], join(tmp, side));
        const s = await startServer(join(tmp, side), root, join(tmp, `${side}-data`));
        servers.push(s);
        urls[side] = s.url;
      }
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        for (const plan of plans) {
          for (const side of ['before', 'after'] as const) {
            const path = plan[side];
            if (path === undefined) continue;
            const file = join(plan.site, `${plan.page}--${side}--${width}.png`);
            mkdirSync(join(outDir, plan.site), { recursive: true });
            const res = await page.goto(`${urls[side]}/sites/${plan.site}${path}`, {
              waitUntil: 'networkidle',
              timeout: 30_000,
            });
            await page.screenshot({ path: join(outDir, file), fullPage: true });
            pictures.push({
              site: plan.site,
              page: plan.page,
              side,
              width,
              file,
              status: res?.status() ?? 0,
            });
          }
        }
        await context.close();
      }
    } finally {
      await browser.close();
      for (const s of servers) await s.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeFileSync(
    join(outDir, 'index.md'),
    scrubSecrets(pictureIndex(plans, pictures, before.label, after.label)),
  );
  return pictures;
}

function pictureIndex(
  plans: PagePlan[],
  pictures: Picture[],
  beforeLabel: string,
  afterLabel: string,
): string {
  const lines = [
    `# Before and after`,
    '',
    `Before: \`${beforeLabel}\` · after: \`${afterLabel}\`. Only pages the change touches are shown.`,
    '',
  ];
  if (!plans.length) return `${lines.join('\n')}No page looks different.\n`;
  lines.push(
    'Pages with route parameters (`/cars/:slug`) are visited with the sample value `example`; the not-found page (`*`) with an unknown path.',
    '',
  );
  let site = '';
  for (const plan of plans) {
    if (plan.site !== site) {
      site = plan.site;
      lines.push(`## ${site}`, '');
    }
    const route = plan.after ?? plan.before;
    lines.push(`### ${plan.title} (\`${plan.page}\`, visited as \`${route}\`)`, '');
    if (!plan.before) lines.push('New page: there is no before.', '');
    if (!plan.after) lines.push('Removed page: there is no after.', '');
    lines.push('| Width | Before | After |', '| --- | --- | --- |');
    for (const width of WIDTHS) {
      const cell = (side: 'before' | 'after') => {
        const pic = pictures.find(
          (p) =>
            p.site === plan.site && p.page === plan.page && p.side === side && p.width === width,
        );
        if (!pic) return '—';
        const note = pic.status >= 400 ? ` (HTTP ${pic.status})` : '';
        return `![${plan.page} ${side} ${width}px](${pic.file.split('\\').join('/')})${note}`;
      };
      lines.push(`| ${width} px | ${cell('before')} | ${cell('after')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

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
 * Writes to stdout, secrets blanked, and waits until it is flushed: a pipe (git, CI)
 * takes 64 KiB at a time, and process.exit would cut the rest.
 */
function print(text: string): Promise<void> {
  return new Promise((done, fail) =>
    process.stdout.write(scrubSecrets(text), (err) => (err ? fail(err) : done())),
  );
}

async function main(argv: string[]) {
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
  const [before, after] = sidesFromArgs(o.positional);
  const files = diffSets(before, after);
  const report = renderReport(files, o.format);
  await print(report || (o.format === 'text' ? 'No changes to site documents.\n' : ''));
  if (o.render) {
    const out = resolve(o.out);
    const pictures = await renderPictures(before, after, out);
    console.error(
      scrubSecrets(
        `${pictures.length} picture${pictures.length === 1 ? '' : 's'} and index.md written to ${display(out)}`,
      ),
    );
  }
  const changed = files.some((f) => f.status !== 'modified' || f.changes.length);
  return o.exitCode && changed ? 1 : 0;
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
