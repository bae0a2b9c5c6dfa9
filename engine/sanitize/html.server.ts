/**
 * Server-side HTML sanitiser. Dealer rich text is cleaned once, when the server loads a
 * document, so the browser receives only safe markup and needs no sanitiser of its own.
 * The rules are html-rules.ts (shared with the editor's rich-text field); they run on jsdom
 * in the sanitiser worker (purify-client.ts), so the server's own thread never holds jsdom
 * (docs/deploy.md, "Memory and start-up"). A worker that fails is an error here: the text
 * is never passed on unsanitised.
 *
 * Sites made from one template repeat the same rich text, so each distinct string is
 * cleaned once and the answer remembered; text without `<` is returned unchanged (as
 * DOMPurify itself would) and never reaches the worker.
 */
import { purifySync } from './purify-client.ts';

/** Distinct strings remembered; past this the memory starts again (a bound, not a tuning knob). */
export const SANITIZE_MEMO_LIMIT = 20_000;

const memo = new Map<string, string>();

export function sanitizeHtml(html: string): string {
  if (!html.includes('<')) return html;
  let clean = memo.get(html);
  if (clean === undefined) {
    clean = purifySync('html', html);
    if (memo.size >= SANITIZE_MEMO_LIMIT) memo.clear();
    memo.set(html, clean);
  }
  return clean;
}
