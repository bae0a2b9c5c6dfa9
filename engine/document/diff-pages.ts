/**
 * Pages in the semantic diff (matched by id: added, removed, renamed, moved, template
 * pages left out or restored), and which pages a set of changes touches. Isomorphic.
 */
import type { BlockPosition, DiffOptions, PageRef, SiteChange } from './diff-types.ts';
import { compact, lcs, valueChanges, type Json } from './diff-values.ts';
import { foldedCounts, pageKey, pagesOf } from './diff-blocks.ts';
import { leftOutPageIds } from '../site/templates.ts';
import { encodePointerSegment } from '../tree.ts';

/**
 * Template pages left out (`withoutPages`) or brought back. Reported as pages, not as a
 * list setting, and named by their route and title when the template is known.
 */
export function diffWithoutPages(
  a: Json,
  b: Json,
  out: SiteChange[],
  templates: DiffOptions['templates'],
) {
  const before = leftOutPageIds(a);
  const after = leftOutPageIds(b);
  const ref = (id: string, ...sides: Array<Json | undefined>) => {
    for (const t of sides) {
      const p = pagesOf(t ?? {}).find((x) => x.id === id);
      if (p) return pageRef(p, id);
    }
    return { id };
  };
  after.forEach((id, i) => {
    if (!before.includes(id))
      out.push({
        kind: 'template-page-removed',
        page: ref(id, templates?.after, templates?.before),
        path: `/withoutPages/${i}`,
      });
  });
  before.forEach((id, i) => {
    if (!after.includes(id))
      out.push({
        kind: 'template-page-restored',
        page: ref(id, templates?.after, templates?.before),
        path: `/withoutPages/${i}`,
      });
  });
}

export function diffPages(a: Json, b: Json, out: SiteChange[]) {
  const pa = pagesOf(a);
  const pb = pagesOf(b);
  const aKeys = pa.map(pageKey);
  const bKeys = pb.map(pageKey);
  const bSet = new Set(bKeys);
  const aSet = new Set(aKeys);
  const removedBlocks = foldedCounts(a, b);
  const addedBlocks = foldedCounts(b, a);
  pa.forEach((p, i) => {
    if (bSet.has(aKeys[i])) return;
    out.push({
      kind: 'page-removed',
      page: pageRef(p, aKeys[i]),
      index: i,
      blocks: removedBlocks.get(`page:${aKeys[i]}`) ?? 0,
    });
  });
  pb.forEach((p, i) => {
    if (aSet.has(bKeys[i])) return;
    out.push({
      kind: 'page-added',
      page: pageRef(p, bKeys[i]),
      index: i,
      blocks: addedBlocks.get(`page:${bKeys[i]}`) ?? 0,
    });
  });
  const common = new Set(aKeys.filter((k) => bSet.has(k)));
  const kept = lcs(
    aKeys.filter((k) => common.has(k)),
    bKeys.filter((k) => common.has(k)),
  );
  pb.forEach((p, j) => {
    const id = bKeys[j];
    if (!common.has(id)) return;
    const i = aKeys.indexOf(id);
    const old = pa[i];
    if (old.path !== p.path || old.title !== p.title) {
      out.push({
        kind: 'page-renamed',
        page: id,
        before: compact({ path: old.path, title: old.title }),
        after: compact({ path: p.path, title: p.title }),
      });
    }
    for (const key of new Set([...Object.keys(old), ...Object.keys(p)])) {
      if (key === 'id' || key === 'path' || key === 'title' || key === 'blocks') continue;
      for (const d of valueChanges(old[key], p[key], `/pages/${j}/${encodePointerSegment(key)}`))
        out.push({ kind: 'page-changed', page: id, ...d });
    }
    if (!kept.has(id)) out.push({ kind: 'page-moved', page: id, from: i, to: j });
  });
}

function pageRef(p: Json, id: string): PageRef {
  return compact({
    id,
    path: typeof p.path === 'string' ? p.path : undefined,
    title: typeof p.title === 'string' ? p.title : undefined,
  });
}

// ---------------------------------------------------------------- pages a change touches

export interface TouchedPages {
  /** A change that can show on every page (settings, switches, header, footer, identity). */
  everyPage: boolean;
  /** Ids of pages whose own content changed, in either document. */
  pages: Set<string>;
}

/** Which pages may look different after these changes (for before/after pictures). */
export function touchedPages(changes: SiteChange[]): TouchedPages {
  const pages = new Set<string>();
  let everyPage = false;
  const at = (p: BlockPosition) => {
    if (p.area === 'page' && p.page !== undefined) pages.add(p.page);
    else everyPage = true;
  };
  for (const c of changes) {
    switch (c.kind) {
      case 'page-added':
      case 'page-removed':
      case 'template-page-removed':
      case 'template-page-restored':
        pages.add(c.page.id);
        break;
      case 'page-renamed':
      case 'page-changed':
      case 'page-moved':
        pages.add(c.page);
        break;
      case 'block-added':
      case 'block-removed':
      case 'block-changed':
      case 'block-renamed':
        at(c.at);
        break;
      case 'block-moved':
        at(c.from);
        at(c.to);
        break;
      case 'identity':
        // The schema address and version never show on a page.
        if (c.path !== '/$schema' && c.path !== '/schemaVersion') everyPage = true;
        break;
      case 'template':
        // A switch shows through what it changes for the site, when known.
        if (c.effects) {
          const inner = touchedPages(c.effects);
          everyPage ||= inner.everyPage;
          for (const p of inner.pages) pages.add(p);
        } else everyPage = true;
        break;
      default:
        everyPage = true;
    }
  }
  return { everyPage, pages };
}
