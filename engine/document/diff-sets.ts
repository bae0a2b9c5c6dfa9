/**
 * Node-only: the two sides of a semantic diff as sets of documents (two files, two sites
 * folders, or a git revision read with `git show`, nothing checked out), and the diff of
 * every site and template that differs between them. Used by `npm run diff:sites` and
 * its git diff driver (scripts/diff-sites.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { diffSiteDocuments, type SiteChange } from './diff.ts';
import type { FileDiff } from './diff-render.ts';
import { inheritingSites } from './diff-inherit.ts';
import { gitBlobs } from './git-blobs.ts';
import {
  diffAssets,
  diffData,
  folderAssets,
  pairRenames,
  parseLsTree,
  type AssetEntry,
} from './diff-files.ts';
import { migrateDocument } from '../site/migrations.ts';
import { resolveTemplate } from '../site/templates.ts';

type Json = Record<string, any>;

export class UsageError extends Error {}

/** One side of a comparison: site documents and templates by name, as text. */
export interface DocSet {
  label: string;
  sites: Map<string, { file: string; text: string }>;
  templates: Map<string, { file: string; text: string }>;
  /** Reads sites/shared/* for this side (rendering needs the catalogue). */
  shared(name: string): string | undefined;
  /** Shared data files (sites/shared/*.json) by name, when the side is a whole folder. */
  data?: Map<string, { file: string; text: string }>;
  /** Files under sites/assets/ by their path there, when the side is a whole folder. */
  assets?: Map<string, AssetEntry>;
}

// ---------------------------------------------------------------- loading sides

export function listJson(dir: string): string[] {
  return existsSync(dir) && statSync(dir).isDirectory()
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
}

export function display(file: string) {
  const rel = relative(process.cwd(), file);
  return rel && !rel.startsWith('..') ? rel : file;
}

/** A sites folder on disk (sites/*.json, templates/*.json, shared/*). */
export function folderSet(dir: string, label = display(dir)): DocSet {
  const read = (f: string) => ({ file: display(f), text: readFileSync(f, 'utf8') });
  return {
    label,
    sites: new Map(listJson(dir).map((f) => [f.replace(/\.json$/, ''), read(join(dir, f))])),
    templates: new Map(
      listJson(join(dir, 'templates')).map((f) => [
        f.replace(/\.json$/, ''),
        read(join(dir, 'templates', f)),
      ]),
    ),
    shared: (name) =>
      existsSync(join(dir, 'shared', name))
        ? readFileSync(join(dir, 'shared', name), 'utf8')
        : undefined,
    data: new Map(listJson(join(dir, 'shared')).map((f) => [f, read(join(dir, 'shared', f))])),
    assets: folderAssets(join(dir, 'assets'), display),
  };
}

/** One document file; its templates come from the templates/ folder beside it. */
export function fileSet(file: string, name: string): DocSet {
  const dir = dirname(file);
  const base = folderSet(dir);
  const isTemplate = basename(dir) === 'templates';
  const templatesDir = isTemplate ? dir : join(dir, 'templates');
  const doc = { file: display(file), text: readFileSync(file, 'utf8') };
  const templates = new Map(
    listJson(templatesDir).map((f) => [
      f.replace(/\.json$/, ''),
      { file: display(join(templatesDir, f)), text: readFileSync(join(templatesDir, f), 'utf8') },
    ]),
  );
  if (isTemplate) templates.set(name, doc);
  const sharedDir = isTemplate ? join(dir, '..', 'shared') : join(dir, 'shared');
  return {
    label: display(file),
    sites: isTemplate ? new Map() : new Map([[name, doc]]),
    templates,
    shared: (n) =>
      existsSync(join(sharedDir, n)) ? readFileSync(join(sharedDir, n), 'utf8') : base.shared(n),
  };
}

