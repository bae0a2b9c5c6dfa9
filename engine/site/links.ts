/**
 * Links and data references written in a site document, found through the schemas:
 * every value whose schema is the shared `href` definition, every link inside HTML
 * (`x-sanitize: "html"` strings), and every value marked `x-ref` (an id or slug that
 * names something in the site's data). One walk serves the whole-site rules
 * (whole-site.ts). Browser-safe, but it reads every schema: dealer pages import
 * link-target.ts instead.
 */
import {
  SITE_CTX,
  itemCtx,
  propertyCtx,
  schemaKeyword,
  isHrefSchema,
  walkWithSchema,
  type SchemaCtx,
} from '../tree/schema-nav.ts';
import { encodePointerSegment } from '../tree.ts';

export { linkTarget, splitHref } from './link-target.ts';

export interface WrittenLink {
  /** JSON pointer of the value that holds the link (the HTML string, for a link inside text). */
  path: string;
  href: string;
  /** Written inside rich text rather than as a link field. */
  inText: boolean;
}

export interface DataReference {
  path: string;
  /** The collection the value names an entry of (see whole-site.ts `siteCollections`). */
  collection: string;
  value: string | number;
}

export interface DocumentReferences {
  links: WrittenLink[];
  refs: DataReference[];
  /**
   * Entries the document itself defines (`x-defines`, e.g. the ids of reviews pasted into
   * a block), by collection; a collection is open (undefined: its entries also come from a
   * service, so nothing can be checked) when a switch marked `x-opens` is on.
   */
  defined: Record<string, Set<string> | undefined>;
}

/** What one part of a document writes, with paths from that part. */
interface PartReferences {
  links: WrittenLink[];
  refs: DataReference[];
  defined: [collection: string, value: string][];
  opens: string[];
}

/**
 * The references of a page shared by many sites (a frozen page, engine/site/shared-pages.ts)
 * are found once: they cannot change, and each site's rules read them again.
 */
const sharedPageParts = new WeakMap<object, PartReferences>();

/** Links and data references of a (resolved) site document, in document order. */
export function documentReferences(doc: unknown): DocumentReferences {
  const parts: [PartReferences, string][] = [];
  if (doc && typeof doc === 'object' && !Array.isArray(doc)) {
    parts.push([partReferences(doc, SITE_CTX, true), '']);
    const pagesCtx = propertyCtx(SITE_CTX, 'pages');
    for (const [key, value] of Object.entries(doc)) {
      const ctx = propertyCtx(SITE_CTX, key);
      if (!ctx) continue;
      const path = `/${encodePointerSegment(key)}`;
      if (key !== 'pages' || !Array.isArray(value)) {
        parts.push([partReferences(value, ctx), path]);
        continue;
      }
      value.forEach((page: unknown, i) => {
        const pageCtx = itemCtx(pagesCtx, i);
        if (!pageCtx) return;
        const frozen = page !== null && typeof page === 'object' && Object.isFrozen(page);
        let found = frozen ? sharedPageParts.get(page as object) : undefined;
        if (!found) {
          found = partReferences(page, pageCtx);
          if (frozen) sharedPageParts.set(page as object, found);
        }
        parts.push([found, `${path}/${i}`]);
      });
    }
  } else parts.push([partReferences(doc, SITE_CTX), '']);
  const links: WrittenLink[] = [];
  const refs: DataReference[] = [];
  const defined: Record<string, Set<string>> = {};
  const open = new Set<string>();
  for (const [part, base] of parts) {
    for (const l of part.links) links.push({ ...l, path: base + l.path });
    for (const r of part.refs) refs.push({ ...r, path: base + r.path });
    for (const [name, value] of part.defined) (defined[name] ??= new Set()).add(value);
    for (const name of part.opens) open.add(name);
  }
  const result: DocumentReferences['defined'] = { ...defined };
  for (const name of open) result[name] = undefined;
  return { links, refs, defined: result };
}

/** The references written in one value, found through its schema; `rootOnly` looks at the value itself and nothing under it. */
function partReferences(root: unknown, ctx: SchemaCtx, rootOnly = false): PartReferences {
  const out: PartReferences = { links: [], refs: [], defined: [], opens: [] };
  const visits = rootOnly ? [{ value: root, ctx, path: '' }] : walkWithSchema(root, ctx);
  for (const { value, ctx: at, path } of visits) {
    const defines = schemaKeyword(at, 'x-defines', value);
    if (typeof defines === 'string' && (typeof value === 'string' || typeof value === 'number'))
      out.defined.push([defines, String(value)]);
    const opens = schemaKeyword(at, 'x-opens', value);
    if (typeof opens === 'string' && value === true) out.opens.push(opens);
    if (typeof value === 'string') {
      if (isHrefSchema(at)) out.links.push({ path, href: value, inText: false });
      else if (schemaKeyword(at, 'x-sanitize') === 'html')
        for (const href of linksInHtml(value)) out.links.push({ path, href, inText: true });
    }
    const collection = schemaKeyword(at, 'x-ref', value);
    if (typeof collection === 'string' && (typeof value === 'string' || typeof value === 'number'))
      out.refs.push({ path, collection, value });
  }
  return out;
}

const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The href of every `<a>` in an HTML fragment, entities in the common forms decoded. */
export function linksInHtml(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(ANCHOR_HREF))
    out.push(decodeEntities((m[1] ?? m[2] ?? m[3]).trim()));
  return out;
}

function decodeEntities(s: string): string {
  return s
    .replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCodePoint(parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
