/** Shared by the merge tests (merge*.test.ts): the demo documents, and small ways to read and edit a copy of one. */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { mergeSiteDocuments, type MergeConflict } from '../../../engine/document/merge.ts';
import { walkBlocks } from '../../../engine/tree.ts';

export type Doc = Record<string, any>;

export const SITES = join(import.meta.dirname, '../../../sites');
export const read = (file: string): Doc => JSON.parse(readFileSync(join(SITES, file), 'utf8'));
/**
 * The base the merge tests edit: a copy of a demo site's document, kept as a fixture so the
 * tests' block ids and positions do not move when the demo content changes.
 */
export const KIWI: Doc = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../fixtures/merge-base-site.json'), 'utf8'),
);
export const DEMOS = readdirSync(SITES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => [f, read(f)] as const);

export const clone = <T>(v: T): T => structuredClone(v);
/** A copy of `doc` changed by `fn`. */
export const edit = (doc: Doc, fn: (d: Doc) => void): Doc => {
  const d = clone(doc);
  fn(d);
  return d;
};

/** Every block with its path, and the path of the list it is in. */
export function blocksOf(doc: Doc) {
  const out = new Map<string, { block: Doc; path: string; list: string; index: number }>();
  for (const { block, path } of walkBlocks(doc)) {
    const cut = path.lastIndexOf('/');
    out.set(block.id as string, {
      block,
      path,
      list: path.slice(0, cut),
      index: Number(path.slice(cut + 1)),
    });
  }
  return out;
}
export const block = (doc: Doc, id: string) => blocksOf(doc).get(id)?.block;
/** The list (array) a block is in, from the document root. */
export function listOf(doc: Doc, id: string): Doc[] {
  const info = blocksOf(doc).get(id)!;
  return info.list
    .split('/')
    .slice(1)
    .reduce((node: any, seg) => node[seg], doc);
}
export const page = (doc: Doc, id: string) => doc.pages.find((p: Doc) => p.id === id);
export const ids = (list: Doc[]) => list.map((x) => x.id);

export function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object') {
    Object.freeze(v);
    for (const x of Object.values(v)) deepFreeze(x);
  }
  return v;
}

export const merge = (base: Doc, theirs: Doc, mine: Doc) =>
  mergeSiteDocuments(base, theirs, mine) as { merged: Doc; conflicts: MergeConflict[] };
export const setHeading = (id: string, value: string) => (d: Doc) => {
  const b = block(d, id)!;
  b.props = { ...b.props, heading: value };
};
