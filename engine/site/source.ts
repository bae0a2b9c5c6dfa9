/**
 * Where a value of the resolved (template-merged) document comes from. Issues carry
 * JSON pointers into the merged document (the editor works on that); a person fixing a
 * file needs the file and the pointer inside it. `sourceOf` maps one to the other by the
 * merge rules of templates.ts:
 *  - `pages` match by id: a merged page is the copy in the nearest layer that defines a
 *    page with that id (the site's own copy wins over the template's), at its index there;
 *  - other arrays are replaced whole: everything inside comes from the nearest layer
 *    that has the key;
 *  - objects merge by key: each key comes from the nearest layer that has it (a `null`
 *    there removed it);
 *  - `template` and `withoutPages` are the site's own (they are not merged).
 * A value no file has (a required property that is missing, a default the validator
 * filled in) points at its nearest existing parent, with the keys below it in `missing`.
 * Pure and browser-safe: give it the documents as stored, not migrated, so the pointers
 * are the files' own (migrations only rename keys inside blocks, which never changes
 * which file a value comes from; a renamed key then points at its nearest parent).
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { resolveTemplate } from './templates.ts';
import type { DocumentIssue } from './types.ts';
import {
  decodePointerSegment,
  encodePointerSegment,
  findBlock,
  pageArea,
  walkList,
} from '../tree.ts';

type Json = Record<string, unknown>;

/** The documents a resolved site is made of, as stored. */
export interface SourceInputs {
  /** The site document. */
  doc: unknown;
  /** Template names, nearest first (what resolveTemplate returns as `chain`). */
  chain: string[];
  /** The templates of the chain, by name. */
  templates: Record<string, unknown>;
}

export interface SourceLocation {
  /** The template (sites/templates/{name}.json) that holds the value; undefined: the site document itself. */
  template?: string;
  /** JSON pointer into that file: the value, or its nearest existing parent ('' is the whole document). */
  pointer: string;
  /** Keys below `pointer` that the file does not have (empty when the value itself is there). */
  missing: string[];
}

/** Reads a document's template chain with a loader, stopping at a missing template or a cycle. */
export function sourceInputs(doc: unknown, load: (name: string) => unknown): SourceInputs {
  const chain: string[] = [];
  const templates: Record<string, unknown> = {};
  let current = doc;
  while (isPlainObject(current) && typeof (current as Json).template === 'string') {
    const name = (current as Json).template as string;
    if (chain.includes(name)) break;
    chain.push(name);
    let template: unknown;
    try {
      template = load(name);
    } catch {
      break; // a template that does not parse is reported by resolveTemplate
    }
    if (!isPlainObject(template)) break;
    templates[name] = template;
    current = template;
  }
  return { doc, chain, templates };
}

/** Where the value at `path` (a pointer into the merged document) lives. */
export function sourceOf(path: string, inputs: SourceInputs): SourceLocation {
  return sourceLocator(inputs)(path);
}

/** `sourceOf` for many paths of one document: merges the templates once. */
export function sourceLocator(inputs: SourceInputs): (path: string) => SourceLocation {
  const { doc, chain, templates } = inputs;
  if (!isPlainObject(doc)) return (path) => ({ pointer: '', missing: parsePointer(path) });
  // Resolve from the same objects: the merged page list holds the layers' page objects
  // themselves, so a merged page is found in its layer by identity (by id as a fallback).
  const resolved = resolveTemplate(doc as Json, (name) =>
    isPlainObject(templates[name]) ? (templates[name] as Json) : undefined,
  );
  // Unresolved (missing template, cycle): the issues are about the site's own `template`.
  const layers: Json[] = resolved.merged
    ? [doc as Json, ...chain.map((name) => templates[name] as Json)]
    : [doc as Json];
  const merged = resolved.doc;
  const mergedPages = Array.isArray(merged.pages) ? (merged.pages as unknown[]) : [];

  return (path) => {
    const tokens = parsePointer(path);
    interface At {
      layer: number;
      value: unknown;
      pointer: string;
    }
    // The layers that make up the value at the current position, nearest first. More than
    // one only while the value is an object merged key by key.
    let at: At[] = layers.map((value, layer) => ({ layer, value, pointer: '' }));
    const result = (i: number): SourceLocation => ({
      template: at[0].layer === 0 ? undefined : chain[at[0].layer - 1],
      pointer: at[0].pointer,
      missing: tokens.slice(i),
    });

    for (let i = 0; i < tokens.length; i++) {
      const key = tokens[i];
      if (i === 0 && (key === 'template' || key === 'withoutPages')) at = at.slice(0, 1);
      if (i === 0 && key === 'pages' && i + 1 < tokens.length) {
        const mergedPage = mergedPages[Number(tokens[1])];
        const run = pageSource(mergedPage, at);
        if (run) {
          const props = blockChangeSources(mergedPage, run, tokens.slice(2));
          if (props) {
            at = props.at;
            i = 2 + props.consumed - 1;
            continue;
          }
          at = run;
          i++;
          continue;
        }
      }
      const next = childSources(at, key);
      if (!next) return result(i);
      at = next;
    }
    return result(tokens.length);
  };
}

/**
 * The layers a merged page comes from, nearest first: the nearest layer's entry with its
 * id, and, when that entry only changes the page below it (no `blocks` of its own,
 * page-changes.ts), the entries below it down to the page it changes.
 */
