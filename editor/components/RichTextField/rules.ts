/**
 * What the rich-text field may contain, read from the sanitiser's own rules
 * (engine/sanitize/html-rules.ts) so the field never offers what the server would strip:
 * the heading levels, the tags and attributes Tiptap can keep, and the link schemes staff
 * may choose.
 */
import { ALLOWED_TAGS, createHtmlSanitizer } from '../../../engine/sanitize/html-rules.ts';
import { isSafeHref } from '../../../engine/sanitize/url.ts';

export type Level = 2 | 3 | 4 | 5;

/** The heading tags the sanitiser keeps (h2–h5: the page and block headings above them are h1 and h2). */
export const HEADING_LEVELS = ALLOWED_TAGS.flatMap((t) => {
  const m = /^h([2-5])$/.exec(t);
  return m ? [Number(m[1]) as Level] : [];
});

let sanitizer: ((html: string) => string) | undefined;
/** The server's sanitiser, on this page's window (made on first use: the field is the only caller). */
export function sanitizeHtml(html: string): string {
  sanitizer ??= createHtmlSanitizer(window);
  return sanitizer(html);
}

/**
 * Links staff may add: a page of the site (/…), an anchor or query (#…, ?…), https://,
 * mailto: and tel: (plain http:// is refused: the site is served over https). Older text
 * may hold http:// links, which the sanitiser keeps and the field leaves alone.
 */
const FIELD_HREF = /^(?:\/(?!\/)|#|\?|https:\/\/[^/]|mailto:.|tel:.)/i;

export function isFieldHref(href: string): boolean {
  return isSafeHref(href) && FIELD_HREF.test(href.trim());
}

/** Tags the field's editor (extensions.ts) represents; anything else would be lost on editing. */
const KEPT_TAGS = new Set([
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'hr',
  ...HEADING_LEVELS.map((l) => `h${l}`),
]);
const KEPT_ATTRS: Record<string, Set<string>> = { a: new Set(['href', 'target', 'rel', 'title']) };

/**
 * The first thing in (sanitised) HTML that the toolbar editor cannot keep (a table, an image,
 * an attribute), named for staff, or undefined when the field can edit it without loss.
 */
export function unkeptContent(html: string): string | undefined {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const el of doc.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (!KEPT_TAGS.has(tag)) return tagName(tag);
    for (const attr of el.getAttributeNames())
      if (!KEPT_ATTRS[tag]?.has(attr)) return `a "${attr}" setting on ${tagName(tag)}`;
  }
  return undefined;
}

const NAMES: Record<string, string> = {
  img: 'an image',
  table: 'a table',
  thead: 'a table',
  tbody: 'a table',
  tr: 'a table',
  th: 'a table',
  td: 'a table',
  figure: 'a figure',
  figcaption: 'a figure caption',
  small: 'small print',
  sup: 'superscript',
  sub: 'subscript',
  span: 'styled text',
};
function tagName(tag: string): string {
  return NAMES[tag] ?? `a <${tag}> element`;
}

/**
 * Tiptap's HTML in the shape the site already stores: a list item holding one paragraph is
 * written `<li>text</li>` (Tiptap reads it back the same), and an emptied field is undefined.
 */
export function storedHtml(html: string): string | undefined {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  for (const li of tpl.content.querySelectorAll('li')) {
    const only =
      li.children.length === 1 && li.childNodes.length === 1 ? li.firstElementChild : null;
    if (only?.tagName === 'P' && only.attributes.length === 0) only.replaceWith(...only.childNodes);
  }
  const out = tpl.innerHTML;
  return out === '' || out === '<p></p>' ? undefined : out;
}
