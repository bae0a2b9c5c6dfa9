/**
 * Server-side HTML sanitiser (DOMPurify on jsdom). Dealer rich text is cleaned once,
 * when the server loads a document, so the browser receives only safe markup and needs
 * no sanitiser of its own.
 */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const purify = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);

const ALLOWED_TAGS = [
  'p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'sup', 'sub', 'span',
  'h2', 'h3', 'h4', 'h5', 'ul', 'ol', 'li', 'a', 'blockquote', 'hr', 'table', 'thead',
  'tbody', 'tr', 'th', 'td', 'img', 'figure', 'figcaption',
];
const ALLOWED_ATTR = ['href', 'title', 'alt', 'src', 'width', 'height', 'colspan', 'rowspan', 'target', 'rel'];
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|\/(?!\/)|#|\?)/i;

purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
    node.setAttribute('rel', 'noopener noreferrer');
  }
  if (node.tagName === 'IMG') node.setAttribute('loading', 'lazy');
});

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR: [...ALLOWED_ATTR, 'loading'],
    ALLOWED_URI_REGEXP,
    ALLOW_DATA_ATTR: false,
  }) as string;
}
