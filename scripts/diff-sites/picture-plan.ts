/**
 * Which pages of which sites `diff:sites --render` and `review:sites --render` photograph,
 * at which widths, and the index.md that lists the pictures (docs/publishing.md, "Review
 * in a pull request"). Sites are compared resolved (template merged). A page whose own
 * content changed is pictured; a change that may show on every page (a setting, a
 * location, the header) makes every page a candidate, pictured only when its rendered
 * page differs (pictures.ts compares them first). A route parameter takes a real value
 * from the site's data; a page whose parameter has none is left out, never pictured as
 * a 404.
 */
import type { Model } from '../../schemas/types.gen.ts';
import { diffSiteDocuments, touchedPages } from '../../engine/document/diff.ts';
import {
  templateLoader,
  tryParse,
  union,
  upgraded,
  type DocSet,
} from '../../engine/document/diff-sets.ts';
import { resolveTemplate } from '../../engine/site/templates.ts';
import { routeParamsOf, siteCollections } from '../../engine/site/whole-site.ts';
import type { Page, ResolvedSite } from '../../engine/site/types.ts';

type Json = Record<string, any>;

export const WIDTHS = [400, 1400] as const;
/** Sites pictured for a template change that reaches them (their own files unchanged). */
export const TEMPLATE_SITES_PICTURED = 3;
/** Pages pictured per site at most; the index names the rest. */
export const PAGES_PER_SITE = 12;

export interface PagePlan {
  site: string;
  page: string;
  title: string;
  before?: string;
  after?: string;
  /** The page's own content changed (else: a change that may show on every page). */
  own: boolean;
}

function resolved(set: DocSet, name: string): Json | undefined {
  const entry = set.sites.get(name);
  const r = entry && tryParse(entry.text);
  if (!r || !('doc' in r)) return undefined;
  return resolveTemplate(upgraded(r.doc), templateLoader(set, true)).doc;
}

function catalogueModels(set: DocSet): Model[] {
  const r = tryParse(set.shared('catalogue.json') ?? '');
  return 'doc' in r && Array.isArray(r.doc.models) ? r.doc.models : [];
}

/**
 * A path to visit for a page route: each parameter gets the first value the site's data
 * has for it, `*` an unknown path. Undefined when a parameter has no known value.
 */
export function samplePath(page: Json, site?: Json, models: Model[] = []): string | undefined {
  const route = String(page.path ?? '');
  if (route === '*') return '/this-page-does-not-exist';
  if (!route.includes(':')) return route;
  if (!site || !Array.isArray(page.blocks)) return undefined;
  const makes = new Set(
    (site.dealerships ?? []).flatMap((d: Json) =>
      Array.isArray(d.manufacturers) ? d.manufacturers : [],
    ),
  );
  const collections = siteCollections(
    {
      ...site,
      locations: site.locations ?? [],
      dealerships: site.dealerships ?? [],
      offers: site.offers ?? [],
    } as ResolvedSite,
    models.filter((m) => makes.has(m.manufacturer_name)),
  );
  const params = routeParamsOf(page as Page);
  let missing = false;
  const path = route.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_, name: string) => {
    const collection = params.get(name);
    const first = collection ? [...(collections[collection] ?? [])][0] : undefined;
    if (first === undefined) missing = true;
    return encodeURIComponent(first ?? '');
  });
  return missing ? undefined : path;
}

/** Which pages of which sites to photograph, and what was left out (for the index). */
export function planPictures(
  before: DocSet,
  after: DocSet,
): { plans: PagePlan[]; notes: string[] } {
  const plans: PagePlan[] = [];
  const notes: string[] = [];
  const models = { before: catalogueModels(before), after: catalogueModels(after) };
  const byTemplate: string[] = [];
  for (const site of union(before.sites, after.sites)) {
    const a = resolved(before, site);
    const b = resolved(after, site);
    if (!a || !b) continue; // new, removed or unreadable: nothing to compare against
    const changes = diffSiteDocuments(a, b);
    if (!changes.length) continue;
    if (before.sites.get(site)?.text === after.sites.get(site)?.text) {
      // Reached by a template change only: a few such sites show what it does.
      byTemplate.push(site);
      if (byTemplate.length > TEMPLATE_SITES_PICTURED) continue;
    }
    const touched = touchedPages(changes);
    const pagesA = new Map<string, Json>((a.pages ?? []).map((p: Json) => [p.id, p]));
    const pagesB = new Map<string, Json>((b.pages ?? []).map((p: Json) => [p.id, p]));
    const unsampled: string[] = [];
    for (const id of [...new Set([...pagesA.keys(), ...pagesB.keys()])]) {
      const own = touched.pages.has(id);
      if (!touched.everyPage && !own) continue;
      const pa = pagesA.get(id);
      const pb = pagesB.get(id);
      const plan: PagePlan = {
        site,
        page: id,
        title: String((pb ?? pa)?.title ?? id),
        before: pa && samplePath(pa, a, models.before),
        after: pb && samplePath(pb, b, models.after),
        own,
      };
      if ((pa && plan.before === undefined) || (pb && plan.after === undefined)) {
        unsampled.push(`${id} (${(pb ?? pa)?.path})`);
        continue;
      }
      plans.push(plan);
    }
    if (unsampled.length)
      notes.push(
        `${site}: not pictured, as no value in the site's data fits their route: ${unsampled.join(', ')}`,
      );
  }
  if (byTemplate.length > TEMPLATE_SITES_PICTURED)
    notes.push(
      `${byTemplate.length - TEMPLATE_SITES_PICTURED} more sites change only through a template and are not pictured (the first ${TEMPLATE_SITES_PICTURED} are): ${byTemplate.slice(TEMPLATE_SITES_PICTURED, TEMPLATE_SITES_PICTURED + 20).join(', ')}${byTemplate.length > TEMPLATE_SITES_PICTURED + 20 ? ', …' : ''}`,
    );
  return { plans, notes };
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
  notes: string[] = [],
): string {
  const lines = [
    `# Before and after`,
    '',
    `Before: \`${beforeLabel}\` · after: \`${afterLabel}\`. Only pages the change touches are shown.`,
    '',
  ];
  for (const n of notes) lines.push(`- ${n}`);
  if (notes.length) lines.push('');
  if (!plans.length) return `${lines.join('\n')}No page looks different.\n`;
  lines.push(
    'Pages with route parameters (`/locations/:slug`) are visited with the first value the site has for them; the not-found page (`*`) with an unknown path.',
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
