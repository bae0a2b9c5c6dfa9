/**
 * The rules for an uploaded or imported SVG (docs/editor-design.md, "Asset library"): DOMPurify's
 * SVG profile without scripts, styles, foreign content or links to anything outside the
 * file. The sanitiser worker applies them (purify-worker.ts); engine/assets/asset-check.ts
 * asks it and keeps the checks of the bytes.
 */
import createDOMPurify, { type WindowLike } from 'dompurify';

/** What DOMPurify kept, and what it took out (for the editor to say so). */
export interface SvgCleaning {
  clean: string;
  removed: string[];
}

// Links may only point inside the file (`#fragment`). DOMPurify's ALLOWED_URI_REGEXP would say
// that too, but it also applies to every plain attribute's value (x="1", d="M0 0…", viewBox),
// so narrowing it stripped the drawing itself.
const LINK_ATTRIBUTES = new Set(['href', 'xlink:href', 'src']);

/** An SVG cleaner with the rules above, on the given window (jsdom's, in the worker). */
export function createSvgCleaner(window: WindowLike): (text: string) => SvgCleaning {
  const purify = createDOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (LINK_ATTRIBUTES.has(data.attrName.toLowerCase()) && !data.attrValue.trim().startsWith('#'))
      data.keepAttr = false;
  });
  return (text) => {
    const clean = purify.sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'style'],
      FORBID_ATTR: ['style'],
    }) as string;
    const removed = [
      ...new Set(
        purify.removed.map((r) => {
          const entry = r as { element?: Element; attribute?: Attr | null };
          return entry.attribute
            ? `${entry.attribute.name} attribute`
            : `<${entry.element?.nodeName.toLowerCase() ?? '?'}>`;
        }),
      ),
    ].filter((r) => r !== '<#comment>' && r !== '<#text>');
    return { clean, removed };
  };
}
