/**
 * What a template change means for the sites that extend it, said once: sites for which
 * the change means the same are one group, named compactly, so a template extended by a
 * thousand sites reads as one list of changes and one list of sites, not a thousand
 * copies (docs/publishing.md, "Review in a pull request").
 */
import type { InheritingSite } from '../../engine/document/diff-inherit.ts';
import {
  changeLines,
  describeChange,
  MARKDOWN_STYLE,
  mdCode,
  plural,
} from '../../engine/document/diff-sentences.ts';
import type { SiteChange } from '../../engine/document/diff-types.ts';

/** Up to this many sites are named one by one, as code; more are listed plainly in a fold. */
export const NAMED_SITES = 20;

const items = (changes: SiteChange[]) =>
  changes.flatMap((c) =>
    changeLines(c, MARKDOWN_STYLE, '  ').map((l) => `  ${l.replace(/^((?: {2})*)/, '$1- ')}`),
  );

/** Sites named as code when few; a folded plain list under the item when many. */
function groupItem(slugs: string[], head: string, rest: string[]): string {
  if (slugs.length <= NAMED_SITES)
    return [`- ${slugs.map(mdCode).join(', ')}: ${head}`, ...rest].join('\n');
  return [
    `- ${plural(slugs.length, 'site')}: ${head}`,
    ...rest,
    `  <details><summary>The ${plural(slugs.length, 'site')}</summary>`,
    '',
    `  ${slugs.join(', ')}`,
    '',
    '  </details>',
  ].join('\n');
}

/**
 * The sites that extend a changed template, grouped by what the change means for them.
 * `own` is the template's own changes: a group that gets exactly those says so instead
 * of repeating them.
 */
export function templateSitesMarkdown(own: SiteChange[], sites: InheritingSite[]): string {
  if (!sites.length)
    return '#### Sites that extend this template\n\nNo site extends this template.\n';
  const ownText = items(own).join('\n');
  const groups = new Map<string, { slugs: string[]; head: string; rest: string[] }>();
  for (const s of sites) {
    const via = s.via.length ? `through ${s.via.map(mdCode).join(' → ')}, ` : '';
    const body = items(s.changes).join('\n');
    const hidden = s.overridden.map(
      (c) =>
        `  - Not for these sites (they set this themselves): ${describeChange(c, MARKDOWN_STYLE)}`,
    );
    const key = `${via}\n${body}\n${hidden.join('\n')}`;
    let g = groups.get(key);
    if (!g) {
      const asOwn = body === ownText && !hidden.length;
      const head = !s.changes.length
        ? `${via}nothing changes for these sites`
        : asOwn
          ? `${via}the changes above, as the template has them`
          : `${via}for these sites that changes (${plural(s.changes.length, 'change')}):`;
      const rest = [...(asOwn || !s.changes.length ? [] : [body]), ...hidden];
      g = { slugs: [], head, rest };
      groups.set(key, g);
    }
    g.slugs.push(s.site);
  }
  const list = [...groups.values()].map((g) => groupItem(g.slugs, g.head, g.rest));
  return `#### Sites that extend this template (${sites.length})\n\n${list.join('\n')}\n`;
}
