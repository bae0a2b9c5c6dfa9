/**
 * The one set of rules for dealer rich text: which tags, attributes and link schemes are
 * kept. The server applies them on jsdom, in its sanitiser worker (purify-worker.ts), when
 * it loads a document (html.server.ts); the editor's rich-text field applies the same rules
 * in the browser before it stores a value, so what staff see in the field is what the
 * server will keep.
 */
import createDOMPurify, { type WindowLike } from 'dompurify';

export const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sup', 'sub', 'span',
  'h2', 'h3', 'h4', 'h5', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr', 'table', 'thead',
  'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption',
];
export const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'target', 'rel'];
export const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\?)/i;

/** A sanitiser with the rules above, on the given window (jsdom's on the server, the page's in the browser). */
export function createHtmlSanitizer(window: WindowLike): (html: string) => string {
  const purify = createDOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    }
    if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
  });
  return (html) =>
    purify.sanitize(html, {
      ALLOWED_TAGS,
      ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading'],
      ALLOWED_URI_REGEXP,
      ALLOW_DATA_ATTR: false,
    }) as string;
}