export function git(args: string[], cwd: string): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** The sites folder as committed in a git revision (read from git's objects, nothing checked out). */
export function gitSet(rev: string, repo: string, sitesPath = 'sites'): DocSet {
  const names = (folder: string) => {
    try {
      return git(['ls-tree', '--name-only', `${rev}:${folder}`], repo)
        .split('\n')
        .filter((f) => f.endsWith('.json'))
        .sort();
    } catch {
      return [];
    }
  };
  const show = (path: string) => git(['show', `${rev}:${path}`], repo);
  const load = (folder: string) => {
    const files = names(folder);
    const objects = files.map((f) => `${rev}:${folder}/${f}`);
    const texts = gitBlobs(repo, objects);
    return new Map(
      files.map((f, i) => {
        const text = texts[i];
        if (text === undefined) throw new Error(`git cat-file ${objects[i]}: missing`);
        return [f.replace(/\.json$/, ''), { file: `${folder}/${f}`, text }];
      }),
    );
  };
  let assets: Map<string, AssetEntry>;
  try {
    assets = parseLsTree(
      git(['ls-tree', '-r', '-l', `${rev}:${sitesPath}/assets`], repo),
      `${sitesPath}/assets`,
    );
  } catch {
    assets = new Map();
  }
  return {
    label: rev,
    sites: load(sitesPath),
    templates: load(`${sitesPath}/templates`),
    data: new Map([...load(`${sitesPath}/shared`)].map(([n, e]) => [`${n}.json`, e])),
    assets,
    shared: (name) => {
      try {
        return show(`${sitesPath}/shared/${name}`);
      } catch {
        return undefined;
      }
    },
  };
}

export function isGitRevision(arg: string, repo: string): boolean {
  try {
    git(['rev-parse', '--verify', '--quiet', `${arg}^{commit}`], repo);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- comparing

export function parse(text: string, file: string): Json {
  const r = tryParse(text);
  if ('problem' in r) throw new UsageError(`${file}: not a readable site document: ${r.problem}`);
  return r.doc;
}

/** A document, or why its text is not one (the review reports it instead of stopping). */
export function tryParse(text: string): { doc: Json } | { problem: string } {
  try {
    const doc = JSON.parse(text);
    if (!doc || typeof doc !== 'object' || Array.isArray(doc))
      return { problem: 'a site document must be a JSON object' };
    return { doc };
  } catch (err) {
    return { problem: (err as Error).message };
  }
}

/** Migrated to the current version when this engine can; as stored otherwise. */
export function upgraded(doc: Json): Json {
  try {
    return migrateDocument(doc).doc;
  } catch {
    return doc;
  }
}

/**
 * Compares two documents as reviewers see them: both upgraded to the current schema
 * version (so a migration alone reads as one version change, not as renamed props).
 */
export function compareDocuments(
  before: Json,
  after: Json,
  templates?: { before?: Json; after?: Json },
): SiteChange[] {
  const changes = diffSiteDocuments(upgraded(before), upgraded(after), {
    templates: templates && {
      before: templates.before && upgraded(templates.before),
      after: templates.after && upgraded(templates.after),
    },
  });
  const vb = before.schemaVersion ?? 1;
  const va = after.schemaVersion ?? 1;
  if (vb !== va)
    changes.unshift({ kind: 'identity', path: '/schemaVersion', before: vb, after: va });
  return changes;
}

export function summary(doc: Json, kind: 'site' | 'template'): string {
  const pages = Array.isArray(doc.pages) ? doc.pages.length : 0;
  const what = kind === 'site' ? `site ${JSON.stringify(doc.name ?? doc.slug ?? '?')}` : 'template';
  return `${what}, ${pages} page${pages === 1 ? '' : 's'}`;
}

/**
 * A side's templates by name, upgraded. A template that does not parse is an error, or,
 * when `tolerant`, missing (diffSets reports it as unreadable with its own file).
 */
export function templateLoader(set: DocSet, tolerant = false): (name: string) => Json | undefined {
  const cache = new Map<string, Json | undefined>();
  return (name) => {
    if (!cache.has(name)) {
      const e = set.templates.get(name);
      const r = e && tryParse(e.text);
      if (e && r && 'problem' in r && !tolerant) parse(e.text, e.file);
      cache.set(name, r && 'doc' in r ? upgraded(r.doc) : undefined);
    }
    return cache.get(name);
  };
}

/** The template a document extends, with that template's own chain merged in. */
export function resolvedTemplateOf(
  load: (name: string) => Json | undefined,
  doc: Json,
): Json | undefined {
  const t = typeof doc.template === 'string' ? load(doc.template) : undefined;
  return t && resolveTemplate(t, load).doc;
}

/**
 * Every site and template that differs between two sides, with its changes. A site that
 * switches template lists what the switch changes for it; a changed template lists the
 * sites that extend it and what changes for each. A file removed and one added with
 * mostly the same text is one renamed file; a file that does not parse is reported as
 * unreadable (never thrown); shared data and assets that differ follow the documents.
 */
export function diffSets(before: DocSet, after: DocSet): FileDiff[] {
  const out: FileDiff[] = [];
  const loadBefore = templateLoader(before, true);
  const loadAfter = templateLoader(after, true);
  const compare = (
    kind: 'site' | 'template',
    name: string,
    a?: { file: string; text: string },
    b?: { file: string; text: string },
    renamedFrom?: string,
  ) => {
    if (a && b && a.text === b.text && !renamedFrom) return;
    const file = (b ?? a)!.file;
    const ra = a && tryParse(a.text);
    const rb = b && tryParse(b.text);
    const problem = (rb && 'problem' in rb && rb.problem) || (ra && 'problem' in ra && ra.problem);
    if (problem) {
      const side = rb && 'problem' in rb ? 'this side' : 'the base side';
      const where = renamedFrom ? ` (renamed from ${a!.file})` : '';
      return out.push({
        file,
        kind,
        status: 'unreadable',
        problem: `${problem} (${side})${where}`,
        changes: [],
      });
    }
    const da = ra && 'doc' in ra ? ra.doc : undefined;
    const db = rb && 'doc' in rb ? rb.doc : undefined;
    if (!da) return out.push({ file, status: 'added', summary: summary(db!, kind), changes: [] });
    if (!db) return out.push({ file, status: 'removed', summary: summary(da, kind), changes: [] });
    const renamed = renamedFrom ? { status: 'renamed' as const, from: a!.file } : undefined;
    if (kind === 'site') {
      const templates = {
        before: resolvedTemplateOf(loadBefore, da),
        after: resolvedTemplateOf(loadAfter, db),
      };
      return out.push({
        file,
        status: 'modified',
        ...renamed,
        changes: compareDocuments(da, db, templates),
      });
    }
    const changes = compareDocuments(da, db);
    if (renamed) return out.push({ file, ...renamed, changes });
    // This template's edit alone: every other template as it is after.
    const load = {
      before: (n: string) => (n === name ? upgraded(da) : loadAfter(n)),
      after: loadAfter,
    };
    const sites = union(after.sites, before.sites).flatMap((site) => {
      const e = (after.sites.get(site) ?? before.sites.get(site))!;
      const r = tryParse(e.text);
      return 'doc' in r ? [{ site, file: e.file, doc: upgraded(r.doc) }] : [];
    });
    out.push({
      file,
      status: 'modified',
      changes,
      inheritedBy: changes.length ? inheritingSites(name, changes, sites, load) : undefined,
    });
  };
  for (const kind of ['site', 'template'] as const) {
    const [a, b] =
      kind === 'site' ? [before.sites, after.sites] : [before.templates, after.templates];
    const renames = pairRenames(
      [...a.keys()].filter((n) => !b.has(n)).map((name) => ({ name, text: a.get(name)!.text })),
      [...b.keys()].filter((n) => !a.has(n)).map((name) => ({ name, text: b.get(name)!.text })),
    );
    const renamedFrom = new Map(renames.map((r) => [r.to, r.from]));
    const gone = new Set(renames.map((r) => r.from));
    for (const name of union(a, b)) {
      if (gone.has(name)) continue;
      const from = renamedFrom.get(name);
      compare(kind, name, a.get(from ?? name), b.get(name), from);
    }
  }
  out.push(...diffData(before.data ?? new Map(), after.data ?? new Map()));
  out.push(...diffAssets(before.assets ?? new Map(), after.assets ?? new Map()));
  return out;
}

export function union<K>(a: Map<K, unknown>, b: Map<K, unknown>): K[] {
  return [...new Set([...a.keys(), ...b.keys()])];
}
