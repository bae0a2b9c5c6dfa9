/**
 * Links and data references written in a site document, found through the schemas:
 * every value whose schema is the shared `href` definition, every link inside HTML
 * (`x-sanitize: "html"` strings), and every value marked `x-ref` (an id or slug that
 * names something in the site's data). One walk serves the whole-site rules
 * (whole-site.ts); the link rewrite below is the one the renderer applies.
 * Browser-safe.
 */
import { schemaKeyword, isHrefSchema, walkWithSchema } from '../document/schema-nav.ts';

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
}

/** Links and data references of a (resolved) site document, in document order. */
export function documentReferences(doc: unknown): DocumentReferences {
  const links: WrittenLink[] = [];
  const refs: DataReference[] = [];
  for (const { value, ctx, path } of walkWithSchema(doc)) {
    if (typeof value === 'string') {
      if (isHrefSchema(ctx)) links.push({ path, href: value, inText: false });
      else if (schemaKeyword(ctx, 'x-sanitize') === 'html') for (const href of linksInHtml(value)) links.push({ path, href, inText: true });
    }
    const collection = schemaKeyword(ctx, 'x-ref', value);
    if (typeof collection === 'string' && (typeof value === 'string' || typeof value === 'number')) refs.push({ path, collection, value });
  }
  return { links, refs };
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

/**
 * Where a link written in the document takes the visitor. The one rewrite: on a site
 * with an online service-booking key, /service (with any query, anchor or sub-path)
 * becomes /ford-service. Every in-site link a block renders goes through this.
 */
export function linkTarget(href: string, features: { serviceBookingKey?: string | null }): string;
export function linkTarget(href: string | undefined, features: { serviceBookingKey?: string | null }): string | undefined;
export function linkTarget(href: string | undefined, features: { serviceBookingKey?: string | null }) {
  if (!href || !features.serviceBookingKey?.trim()) return href;
  return href.replace(/^\/service(?=$|[?#/])/, '/ford-service');
}

/** An in-site link split into its path (no trailing slash except the root), query and fragment. */
export function splitHref(href: string): { path: string; query: string; fragment: string } {
  const hash = href.indexOf('#');
  const fragment = hash >= 0 ? href.slice(hash + 1) : '';
  const beforeHash = hash >= 0 ? href.slice(0, hash) : href;
  const q = beforeHash.indexOf('?');
  const rawPath = q >= 0 ? beforeHash.slice(0, q) : beforeHash;
  const query = q >= 0 ? beforeHash.slice(q + 1) : '';
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') || '/' : rawPath;
  return { path, query, fragment };
}
