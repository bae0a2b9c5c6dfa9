/**
 * Links and data references written in a site document, found through the schemas:
 * every value whose schema is the shared `href` definition, every link inside HTML
 * (`x-sanitize: "html"` strings), and every value marked `x-ref` (an id or slug that
 * names something in the site's data). One walk serves the whole-site rules
 * (whole-site.ts). Browser-safe, but it reads every schema: dealer pages import
 * link-target.ts instead.
 */
import { schemaKeyword, isHrefSchema, walkWithSchema } from '../document/schema-nav.ts';

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

/** Links and data references of a (resolved) site document, in document order. */
export function documentReferences(doc: unknown): DocumentReferences {
  const links: WrittenLink[] = [];
  const refs: DataReference[] = [];
  const defined: Record<string, Set<string>> = {};
  const open = new Set<string>();
  for (const { value, ctx, path } of walkWithSchema(doc)) {
    const defines = schemaKeyword(ctx, 'x-defines', value);
    if (typeof defines === 'string' && (typeof value === 'string' || typeof value === 'number')) (defined[defines] ??= new Set()).add(String(value));
    const opens = schemaKeyword(ctx, 'x-opens', value);
    if (typeof opens === 'string' && value === true) open.add(opens);
    if (typeof value === 'string') {
      if (isHrefSchema(ctx)) links.push({ path, href: value, inText: false });
      else if (schemaKeyword(ctx, 'x-sanitize') === 'html') for (const href of linksInHtml(value)) links.push({ path, href, inText: true });
    }
    const collection = schemaKeyword(ctx, 'x-ref', value);
    if (typeof collection === 'string' && (typeof value === 'string' || typeof value === 'number')) refs.push({ path, collection, value });
  }
  const result: DocumentReferences['defined'] = { ...defined };
  for (const name of open) result[name] = undefined;
  return { links, refs, defined: result };
}

const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/** The href of every `<a>` in an HTML fragment, entities in the common forms decoded. */
export function linksInHtml(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(ANCHOR_HREF)) out.push(decodeEntities((m[1] ?? m[2] ?? m[3]).trim()));
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
