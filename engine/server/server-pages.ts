/**
 * The server's own HTML pages: the index of the sites, and the error pages (with the
 * development page's list of an invalid site's problems).
 */
import escape from 'lodash-es/escape.js';
import { PLATFORM_FAVICON } from './favicon.ts';
import { issuePlace, type SourceLocation } from '../site/source.ts';
import type { DocumentIssue } from '../site/types.ts';
import type { SiteEntry } from './sites.ts';

export function indexPage(entries: SiteEntry[]) {
  const rows = entries
    .map((e) =>
      e.ok
        ? `<li><a href="/sites/${e.slug}/">${escape(e.site.name)}</a> <small>${e.site.region} · ${e.site.pages.length} pages${
            e.site.template ? ` · template ${escape(e.site.template)}` : ''
          }</small></li>`
        : `<li>${escape(e.slug)} <strong>invalid</strong>: ${escape(e.issues[0]?.path)} ${escape(e.issues[0]?.message)}</li>`,
    )
    .join('\n');
  return errorPage(
    'Forecourt demo sites',
    `<ul>${rows}</ul><p><a href="/editor/">Open the editor</a></p>`,
  );
}

/**
 * The problems of an invalid site as the development error page lists them, each where
 * it is written: a value from a template names the template file and the pointer in it;
 * a path that differs from the resolved document's says so.
 */
export function issueList(entry: { issues: DocumentIssue[]; sources?: SourceLocation[] }): string {
  const item = (issue: DocumentIssue, n: number) => {
    const place = issuePlace(issue, entry.sources?.[n]);
    return `<li><code>${place.file ? `${escape(place.file)} ` : ''}${escape(place.path)}</code>: ${escape(issue.message)}${
      place.resolvedPath
        ? ` <small>(resolved path <code>${escape(place.resolvedPath)}</code>)</small>`
        : ''
    }</li>`;
  };
  return `<ul>${entry.issues.map(item).join('')}</ul>`;
}

export function errorPage(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="${PLATFORM_FAVICON}" type="image/svg+xml"><title>${escape(
    title,
  )}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:48rem;margin:3rem auto;padding:0 1rem;color:#1b1b1f}a{color:#1f3a93}small{color:#555}</style></head><body><h1>${escape(
    title,
  )}</h1>${body}</body></html>`;
}
