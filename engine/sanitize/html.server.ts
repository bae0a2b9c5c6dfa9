/**
 * Server-side HTML sanitiser (DOMPurify on jsdom). Dealer rich text is cleaned once,
 * when the server loads a document, so the browser receives only safe markup and needs
 * no sanitiser of its own. The rules are html-rules.ts (shared with the editor's rich-text field).
 */
import { JSDOM } from 'jsdom';
import { createHtmlSanitizer } from './html-rules.ts';

export const sanitizeHtml = createHtmlSanitizer(new JSDOM('').window as unknown as Window & typeof globalThis);
