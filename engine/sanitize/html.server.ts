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
 * DOMPurify itself would) and never reaches the worker. A built server starts with the
 * answers the build got from the same worker for its sites folder (sanitized-file.ts).
 */
import { purifySync, startPurifyWorker } from './purify-client.ts';
import { sanitizedAhead, type SanitizedAhead } from './sanitized-file.ts';

/** Distinct strings remembered; past this the memory starts again (a bound, not a tuning knob). */
export const SANITIZE_MEMO_LIMIT = 20_000;

const memo = new Map<string, string>();
/** The build's answers (never cleared: the memo's bound is for what comes later). */
let ahead: SanitizedAhead | undefined;
let aheadRead = false;

function fromBuild(): SanitizedAhead | undefined {
  if (!aheadRead) {
    ahead = sanitizedAhead();
    aheadRead = true;
  }
  return ahead;
}

export function sanitizeHtml(html: string): string {
  if (!html.includes('<')) return html;
  let clean = fromBuild()?.strings.get(html) ?? memo.get(html);
  if (clean === undefined) {
    clean = purifySync('html', html);
    if (memo.size >= SANITIZE_MEMO_LIMIT) memo.clear();
    memo.set(html, clean);
  }
  return clean;
}

/**
 * Called as start-up begins. Without the build's answers (`npm run dev`, tests from source)
 * every string goes to the worker, so it starts now and loads jsdom on the other core while
 * the app loads. With them, whatever sites folder is served (a deploy's clone is not the
 * build's), it starts only when a string is missing: started early, its jsdom load took the
 * second core from the server's own start even when nothing was missing.
 */
export function startHtmlSanitizer(): void {
  if (!fromBuild()) startPurifyWorker();
}

/** Tests: answer as if the build had written these answers (undefined: no file), with nothing remembered. */
export function setSanitizedAheadForTests(next: SanitizedAhead | undefined): void {
  ahead = next;
  aheadRead = true;
  memo.clear();
}
