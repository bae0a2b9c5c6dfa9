/**
 * Per-page head data from blocks: a block's `load` may answer an object with a `head`
 * property (PageHead) — e.g. the car page gives the car's title, description, Open Graph
 * tags and schema.org data, and status 404 for a car that has gone. The renderer merges
 * the heads of the page's blocks (in page order: the first title, description, status and
 * preload image win; meta tags and JSON-LD add up) over the page document's own title and description.
 * Nothing here knows any block.
 */

export interface HeadMeta {
  /** <meta name=…> */
  name?: string;
  /** <meta property=…> (Open Graph) */
  property?: string;
  content: string;
}

export interface PageHead {
  title?: string;
  description?: string;
  /** Extra meta tags; one with the same name or property as a default tag replaces it. */
  meta?: HeadMeta[];
  /** schema.org objects, each written as <script type="application/ld+json">. A top-level object without `url` gets the page's canonical address. */
  jsonLd?: Record<string, unknown>[];
  /** HTTP status for the page (e.g. 404). */
  status?: number;
  /**
   * The page's main image (its largest paint, e.g. a car's first photo), fetched first: a
   * preload at the top of <head>, before the page's scripts compete for the connection.
   * The same src, srcset and sizes the <img> uses, or the browser fetches it twice.
   */
  preloadImage?: PreloadImage;
}

export interface PreloadImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The head a block's data carries, if any. */
export function headOf(data: unknown): PageHead | undefined {
  if (!isObject(data) || !isObject(data.head)) return undefined;
  return data.head as PageHead;
}

/** Merges the heads of a page's block data (an object keyed by block id, in page order). */
export function mergeHeads(blockData: Record<string, unknown> | undefined): PageHead {
  const out: PageHead = {};
  for (const value of Object.values(blockData ?? {})) {
    const head = headOf(value);
    if (!head) continue;
    if (out.title === undefined && typeof head.title === 'string' && head.title)
      out.title = head.title;
    if (out.description === undefined && typeof head.description === 'string' && head.description)
      out.description = head.description;
    if (
      out.status === undefined &&
      typeof head.status === 'number' &&
      head.status >= 200 &&
      head.status < 600
    )
      out.status = head.status;
    if (Array.isArray(head.meta))
      (out.meta ??= []).push(
        ...head.meta.filter(
          (m) => isObject(m) && typeof m.content === 'string' && (m.name || m.property),
        ),
      );
    if (Array.isArray(head.jsonLd)) (out.jsonLd ??= []).push(...head.jsonLd.filter(isObject));
    if (
      out.preloadImage === undefined &&
      isObject(head.preloadImage) &&
      typeof head.preloadImage.href === 'string'
    )
      out.preloadImage = head.preloadImage;
  }
  return out;
}

/** Meta tags after the head's: same name/property replaces, order kept, new ones appended. */
export function mergeMeta(defaults: HeadMeta[], extra: HeadMeta[] = []): HeadMeta[] {
  const key = (m: HeadMeta) => (m.property ? `p:${m.property}` : `n:${m.name}`);
  const byKey = new Map(extra.map((m) => [key(m), m]));
  const out = defaults.map((m) => {
    const replacement = byKey.get(key(m));
    if (replacement) byKey.delete(key(m));
    return replacement ?? m;
  });
  // Tags such as og:image may legitimately repeat: append every extra not used as a replacement.
  const used = new Set(defaults.map(key));
  for (const m of extra) if (!used.has(key(m))) out.push(m);
  return out;
}

/** The JSON-LD objects with the canonical address filled in where they have no url. */
export function withCanonical(
  jsonLd: Record<string, unknown>[] = [],
  canonicalUrl: string,
): Record<string, unknown>[] {
  return jsonLd.map((o) => (o.url === undefined ? { ...o, url: canonicalUrl } : o));
}
