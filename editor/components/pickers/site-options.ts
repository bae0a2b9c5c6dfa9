/**
 * What the pickers offer, from the site being edited: its pages (with the sections on them
 * to jump to, and parametric routes filled with the site's own data) and the entries of its
 * data collections (the names `x-ref` uses). Values come from the whole-site rules' own
 * functions (engine/site/whole-site.ts), so whatever is picked is a link or reference the
 * site check accepts (docs/site-documents.md, "Whole-site rules").
 */
import type { Model } from '../../../schemas/types.gen.ts';
import { walkList } from '../../../engine/tree.ts';
import { linkTarget } from '../../../engine/site/link-target.ts';
import { routeParamsOf, siteCollections } from '../../../engine/site/whole-site.ts';
import type { Page, ResolvedSite } from '../../../engine/site/types.ts';
import type { Doc } from '../../lib/doc.ts';
import { asSite } from '../../lib/local-links.ts';
import { metaOf } from '../../lib/blocks.ts';

export interface PickOption {
  /** What the field stores. */
  value: string;
  /** What staff read: the page's title, the section's block, the entry's name. */
  label: string;
  /** The second line: the address, or the slug / id stored. */
  detail: string;
}

/** The makes the site sells (the catalogue models of these are its model range, as engine/site/data.ts). */
export function siteMakes(doc: Doc | undefined): string[] {
  return [
    ...new Set(
      ((doc?.dealerships ?? []) as Doc[]).flatMap((d) =>
        Array.isArray(d.manufacturers) ? d.manufacturers.map(String) : [],
      ),
    ),
  ].sort();
}

/** A page title without the site-name suffix templates add ("Finance | {site}" → "Finance"). */
export function pageTitle(page: Doc): string {
  const title = String(page.title ?? page.id ?? '')
    .replace(/\s*[|·–-]\s*\{site\}\s*$/, '')
    .replace(/\{site\}/g, 'the site')
    .trim();
  return title || String(page.id);
}

/** Readable names of a collection's entries, by the value a field stores. */
function entryNames(
  collection: string,
  site: ResolvedSite,
  models: Model[] | undefined,
): Map<string, string> {
  const names = new Map<string, string>();
  const add = (value: unknown, name: unknown) =>
    value !== undefined && value !== null && names.set(String(value), String(name ?? value));
  if (collection === 'locations') for (const l of site.locations) add(l.slug, l.name);
  if (collection === 'locationIds') for (const l of site.locations) add(l.id, l.name);
  if (collection === 'dealerships') for (const d of site.dealerships) add(d.slug, d.name);
  if (collection === 'offers') for (const o of site.offers) add(o.id, o.name);
  if (collection === 'models')
    for (const m of models ?? []) add(m.slug, `${m.manufacturer_name} ${m.name}`);
  if (collection === 'reviewAccounts') {
    add(site.slug, `${site.name} (this site)`);
    for (const d of site.dealerships) {
      add(d.slug, d.name);
      add(d.id, `${d.name} (id)`);
    }
  }
  return names;
}

/** Collections the data pickers offer; others (reviews pasted into a block) keep a plain field. */
export const PICKABLE = new Set([
  'models',
  'makes',
  'makeSlugs',
  'offers',
  'locations',
  'locationIds',
  'dealerships',
  'reviewAccounts',
]);

/** Collections that need the catalogue's models (fetched for the site's makes). */
export const NEEDS_MODELS = new Set(['models', 'makes', 'makeSlugs']);

/**
 * The entries of one collection the site has, named for staff, in the order the site lists
 * them; undefined when the collection is not known here (models before they are loaded).
 */
export function refOptions(
  collection: string,
  doc: Doc,
  models?: Model[],
): PickOption[] | undefined {
  const site = asSite(doc);
  const values = siteCollections(site, models)[collection];
  if (!values) return undefined;
  const names = entryNames(collection, site, models);
  return [...values].map((value) => ({ value, label: names.get(value) ?? value, detail: value }));
}

/**
 * Every address a link field may pick: each page's route, each section of it (`route#id`,
 * a block id on that page), and routes with one parameter filled with each value the page's
 * blocks show (`/locations/:slug` → one address per location). Routes with several
 * parameters, or a parameter no block declares, are left out: their addresses are typed.
 */
export function pageOptions(doc: Doc, models?: Model[]): PickOption[] {
  const site = asSite(doc);
  const collections = siteCollections(site, models);
  const features = (doc.features ?? {}) as { serviceBookingKey?: string | null };
  const out: PickOption[] = [];
  for (const page of site.pages as Page[]) {
    if (typeof page.path !== 'string' || !page.path.startsWith('/') || page.path.includes('*'))
      continue;
    const title = pageTitle(page as unknown as Doc);
    const names = [...page.path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]);
    if (names.length === 0) {
      out.push({ value: page.path, label: title, detail: page.path });
      // A page links elsewhere send to (the service-booking rewrite) keeps its address, not its sections.
      if (linkTarget(page.path, features) !== page.path) continue;
      // The block ids the checker accepts after `#` on this page (every block, nested too).
      for (const { block } of walkList(page.blocks ?? [])) {
        if (typeof block.id !== 'string') continue;
        const value = `${page.path}#${block.id}`;
        out.push({
          value,
          label: `${title} › ${metaOf(block.type).label} “${block.id}”`,
          detail: value,
        });
      }
      continue;
    }
    if (names.length > 1 || /[?(]/.test(page.path)) continue;
    const collection = routeParamsOf(page).get(names[0]);
    const values = collection ? collections[collection] : undefined;
    if (!collection || !values) continue;
    const entries = entryNames(collection, site, models);
    for (const value of values) {
      const path = page.path.replace(`:${names[0]}`, encodeURIComponent(value));
      if (linkTarget(path, features) !== path) continue;
      out.push({ value: path, label: `${title}: ${entries.get(value) ?? value}`, detail: path });
    }
  }
  return out;
}

/** Options whose label or address holds every word typed, in their order. */
export function filterOptions(options: PickOption[], query: string): PickOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return options;
  return options.filter((o) => {
    const text = `${o.label} ${o.detail}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
}
