/**
 * Rich text sanitised ahead: `npm run build` sends every distinct string the sites' loading
 * would send to the sanitiser through the worker once (sanitize-sites.ts) and writes the
 * answers beside the compiled server as sanitized.json (scripts/build-server.ts). A built
 * server reads it at start, so the strings it holds never reach the worker and, when it was
 * made from the sites folder being served, jsdom is not loaded at all (html.server.ts;
 * docs/deploy.md, "Memory and start-up").
 *
 * The file names what produced it (the DOMPurify and jsdom versions and the rules of
 * html-config.ts); under any other sanitiser it is ignored and the text goes to the worker
 * as it always did. Run from source there is no file beside this module.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import isEqual from 'lodash-es/isEqual.js';
import { PROJECT_ROOT } from '../project-root.ts';
import { ATTRIBUTE_VALUES, HTML_PURIFY_CONFIG, SET_ATTRIBUTES } from './html-config.ts';

/** The file name the build writes, next to the built server's chunks. */
export const SANITIZED_FILE = 'sanitized.json';

/** What produced the answers: a file with another key is ignored. */
export interface SanitizerKey {
  dompurify: string;
  /** jsdom parses and serialises the text, so its version matters as much as DOMPurify's. */
  jsdom: string;
  config: unknown;
}

export interface SanitizedFile {
  key: SanitizerKey;
  /** The sites folder whose rich text it holds, from the project root. */
  sitesDir: string;
  /** Each distinct string containing `<`, and the worker's answer for it. */
  entries: [string, string][];
}

export interface SanitizedAhead {
  strings: Map<string, string>;
  /** The sites folder it was made from, absolute. */
  sitesDir: string;
}

const require = createRequire(import.meta.url);

/** A package's version as Node would resolve it from here (package.json is not in these packages' exports, so it is found by folder). */
function packageVersion(name: string): string {
  for (const dir of require.resolve.paths(name) ?? []) {
    const file = join(dir, name, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
  }
  return 'not installed';
}

/** The sanitiser this code would run, as the file records it (plain JSON: the link pattern as its source text). */
export function sanitizerKey(): SanitizerKey {
  const config = {
    ...HTML_PURIFY_CONFIG,
    ALLOWED_URI_REGEXP: String(HTML_PURIFY_CONFIG.ALLOWED_URI_REGEXP),
    SET_ATTRIBUTES,
    ATTRIBUTE_VALUES,
  };
  return {
    dompurify: packageVersion('dompurify'),
    jsdom: packageVersion('jsdom'),
    config: JSON.parse(JSON.stringify(config)),
  };
}

/** The file's text for the given answers (sorted, so a build of the same sites writes the same file). */
export function sanitizedFileText(sitesDir: string, strings: Map<string, string>): string {
  const file: SanitizedFile = {
    key: sanitizerKey(),
    sitesDir: relative(PROJECT_ROOT, resolve(sitesDir)),
    entries: [...strings].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  };
  return `${JSON.stringify(file, null, 1)}\n`;
}

/**
 * Reads a file written by sanitizedFileText. One that is unreadable or was made by another
 * sanitiser is ignored with a warning: the text is then sanitised by the worker, never
 * taken from a stale answer.
 */
export function readSanitizedFile(file: string): SanitizedAhead | undefined {
  let read: SanitizedFile;
  try {
    read = JSON.parse(readFileSync(file, 'utf8')) as SanitizedFile;
    if (!Array.isArray(read.entries) || typeof read.sitesDir !== 'string')
      throw new Error('it has no entries');
  } catch (err) {
    console.warn(
      `[forecourt] ${file} could not be read (${(err as Error).message}): rich text is sanitised by the worker`,
    );
    return undefined;
  }
  if (!isEqual(read.key, sanitizerKey())) {
    console.warn(
      `[forecourt] ${file} was made by another sanitiser (DOMPurify, jsdom or the rules of html-config.ts changed): ignored, run \`npm run build\` again`,
    );
    return undefined;
  }
  const strings = new Map(
    read.entries.filter(([from, to]) => typeof from === 'string' && typeof to === 'string'),
  );
  return { strings, sitesDir: resolve(PROJECT_ROOT, read.sitesDir) };
}

let loaded: SanitizedAhead | null | undefined;

/**
 * The build's file beside this module's built file (or the one FORECOURT_SANITIZED_FILE names:
 * the test run writes one for the run), if there is one and it fits this sanitiser (read once
 * per process).
 */
export function sanitizedAhead(): SanitizedAhead | undefined {
  if (loaded === undefined) {
    // A path, not `new URL('./…', import.meta.url)`, which Vite may rewrite into a page address.
    const file =
      process.env.FORECOURT_SANITIZED_FILE ??
      join(dirname(fileURLToPath(import.meta.url)), SANITIZED_FILE);
    loaded = (existsSync(file) && readSanitizedFile(file)) || null;
  }
  return loaded ?? undefined;
}
