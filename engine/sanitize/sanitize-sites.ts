/**
 * The build's step that sanitises a sites folder's rich text ahead (sanitized-file.ts;
 * docs/deploy.md, "Memory and start-up"): the folder is loaded exactly as the server loads
 * it (SiteFolder with shared pages, as engine/server/sites.ts does) with a sanitiser that
 * records what it is asked, so the file holds every distinct string the server's start
 * would send to the worker, with the worker's own answer.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SiteFolder } from '../site/folder.ts';
import { CURRENT_SCHEMA_VERSION } from '../site/migrations.ts';
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
    const folder = new SiteFolder(sitesDir, { sanitizeHtml: recording, sharePages: true });
    folder.loadAll();
    // A site made later from a template (the editor's "New site") shares the template's text.
    for (const name of templateNames(sitesDir)) folder.fromDocument(NEW_SITE, newSiteOf(name));
  } finally {
    endPurifyWorker();
  }
  return asked;
}

const NEW_SITE = 'new-site-from-template';

/** The least a new site made from `template` holds (engine/server/editor-api.ts, POST /sites). */
function newSiteOf(template: string) {
  return {
    schemaVersion: CURRENT_SCHEMA_VERSION,
    slug: NEW_SITE,
    name: 'New site',
    template,
    region: 'AU',
    dealership_id: 1,
    dealerships: [{ id: 1, slug: NEW_SITE, name: 'New site' }],
  };
}

function templateNames(sitesDir: string): string[] {
  const dir = join(sitesDir, 'templates');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
}

/** The text of sanitized.json for the folder. */
export function sanitizeSitesAhead(sitesDir: string): string {
  return sanitizedFileText(sitesDir, sanitizedStringsOf(sitesDir));
}
