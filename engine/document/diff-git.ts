/**
 * Node-only: the semantic diff inside git. `gitDriverOutput` is the external diff driver
 * (`git diff`, and `git log -p --ext-diff` / `git show --ext-diff`), `textconvOutput` the
 * textconv that makes plain `git log -p` and `git show` diff readable outlines instead of
 * JSON lines, and `scrubSecrets` blanks secrets from the environment in anything printed.
 * Wired up by scripts/diff-sites.ts (--git-diff, --textconv); see docs/site-documents.md.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import isEqual from 'lodash-es/isEqual.js';
import { renderReport, type FileDiff } from './diff-render.ts';
import { inheritingSites } from './diff-inherit.ts';
import { outlineDocument } from './outline.ts';
import {
  compareDocuments,
  folderSet,
  parse,
  resolvedTemplateOf,
  summary,
  templateLoader,
  upgraded,
} from './diff-sets.ts';

type Json = Record<string, any>;

// ---------------------------------------------------------------- secrets in output

const SECRET_ENV = /TOKEN|SECRET|PASSWORD|PASSWD|API_?KEY|_KEY$|CREDENTIAL|PRIVATE/i;

/**
 * Output with the values of secret-looking environment variables (FORECOURT_STAFF_TOKEN,
 * FORECOURT_EDITOR_TOKEN, any *_TOKEN, *_KEY, *SECRET*…) blanked, wherever they appear.
 * Document secrets (serviceBookingKey, search.apiKey) are already hidden by the renderer.
 */
export function scrubSecrets(text: string, env: NodeJS.ProcessEnv = process.env): string {
  let out = text;
  const found = Object.entries(env)
    .filter(([k, v]) => SECRET_ENV.test(k) && typeof v === 'string' && v.length >= 6)
    .sort((x, y) => y[1]!.length - x[1]!.length);
  for (const [k, v] of found) out = out.split(v!).join(`(secret $${k})`);
  return out;
}

// ---------------------------------------------------------------- git external diff and textconv

const asDoc = (text: string): Json | undefined => {
  try {
    const d = JSON.parse(text);
    return d && typeof d === 'object' && !Array.isArray(d) ? (d as Json) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * git calls an external diff driver with: path old-file old-hex old-mode new-file new-hex
 * new-mode (and two more for renames). A missing side is /dev/null. Git runs it from the
 * top of the work tree; templates and the sites that extend a template are read from the
 * working tree's sites folder (for an old commit in `git log -p --ext-diff`, that is
 * today's folder).
 */
export function gitDriverOutput(args: string[], cwd = process.cwd()): string {
  const [path, oldFile, , , newFile] = args;
  const read = (f: string) =>
    f === '/dev/null' || !existsSync(f) ? undefined : readFileSync(f, 'utf8');
  const a = read(oldFile);
  const b = read(newFile);
  const head = `site diff a/${path} b/${path}\n`;
  const da = a === undefined ? undefined : asDoc(a);
  const db = b === undefined ? undefined : asDoc(b);
  const isTemplate = basename(dirname(path)) === 'templates';
  const kind = isTemplate ? 'template' : 'site';
  if ((a !== undefined && !da) || (b !== undefined && !db))
    return `${head}(not valid JSON on one side; use git diff --no-ext-diff --no-textconv to see the text)\n`;
  if (!da) return `${head}new ${summary(db!, kind)}\n`;
  if (!db) return `${head}deleted ${summary(da, kind)}\n`;
  const sitesDir = resolve(cwd, isTemplate ? dirname(dirname(path)) : dirname(path));
  const tree =
    existsSync(sitesDir) && statSync(sitesDir).isDirectory() ? folderSet(sitesDir) : undefined;
  const load = tree ? templateLoader(tree) : () => undefined;
  let file: FileDiff;
  if (isTemplate) {
    const name = basename(path).replace(/\.json$/, '');
    const changes = compareDocuments(da, db);
    const sites = tree
      ? [...tree.sites].map(([site, e]) => ({
          site,
          file: e.file,
          doc: upgraded(parse(e.text, e.file)),
        }))
      : [];
    const loads = {
      before: (n: string) => (n === name ? upgraded(da) : load(n)),
      after: (n: string) => (n === name ? upgraded(db) : load(n)),
    };
    file = {
      file: path,
      status: 'modified' as const,
      changes,
      inheritedBy:
        changes.length && tree ? inheritingSites(name, changes, sites, loads) : undefined,
    };
  } else {
    const templates = {
      before: resolvedTemplateOf(load, upgraded(da)),
      after: resolvedTemplateOf(load, upgraded(db)),
    };
    file = {
      file: path,
      status: 'modified' as const,
      changes: compareDocuments(da, db, templates),
    };
  }
  if (!file.changes.length) {
    // Only when nothing a visitor sees (or the engine reads) differs: equal content, any layout.
    if (isEqual(upgraded(da), upgraded(db)))
      return `${head}(formatting only: the content is the same)\n`;
    return `${head}(the content differs in a way the semantic diff cannot name; use git diff --no-ext-diff --no-textconv)\n`;
  }
  return head + renderReport([file], 'text').split('\n').slice(1).join('\n');
}

/** git textconv: a document as its readable outline (anything that is not a document, as it is). */
export function textconvOutput(file: string): string {
  const text = readFileSync(file, 'utf8');
  const doc = asDoc(text);
  return doc ? outlineDocument(upgraded(doc)) : text;
}
