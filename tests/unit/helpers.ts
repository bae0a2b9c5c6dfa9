import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import { sanitizeHtml } from '../../engine/sanitize/html.server.ts';
import type { ResolvedSite } from '../../engine/site/types.ts';

export const ROOT = join(import.meta.dirname, '../..');
export const SITES_DIR = join(ROOT, 'sites');

export function readSite(slug: string) {
  return JSON.parse(readFileSync(join(SITES_DIR, `${slug}.json`), 'utf8'));
}

export const loadTemplate = (name: string) => {
  const f = join(SITES_DIR, 'templates', `${name}.json`);
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : undefined;
};

export const prepare = createSitePreparer({ loadTemplate, sanitizeHtml });

/** A minimal valid document; pass overrides to vary it. */
export function minimalDoc(overrides: Record<string, unknown> = {}) {
  return {
    schemaVersion: 2,
    slug: 'test-site',
    name: 'Test Motors',
    pages: [{ id: 'home', path: '/', title: 'Home | {site}', blocks: [] }],
    ...overrides,
  };
}

export function prepared(doc: unknown): ResolvedSite {
  const r = prepare(doc);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r.site;
}
