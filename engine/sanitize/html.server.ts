/**
 * Server-side HTML sanitiser (DOMPurify on jsdom). Dealer rich text is cleaned once,
 * when the server loads a document, so the browser receives only safe markup and needs
 * no sanitiser of its own. The rules are html-rules.ts (shared with the editor's rich-text field).
 *
 * Sites made from one template repeat the same rich text, so each distinct string is
 * cleaned once and the answer remembered (docs/deploy.md, "Memory and start-up"); jsdom is
 * loaded only when a string holds markup, as text without `<` is returned unchanged by
 * DOMPurify itself.
 */
import { createRequire } from 'node:module';
import { createHtmlSanitizer } from './html-rules.ts';

/** Distinct strings remembered; past this the memory starts again (a bound, not a tuning knob). */
export const SANITIZE_MEMO_LIMIT = 20_000;

let sanitizer: ((html: string) => string) | undefined;
const memo = new Map<string, string>();

function purifier() {
  if (!sanitizer) {
    // jsdom is CommonJS and large: required on first use, synchronously (ajv keywords are synchronous).
    const { JSDOM } = createRequire(import.meta.url)('jsdom') as typeof import('jsdom');
    sanitizer = createHtmlSanitizer(new JSDOM('').window as unknown as Window & typeof globalThis);
  }
  return sanitizer;
}

export function sanitizeHtml(html: string): string {
  if (!html.includes('<')) return html;
  let clean = memo.get(html);
  if (clean === undefined) {
    clean = purifier()(html);
    if (memo.size >= SANITIZE_MEMO_LIMIT) memo.clear();
    memo.set(html, clean);
  }
  return clean;
}
