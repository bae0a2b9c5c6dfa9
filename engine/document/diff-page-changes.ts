/**
 * Template pages changed block by block (`blockChanges`, docs/site-documents.md) in the
 * semantic diff. Such an entry means nothing without the template page it changes, so
 * before pages and blocks are compared, each side's page is expanded to what the site
 * shows: the template page with that side's changes merged in, or the template page
 * itself on a side that does not change it. A prop edit then reads as the block's prop
 * edit (`Block hero hero on page home: props/heading "A" → "B"`), turning a page of
 * changes into a copy reads as what the copy changes, and clearing the changes reads as
 * the values going back to the template's. Isomorphic.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { applyPageChanges, isPageChange } from '../site/page-changes.ts';
import { leftOutPageIds, mergeDocuments } from '../site/templates.ts';
import type { DiffOptions, SiteChange } from './diff-types.ts';
import { asObject, type Json } from './diff-values.ts';

export interface ExpandedPages {
  a: Json;
  b: Json;
  /** Brings page indices and paths of changes on the expanded pages back to the documents' own. */
  restore: (changes: SiteChange[]) => void;
}

const pagesOf = (doc: Json): unknown[] => (Array.isArray(doc.pages) ? doc.pages : []);
const idOf = (p: unknown) => (isPlainObject(p) ? (p as Json).id : undefined);

/** Where a template is not known, the changed blocks stand for the page (their type unknown). */
function stubPage(id: unknown, entries: Json[]): Json {
  const ids = new Set<string>();
  for (const e of entries)
    if (isPlainObject(e.blockChanges))
      for (const k of Object.keys(e.blockChanges as Json)) ids.add(k);
  return { id, blocks: [...ids].map((bid) => ({ type: 'template block', id: bid })) };
}

export function expandPageChanges(
  a: Json,
  b: Json,
  templates: DiffOptions['templates'],
): ExpandedPages {
  const tplPages = (t: Json | undefined) =>
    (t ? pagesOf(t).filter(isPlainObject) : undefined) as Json[] | undefined;
  const sides = [
    { doc: a, tpl: tplPages(templates?.before) },
    { doc: b, tpl: tplPages(templates?.after) },
  ];
  const isChange = (entry: unknown, doc: Json, tpl: Json[] | undefined) =>
    typeof doc.template === 'string' &&
    (tpl
      ? isPageChange(entry, new Set(tpl.map((p) => p.id)))
      : isPlainObject(entry) && !('blocks' in (entry as Json)));
  const ids = new Set<unknown>();
  for (const s of sides)
    for (const p of pagesOf(s.doc)) if (isChange(p, s.doc, s.tpl)) ids.add(idOf(p));
  if (!ids.size) return { a, b, restore: () => {} };
  const entriesOf = (id: unknown) =>
    sides.flatMap((s) => pagesOf(s.doc).filter((p) => idOf(p) === id) as Json[]);

  const expanded = sides.map((s) => {
    const templatePage = (id: unknown): Json | undefined =>
      s.tpl ? s.tpl.find((p) => p.id === id) : stubPage(id, entriesOf(id));
    const real: number[] = [];
    const pages = pagesOf(s.doc).map((p, i) => {
      real.push(i);
      if (!ids.has(idOf(p)) || !isChange(p, s.doc, s.tpl)) return p;
      const base = templatePage(idOf(p));
      if (!base) return p;
      return (
        applyPageChanges({ pages: [base] }, { pages: [p] }, mergeDocuments, undefined, []).base
          .pages as unknown[]
      )[0];
    });
    return {
      pages,
      real,
      templatePage,
      extends: typeof s.doc.template === 'string',
      leftOut: new Set(leftOutPageIds(s.doc)),
    };
  });

  // A side that does not change the page shows the template's page: it goes where the
  // other side has it, after the nearest page both have, so no page reads as moved.
  for (const [x, y] of [
    [0, 1],
    [1, 0],
  ]) {
    const X = expanded[x];
    const Y = expanded[y];
    for (const id of ids) {
      if (!X.extends || X.pages.some((p) => idOf(p) === id) || X.leftOut.has(id as string))
        continue;
      const page = X.templatePage(id);
      const at = Y.pages.findIndex((p) => idOf(p) === id);
      if (!page || at < 0) continue;
      let after = -1;
      for (let k = at - 1; k >= 0 && after < 0; k--)
        after = X.pages.findIndex((p) => idOf(p) === idOf(Y.pages[k]));
      X.pages.splice(after + 1, 0, page);
      X.real.splice(after + 1, 0, -1);
    }
  }

  const [A, B] = expanded;
  const fix = (real: number[], i: number) => (real[i] >= 0 ? real[i] : i);
  const fixPath = (real: number[], path: string) =>
    path.replace(/^\/pages\/(\d+)/, (_, j) => `/pages/${fix(real, Number(j))}`);
  const restore = (changes: SiteChange[]) => {
    for (let n = changes.length - 1; n >= 0; n--) {
      const c = changes[n];
      // A changed page keeps the template page's place whatever its entry's place in the file.
      if (c.kind === 'page-moved' && ids.has(c.page)) {
        changes.splice(n, 1);
        continue;
      }
      if (c.kind === 'page-moved')
        Object.assign(c, { from: fix(A.real, c.from), to: fix(B.real, c.to) });
      else if (c.kind === 'page-removed') c.index = fix(A.real, c.index);
      else if (c.kind === 'page-added') c.index = fix(B.real, c.index);
      else if (c.kind === 'page-changed') c.path = fixPath(B.real, c.path);
      else if (c.kind === 'block-removed') c.at.path = fixPath(A.real, c.at.path);
      else if (c.kind === 'block-moved')
        Object.assign(c, {
          from: { ...c.from, path: fixPath(A.real, c.from.path) },
          to: { ...c.to, path: fixPath(B.real, c.to.path) },
        });
      else if (c.kind === 'block-added' || c.kind === 'block-changed' || c.kind === 'block-renamed')
        c.at.path = fixPath(B.real, c.at.path);
    }
  };
  return {
    a: { ...a, pages: A.pages.map(asObject) },
    b: { ...b, pages: B.pages.map(asObject) },
    restore,
  };
}
