/** What the demo page generators read: every site and template document of a sites folder. */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

type Json = Record<string, any>;

/** The site documents, then the templates, as paths in sorted order. */
export function siteFiles(sitesDir: string): string[] {
  const list = readdirSync(sitesDir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => join(sitesDir, f));
  const templates = join(sitesDir, 'templates');
  if (existsSync(templates))
    list.push(
      ...readdirSync(templates)
        .filter((f) => f.endsWith('.json'))
        .map((f) => join(templates, f)),
    );
  return list.sort();
}

/** The raw template a document names, if the folder has it. */
export function templateOf(sitesDir: string, doc: Json): Json | undefined {
  if (typeof doc.template !== 'string') return undefined;
  const file = join(sitesDir, 'templates', `${doc.template}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Json) : undefined;
}
