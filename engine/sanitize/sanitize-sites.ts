/**
 * The build's step that sanitises a sites folder's rich text ahead (sanitized-file.ts;
 * docs/deploy.md, "Memory and start-up"): the folder is loaded exactly as the server loads
 * it (SiteFolder with shared pages, as engine/server/sites.ts does) with a sanitiser that
 * records what it is asked, so the file holds every distinct string the server's start
 * would send to the worker, with the worker's own answer.
 */
import { SiteFolder } from '../site/folder.ts';
import { sanitizeHtml } from './html.server.ts';
import { endPurifyWorker } from './purify-client.ts';
import { sanitizedFileText } from './sanitized-file.ts';

/** Every string containing `<` that loading the folder sanitises, and its answer. */
export function sanitizedStringsOf(sitesDir: string): Map<string, string> {
  const asked = new Map<string, string>();
  const recording = (html: string) => {
    const clean = sanitizeHtml(html);
    if (html.includes('<')) asked.set(html, clean);
    return clean;
  };
  try {
    new SiteFolder(sitesDir, { sanitizeHtml: recording, sharePages: true }).loadAll();
  } finally {
    endPurifyWorker();
  }
  return asked;
}

/** The text of sanitized.json for the folder. */
export function sanitizeSitesAhead(sitesDir: string): string {
  return sanitizedFileText(sitesDir, sanitizedStringsOf(sitesDir));
}
