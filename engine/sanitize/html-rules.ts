/**
 * The one set of rules for dealer rich text: which tags, attributes and link schemes are
 * kept (html-config.ts). The server applies them on jsdom, in its sanitiser worker
 * (purify-worker.ts), when it loads a document (html.server.ts); the editor's rich-text
 * field applies the same rules in the browser before it stores a value, so what staff see
 * in the field is what the server will keep.
 */
import createDOMPurify, { type WindowLike } from 'dompurify';
import { ATTRIBUTE_VALUES, HTML_PURIFY_CONFIG, SET_ATTRIBUTES } from './html-config.ts';

export { ALLOWED_ATTR, ALLOWED_TAGS, ALLOWED_URI_REGEXP } from './html-config.ts';

/** A sanitiser with the rules above, on the given window (jsdom's on the server, the page's in the browser). */
export function createHtmlSanitizer(window: WindowLike): (html: string) => string {
  const purify = createDOMPurify(window);
  const values = new Map(
    Object.entries(ATTRIBUTE_VALUES).map(([name, pattern]) => [name, new RegExp(pattern)]),
  );
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const pattern = values.get(data.attrName);
    if (pattern && !pattern.test(data.attrValue.trim())) data.keepAttr = false;
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    for (const rule of SET_ATTRIBUTES) {
      if (node.tagName !== rule.tag) continue;
      if (
        rule.when &&
        Object.entries(rule.when).some(([name, value]) => node.getAttribute(name) !== value)
      )
        continue;
      for (const [name, value] of Object.entries(rule.set)) node.setAttribute(name, value);
    }
  });
  return (html) => purify.sanitize(html, HTML_PURIFY_CONFIG) as string;
}
