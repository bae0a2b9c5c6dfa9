/**
 * The rich-text rules as data: what DOMPurify is told (tags, attributes, link schemes) and
 * the attributes set on what it keeps. html-rules.ts applies them; they are data so the
 * rich text sanitised ahead by the build can name exactly which rules produced it, and a
 * server ignores a file made under other rules (sanitized-file.ts; docs/deploy.md, "Memory
 * and start-up"). This module loads no DOMPurify: the server's own thread reads it.
 */
// The one module, not lodash-es's index: the sanitiser worker run from source loads its
// modules through tsx one by one, and the index's 600 took half of each worker's start
// (docs/deploy.md, "Memory and start-up").
import uniq from 'lodash-es/uniq.js';

export const ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'small',
  'sup',
  'sub',
  'span',
  'h2',
  'h3',
  'h4',
  'h5',
  'ul',
  'ol',
  'li',
  'a',
  'blockquote',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'img',
  'figure',
  'figcaption',
];
export const ALLOWED_ATTR = [
  'href',
  'title',
  'alt',
  'src',
  'width',
  'height',
  'colspan',
  'rowspan',
  'target',
  'rel',
];
export const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\?)/i;

/**
 * Attributes whose values are not addresses, and the values each may have. DOMPurify checks
 * the value of any attribute it does not know as safe against the link rule above, which
 * dropped every one of these (an image's size, a table cell's span, a link's target). As
 * patterns (strings, so they are part of the rules' data), anchored.
 */
export const ATTRIBUTE_VALUES: Record<string, string> = {
  width: '^\\d{1,4}%?$',
  height: '^\\d{1,4}%?$',
  colspan: '^\\d{1,3}$',
  rowspan: '^\\d{1,3}$',
  target: '^_(?:blank|self)$',
  rel: '^(?:nofollow|noopener|noreferrer|sponsored|ugc)(?: (?:nofollow|noopener|noreferrer|sponsored|ugc))*$',
};

/** Set on kept elements after DOMPurify's pass: a tag (upper case, as DOM names it), the attributes it must have (if any), and what is set. */
export interface SetAttributesRule {
  tag: string;
  when?: Record<string, string>;
  set: Record<string, string>;
}

export const SET_ATTRIBUTES: SetAttributesRule[] = [
  // A link opening a new tab gets no handle on this page.
  { tag: 'A', when: { target: '_blank' }, set: { rel: 'noopener noreferrer' } },
  { tag: 'IMG', set: { loading: 'lazy' } },
];

/** DOMPurify's configuration for rich text (the attributes set above are allowed too). */
export const HTML_PURIFY_CONFIG = {
  ALLOWED_TAGS,
  ALLOWED_ATTR: uniq([...ALLOWED_ATTR, ...SET_ATTRIBUTES.flatMap((r) => Object.keys(r.set))]),
  ALLOWED_URI_REGEXP,
  ADD_URI_SAFE_ATTR: Object.keys(ATTRIBUTE_VALUES),
  ALLOW_DATA_ATTR: false,
};
