/**
 * What a template edit means for the sites that extend it: which sites inherit the
 * template (directly or through another template), what changes for each (its resolved
 * document with the template before and after), and which of the template's changes a
 * site does not see because it sets that value itself. Isomorphic.
 */
import { resolveTemplate, leftOutPageIds, type TemplateLoader } from '../site/templates.ts';
import type { SiteChange } from './diff-types.ts';
import { diffSiteDocuments } from './diff.ts';
import { asObject, type Json } from './diff-values.ts';
import { fromPointer } from '../tree.ts';

export interface InheritingSite {
  /** Site slug (file name without .json). */
  site: string;
  /** The site's file, as the reviewer knows it. */
  file: string;
  /** Templates between the site and the edited one, nearest first (empty: extends it directly). */
  via: string[];
  /** What changes for the site (resolved before → resolved after). */
  changes: SiteChange[];
  /** Changes of the template the site does not see, because it (or a template between) sets that value itself. */
  overridden: SiteChange[];
}

/**
 * For a template `name` whose own changes are `templateChanges`: every site that extends
 * it on either side, with what changes for it. Each site is resolved as it is after the
 * change (`doc`), once with the templates of before and once with those of after, so
 * its own edits (reported with its own file) are not repeated here.
 */
export function inheritingSites(
  name: string,
  templateChanges: SiteChange[],
  sites: Array<{ site: string; file: string; doc: Json }>,
  load: { before: TemplateLoader; after: TemplateLoader },
): InheritingSite[] {
  const out: InheritingSite[] = [];
  for (const { site, file, doc } of sites) {
    const before = resolveTemplate(doc, load.before);
    const after = resolveTemplate(doc, load.after);
    const chain = after.chain.includes(name) ? after.chain : before.chain;
    const at = chain.indexOf(name);
    if (at < 0) continue;
    const changes = before.merged && after.merged ? diffSiteDocuments(before.doc, after.doc) : [];
    // The layers above the template: the site, then the templates between.
    const layers = [doc, ...chain.slice(0, at).map((t) => load.after(t) ?? {})];
    const overridden = templateChanges.filter((c) => layers.some((layer) => overrides(layer, c)));
    out.push({ site, file, via: chain.slice(0, at), changes, overridden });
  }
  return out;
}

/** Does a document set (or remove) the value at this pointer, so a template's value there never shows? */
function setsAt(doc: Json, pointer: string): boolean {
  let node: unknown = doc;
  for (const part of fromPointer(pointer)) {
    if (
      !node ||
      typeof node !== 'object' ||
      Array.isArray(node) ||
      !Object.prototype.hasOwnProperty.call(node, part)
    )
      return false;
    node = (node as Json)[part];
    // A list, a plain value or null replaces (or removes) everything the template has below it.
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return true;
  }
  return true;
}

function definesPage(doc: Json, id: string | undefined): boolean {
  if (id === undefined) return false;
  const pages = Array.isArray(doc.pages) ? doc.pages : [];
  return pages.some((p: unknown) => asObject(p).id === id) || leftOutPageIds(doc).includes(id);
}

/** Is this template change hidden by what the document sets itself? */
function overrides(doc: Json, c: SiteChange): boolean {
  switch (c.kind) {
    case 'identity':
    case 'setting':
    case 'feature':
    case 'record-added':
    case 'record-removed':
    case 'record-changed':
    case 'records-reordered':
      return setsAt(doc, c.path);
    case 'page-renamed':
    case 'page-changed':
      return definesPage(doc, c.page);
    case 'page-moved':
      return leftOutPageIds(doc).includes(c.page);
    case 'page-added':
    case 'page-removed':
      return definesPage(doc, c.page.id);
    case 'block-added':
    case 'block-removed':
    case 'block-changed':
    case 'block-renamed':
    case 'block-moved': {
      const at = c.kind === 'block-moved' ? c.to : c.at;
      return at.area === 'page' ? definesPage(doc, at.page) : setsAt(doc, `/layout/${at.area}`);
    }
    default:
      return false;
  }
}
