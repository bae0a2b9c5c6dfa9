/**
 * Which pages of which sites `diff:sites --render` photographs (the pages a change touches,
 * sites compared resolved), at which widths, and the index.md that lists the pictures.
 */
import { diffSiteDocuments, touchedPages } from '../../engine/document/diff.ts';
import {
  parse,
  templateLoader,
  union,
  upgraded,
  type DocSet,
} from '../../engine/document/diff-sets.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';

type Json = Record<string, any>;

export const WIDTHS = [400, 1400] as const;
export interface PagePlan {
  site: string;
  page: string;
  title: string;
  before?: string;
  after?: string;
}

function resolved(set: DocSet, name: string): Json | undefined {
  const entry = set.sites.get(name);
  if (!entry) return undefined;
  return resolveTemplate(upgraded(parse(entry.text, entry.file)), templateLoader(set)).doc;
}

/** A path to visit for a page route: parameters get a sample value, `*` an unknown path. */
export function samplePath(route: string): string {
  if (route === '*') return '/this-page-does-not-exist';
  return route.replace(/:[A-Za-z][A-Za-z0-9_]*/g, 'example').replace(/\*/g, 'example');
}

/**
 * Which pages of which sites to photograph. Sites are compared resolved (template
 * merged), so a template change touches the pages of every site that extends it.
 */
export function planPictures(before: DocSet, after: DocSet): PagePlan[] {
  const plans: PagePlan[] = [];
  for (const site of union(before.sites, after.sites)) {
    const a = resolved(before, site);
    const b = resolved(after, site);
    if (!a || !b) continue; // a whole new or deleted site has nothing to compare against
    const changes = diffSiteDocuments(a, b);
    if (!changes.length) continue;
    const touched = touchedPages(changes);
    const pagesA = new Map<string, Json>((a.pages ?? []).map((p: Json) => [p.id, p]));
    const pagesB = new Map<string, Json>((b.pages ?? []).map((p: Json) => [p.id, p]));
    for (const id of [...new Set([...pagesA.keys(), ...pagesB.keys()])]) {
      if (!touched.everyPage && !touched.pages.has(id)) continue;
      const pa = pagesA.get(id);
      const pb = pagesB.get(id);
      plans.push({
        site,
        page: id,
        title: String((pb ?? pa)?.title ?? id),
        before: pa && samplePath(pa.path),
        after: pb && samplePath(pb.path),
      });
    }
  }
  return plans;
}

export interface Picture {
  site: string;
  page: string;
  side: 'before' | 'after';
  width: number;
  file: string;
  status: number;
}
export function pictureIndex(
  plans: PagePlan[],
  pictures: Picture[],
  beforeLabel: string,
  afterLabel: string,
): string {
  const lines = [
    `# Before and after`,
    '',
    `Before: \`${beforeLabel}\` · after: \`${afterLabel}\`. Only pages the change touches are shown.`,
    '',
  ];
  if (!plans.length) return `${lines.join('\n')}No page looks different.\n`;
  lines.push(
    'Pages with route parameters (`/cars/:slug`) are visited with the sample value `example`; the not-found page (`*`) with an unknown path.',
    '',
  );
  let site = '';
  for (const plan of plans) {
    if (plan.site !== site) {
      site = plan.site;
      lines.push(`## ${site}`, '');
    }
    const route = plan.after ?? plan.before;
    lines.push(`### ${plan.title} (\`${plan.page}\`, visited as \`${route}\`)`, '');
    if (!plan.before) lines.push('New page: there is no before.', '');
    if (!plan.after) lines.push('Removed page: there is no after.', '');
    lines.push('| Width | Before | After |', '| --- | --- | --- |');
    for (const width of WIDTHS) {
      const cell = (side: 'before' | 'after') => {
        const pic = pictures.find(
          (p) =>
            p.site === plan.site && p.page === plan.page && p.side === side && p.width === width,
        );
        if (!pic) return '—';
        const note = pic.status >= 400 ? ` (HTTP ${pic.status})` : '';
        return `![${plan.page} ${side} ${width}px](${pic.file.split('\\').join('/')})${note}`;
      };
      lines.push(`| ${width} px | ${cell('before')} | ${cell('after')} |`);
    }
    lines.push('');
  }
  return `${lines.join('\n')}`;
}