function pageSource(page: unknown, at: { layer: number; value: unknown }[]) {
  if (!isPlainObject(page)) return undefined;
  const find = (layers: { layer: number; value: unknown }[], match: (p: unknown) => boolean) => {
    for (const { layer, value } of layers) {
      const pages = (value as Json).pages;
      if (!Array.isArray(pages)) continue;
      const index = pages.findIndex(match);
      if (index >= 0) return { layer, value: pages[index] as unknown, pointer: `/pages/${index}` };
    }
    return undefined;
  };
  const id = (page as Json).id;
  const byId = (p: unknown) => isPlainObject(p) && (p as Json).id === id;
  const nearest = find(at, (p) => p === page) ?? (id === undefined ? undefined : find(at, byId));
  if (!nearest) return undefined;
  const run = [nearest];
  for (let last = nearest; isPlainObject(last.value) && !('blocks' in (last.value as Json));) {
    const below = find(
      at.filter((a) => a.layer > last.layer),
      byId,
    );
    if (!below) break;
    run.push(below);
    last = below;
  }
  return run;
}

/**
 * For a path into a block's props on a page made of block changes: the layers of those
 * props, nearest first — each change's `blockChanges/{id}/props`, then the block's props
 * in the page it changes — and how many tokens (after `/pages/{i}`) that consumed.
 */
function blockChangeSources(
  mergedPage: unknown,
  run: { layer: number; value: unknown; pointer: string }[],
  rest: string[],
) {
  if (run.length < 2 || !isPlainObject(mergedPage)) return undefined;
  const blockPaths = new Map<string, string>();
  for (const loc of walkList((mergedPage as Json).blocks, { area: 'page:' }, '/blocks'))
    blockPaths.set(loc.path, String(loc.block.id));
  const propsAt = rest.indexOf('props');
  if (propsAt < 1) return undefined;
  const id = blockPaths.get(`/${rest.slice(0, propsAt).map(encodePointerSegment).join('/')}`);
  if (id === undefined) return undefined;
  const layers: { layer: number; value: unknown; pointer: string }[] = [];
  for (const entry of run) {
    const page = entry.value as Json;
    if ('blocks' in page) {
      const loc = findBlock({ pages: [page] }, id, [pageArea(String(page.id))]);
      if (loc && isPlainObject(loc.block.props))
        layers.push({
          layer: entry.layer,
          value: loc.block.props,
          pointer: `${entry.pointer}${loc.path.replace(/^\/pages\/0/, '')}/props`,
        });
      break;
    }
    const change = isPlainObject(page.blockChanges) ? (page.blockChanges as Json)[id] : undefined;
    if (isPlainObject(change) && isPlainObject((change as Json).props)) {
      layers.push({
        layer: entry.layer,
        value: (change as Json).props,
        pointer: `${entry.pointer}/blockChanges/${encodePointerSegment(id)}/props`,
      });
    }
  }
  return layers.length ? { at: layers, consumed: propsAt + 1 } : undefined;
}

/** The layers that make up the value under `key`, or undefined when the merged document cannot have it. */
function childSources<T extends { layer: number; value: unknown; pointer: string }>(
  at: T[],
  key: string,
) {
  const has = (value: unknown) =>
    Array.isArray(value)
      ? /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length
      : isPlainObject(value) && Object.hasOwn(value as Json, key);
  const first = at.findIndex((a) => has(a.value));
  if (first < 0) return undefined;
  const child = (a: T) => ({
    layer: a.layer,
    value: (a.value as Json)[key],
    pointer: `${a.pointer}/${encodePointerSegment(key)}`,
  });
  const nearest = child(at[first]);
  if (nearest.value === null) return undefined; // `null` removed what the layers below set
  if (!isPlainObject(nearest.value)) return [nearest]; // arrays and plain values: one layer, whole
  // An object merges over the objects below it, down to a layer that sets something else.
  const run = [nearest];
  for (const a of at.slice(first + 1)) {
    if (!has(a.value)) continue;
    const below = child(a);
    if (!isPlainObject(below.value)) break;
    run.push(below);
  }
  return run;
}

/** The JSON pointer a location names, with the missing keys (where the value would go). */
export function sourcePath(where: SourceLocation): string {
  return where.pointer + where.missing.map((k) => `/${encodePointerSegment(k)}`).join('') || '/';
}

export interface IssuePlace {
  /** The template file, when the value lives in a template (undefined: the site's own file). */
  file?: string;
  /** The pointer in that file. */
  path: string;
  /** The path in the merged document, when it differs from `path`. */
  resolvedPath?: string;
}

/**
 * Where to tell a person to look for an issue. `templateFile` names a template's file as
 * the reader would open it (default `sites/templates/{name}.json`).
 */
export function issuePlace(
  issue: DocumentIssue,
  where: SourceLocation | undefined,
  templateFile: (name: string) => string = (name) => `sites/templates/${name}.json`,
): IssuePlace {
  if (!where) return { path: issue.path };
  const path = sourcePath(where);
  return {
    ...(where.template !== undefined && { file: templateFile(where.template) }),
    path,
    ...(path !== issue.path && { resolvedPath: issue.path }),
  };
}

/**
 * One readable line: `/region: must be …` for a value in the site file at the same path
 * (as always); `sites/templates/ford.json /pages/6/blocks/0/props/heading: is required
 * (resolved path /pages/5/blocks/0/props/heading)` otherwise.
 */
export function formatIssue(
  issue: DocumentIssue,
  where: SourceLocation | undefined,
  templateFile?: (name: string) => string,
): string {
  const place = issuePlace(issue, where, templateFile);
  return `${place.file ? `${place.file} ` : ''}${place.path}: ${issue.message}${place.resolvedPath ? ` (resolved path ${place.resolvedPath})` : ''}`;
}

function parsePointer(path: string): string[] {
  if (path === '' || path === '/') return [];
  return path.replace(/^\//, '').split('/').map(decodePointerSegment);
}
