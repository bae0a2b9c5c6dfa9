/**
 * Whole-site rules: what the schema cannot see because it checks each value alone.
 * Run on a resolved, schema-valid document (prepare.ts) and, across documents, on a
 * set of sites (siteSetIssues). The rules and their messages are listed in
 * docs/site-documents.md ("Whole-site rules"). Browser-safe.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import type { Model } from '../../schemas/types.gen.ts';
import { matchPage } from './routes.ts';
import { walkList } from '../tree.ts';
import { collectBlockIds } from '../tree/ids.ts';
import { slugify } from '../slug.ts';
import { linkTarget, splitHref } from './link-target.ts';
import { documentReferences, type WrittenLink } from './links.ts';
import { leadRoutingIssues } from './lead-routing.ts';
import { placementIssues } from './placement.ts';
import type { DocumentIssue, Page, ResolvedSite } from './types.ts';

/** Addresses the server answers under a base path besides its pages: feed, history reports. */
export const PLATFORM_ROUTES = ['/feeds/vehicles.tsv', '/cars/:carId/history-report.pdf'];

/** What a site's data holds, by collection name (the names `x-ref` and `x-block.routeParams` use). */
export type SiteCollections = Record<string, Set<string> | undefined>;

/**
 * The entries links and references may name. `models` is known only when the caller
 * gives the site's model range (the catalogue); without it model references are not checked.
 */
export function siteCollections(site: ResolvedSite, models?: Model[]): SiteCollections {
  const strings = (values: unknown[]) =>
    new Set(values.filter((v) => v !== undefined && v !== null).map(String));
  return {
    locations: strings(site.locations.map((l) => l.slug)),
    locationIds: strings(site.locations.map((l) => l.id)),
    dealerships: strings(site.dealerships.map((d) => d.slug)),
    dealershipIds: strings(site.dealerships.map((d) => d.id)),
    offers: strings(site.offers.map((o) => o.id)),
    models: models && strings(models.map((m) => m.slug)),
    makes: models && strings(models.map((m) => m.manufacturer_name)),
    makeSlugs: models && strings(models.map((m) => slugify(m.manufacturer_name))),
    reviewAccounts: strings([
      site.slug,
      site.dealership_id,
      ...site.dealerships.flatMap((d) => [d.id, d.slug]),
    ]),
  };
}

const COLLECTION_NOUN: Record<string, string> = {
  locations: 'location with slug',
  locationIds: 'location with id',
  dealerships: 'dealership with slug',
  dealershipIds: 'dealership with id',
  offers: 'offer with id',
  models: 'model with slug',
  makes: 'make named',
  makeSlugs: 'make with slug',
  reviewAccounts: 'reviews account',
  reviews: 'review with id',
};

const COLLECTION_WORDS: Record<string, [plural: string, one: string, key: string]> = {
  locations: ['locations', 'location', 'slug'],
  locationIds: ['locations', 'location', 'id'],
  dealerships: ['dealerships', 'dealership', 'slug'],
  offers: ['offers', 'offer', 'id'],
  models: ['models', 'model', 'slug'],
  makes: ['makes', 'make', 'name'],
  makeSlugs: ['makes', 'make', 'slug'],
};

/** The problems of one resolved, schema-valid site document as a whole. */
export function wholeSiteIssues(
  site: ResolvedSite,
  options: { models?: Model[] } = {},
): DocumentIssue[] {
  const { links, refs, defined } = documentReferences(site);
  const data = siteCollections(site, options.models);
  // A collection that is not the site's data is one the document defines itself (`x-defines`,
  // e.g. pasted reviews): empty when nothing defines an entry, unchecked when a switch opened it.
  const entriesOf = (name: string) =>
    name in data ? data[name] : name in defined ? defined[name] : new Set<string>();
  const issues = [...pageIssues(site.pages), ...leadRoutingIssues(site), ...placementIssues(site)];
  issues.push(...linkIssues(site, links, data));
  for (const ref of refs) {
    const known = entriesOf(ref.collection);
    if (known && !known.has(String(ref.value))) {
      issues.push({
        path: ref.path,
        message: `names ${COLLECTION_NOUN[ref.collection] ?? ref.collection} ${JSON.stringify(ref.value)}, which this site does not have${suggest(String(ref.value), [...known])}`,
      });
    }
  }
  return issues;
}

/**
 * The route rules alone, for the links given: where each goes nowhere. The editor runs them
 * in the browser on the links staff change, before the server's check of the whole draft
 * (docs/editor-design.md, "Links checked as staff type"); without the catalogue's models
 * (`collections` from `siteCollections(site)`), model routes are not checked there.
 */
export function linkIssues(
  site: ResolvedSite,
  links: WrittenLink[],
  collections: SiteCollections = siteCollections(site),
): DocumentIssue[] {
  if (!links.length) return [];
  const routes = new SiteRoutes(site, collections);
  const issues: DocumentIssue[] = [];
  for (const link of links) {
    const problem = routes.check(link);
    if (problem) issues.push({ path: link.path, message: problem });
  }
  return issues;
}

/** Route text with parameter names dropped: two paths with the same key are one route. */
export function routeKey(path: string): string {
  if (path === '*') return '*';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return trimmed.toLowerCase().replace(/:[^/]+/g, ':');
}

function pageIssues(pages: Page[]): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const ids = new Map<string, number>();
  const routes = new Map<string, number>();
  pages.forEach((page, i) => {
    const firstId = ids.get(page.id);
    if (firstId !== undefined)
      issues.push({
        path: `/pages/${i}/id`,
        message: `duplicate page id ${JSON.stringify(page.id)}, also used at /pages/${firstId}/id`,
      });
    else ids.set(page.id, i);
    const key = routeKey(page.path);
    const firstRoute = routes.get(key);
    if (firstRoute !== undefined) {
      const other = pages[firstRoute];
      issues.push({
        path: `/pages/${i}/path`,
        message: `route ${JSON.stringify(page.path)} is already the route of page ${JSON.stringify(other.id)} (/pages/${firstRoute}/path${other.path === page.path ? '' : `: ${JSON.stringify(other.path)}`}); visitors could never reach one of them`,
      });
    } else routes.set(key, i);
  });
  return issues;
}

interface RouteParamSource {
  /** Route parameter → collection, from the `x-block.routeParams` of the page's blocks. */
  params: Map<string, string>;
  /** Every block id on the page (anchors may name them). */
  blockIds: Set<string>;
}

/**
 * Matching an address against a site's routes is the costly part of checking its links,
 * and sites made from one template have the same routes: the answers are kept by route
 * set (page ids and paths), for as many route sets as below (docs/deploy.md, "Memory and start-up").
 */
const ROUTE_SETS_REMEMBERED = 200;
const matchesByRoutes = new Map<
  string,
  Map<string, { index: number; params: Record<string, string | undefined> } | undefined>
>();

/** The routes a site answers, for checking where its links go. */
class SiteRoutes {
  private readonly layoutIds: Set<string>;
  private readonly pageInfo = new Map<string, RouteParamSource>();
  private readonly routable: Page[];
  private candidates?: string[];
  /** Where each address goes, shared by every site with the same routes (sites made from one template). */
  private readonly matches: Map<
    string,
    { index: number; params: Record<string, string | undefined> } | undefined
  >;

  constructor(
    private readonly site: ResolvedSite,
    private readonly collections: SiteCollections,
  ) {
    this.layoutIds = collectBlockIds({ layout: site.layout });
    for (const page of site.pages)
      this.pageInfo.set(page.id, {
        params: routeParamsOf(page),
        blockIds: collectBlockIds({ pages: [page] }),
      });
    const platform = PLATFORM_ROUTES.map(
      (path, i) =>
        ({ id: `\u0000platform-${i}`, path, title: path, blocks: [] }) as unknown as Page,
    );
    this.routable = [...site.pages, ...platform];
    const routesKey = this.routable.map((p) => `${p.id}\u0001${p.path}`).join('\u0000');
    if (!matchesByRoutes.has(routesKey) && matchesByRoutes.size >= ROUTE_SETS_REMEMBERED)
      matchesByRoutes.clear();
    this.matches = matchesByRoutes.get(routesKey) ?? new Map();
    matchesByRoutes.set(routesKey, this.matches);
  }

  /** Why a link goes nowhere, or undefined when it reaches something. */
  check(link: WrittenLink): string | undefined {
    const href = link.href.trim();
    const spaced = spaceProblem(href, link.inText, () => this.routeCandidates());
    if (spaced) return spaced;
    if (!href.startsWith('/') && !href.startsWith('#') && !href.startsWith('?')) return undefined; // other sites, tel:, mailto:
    if (href.startsWith('//')) return undefined;
    const target = linkTarget(href, this.site.features);
    const said = `${link.inText ? 'a link in this text goes to' : 'links to'} ${JSON.stringify(href)}${target === href ? '' : ` (${JSON.stringify(target)} on this site, which has a service-booking key)`}`;
    const { path, fragment } = splitHref(target);
    if (!path) {
      // "#x" and "?q": the page the link is on. Only a page's own blocks and the layout are known here.
      if (!fragment) return undefined;
      const page = pageOfPath(link.path, this.site.pages);
      if (
        this.layoutIds.has(fragment) ||
        (page && this.pageInfo.get(page.id)!.blockIds.has(fragment))
      )
        return undefined;
      if (!page) return undefined; // a layout link: the anchor may be on any page
      return `${said}, but page ${JSON.stringify(page.id)} has no block with id ${JSON.stringify(fragment)} to jump to`;
    }
    const match = this.match(decodeSafely(path));
    if (!match || match.page.path === '*')
      return `${said}, which is not a route of this site${suggest(path, this.routeCandidates())}`;
    const info = this.pageInfo.get(match.page.id);
    if (!info) return undefined; // a platform route
    for (const [param, collection] of info.params) {
      const value = match.params[param];
      const known = this.collections[collection];
      if (value === undefined || !known || known.has(value)) continue;
      const [plural, one, key] = COLLECTION_WORDS[collection] ?? [collection, 'entry', 'key'];
      return `${said}, which is not a route of this site: page ${JSON.stringify(match.page.id)} (${match.page.path}) shows this site's ${plural}, and no ${one} has ${key} ${JSON.stringify(value)}${suggest(path, this.routeCandidates())}`;
    }
    if (fragment && !info.blockIds.has(fragment) && !this.layoutIds.has(fragment)) {
      return `${said}, but page ${JSON.stringify(match.page.id)} (${match.page.path}) has no block with id ${JSON.stringify(fragment)} to jump to${suggest(fragment, [...info.blockIds], '#')}`;
    }
    return undefined;
  }

  private match(path: string) {
    if (!this.matches.has(path)) {
      const found = matchPage(this.routable, path);
      this.matches.set(
        path,
        found && { index: this.routable.indexOf(found.page), params: found.params },
      );
    }
    const known = this.matches.get(path);
    return known && { page: this.routable[known.index], params: known.params };
  }

  /** Addresses to suggest: every fixed route, and parametric routes filled with the site's data. */
  private routeCandidates(): string[] {
    if (this.candidates) return this.candidates;
    const out = new Set<string>();
    for (const page of this.site.pages) {
      if (page.path === '*' || page.path.includes('*')) continue;
      const params = this.pageInfo.get(page.id)!.params;
      if (!page.path.includes(':')) {
        out.add(page.path);
        continue;
      }
      // One parameter filled from the data its blocks show; other parameters stay as written.
      for (const [param, collection] of params) {
        for (const value of [...(this.collections[collection] ?? [])].slice(0, 500))
          out.add(page.path.replace(`:${param}`, value));
      }
    }
    this.candidates = [...out];
    return this.candidates;
  }
}

/** Addresses of the web whose spaces are checked: this site's (`/`, `?`, `#`) and http(s). */
const WEB_ADDRESS = /^(?:[/?#]|https?:)/i;

/**
 * Why a web address with white space inside it is refused. Browsers drop tabs and line
 * breaks and send a space as %20, so in a path the route would not match what was meant;
 * elsewhere the fix is what the browser would send. tel: and mailto: are left alone: phone
 * numbers and subjects with spaces are read fine (docs/site-documents.md, "Whole-site rules").
 */
export function spaceProblem(
  href: string,
  inText: boolean,
  routes: () => string[],
): string | undefined {
  if (!/\s/.test(href) || !WEB_ADDRESS.test(href)) return undefined;
  const said = `${inText ? 'a link in this text goes to' : 'links to'} ${JSON.stringify(href)}`;
  const sent = (s: string) =>
    s.replace(/[\t\n\r]/g, '').replace(/\s/g, (c) => encodeURIComponent(c));
  if (!/[^\S\t\n\r]/.test(href))
    return `${said}, which has a tab or line break in it; browsers drop it and go to ${JSON.stringify(sent(href))}: write that`;
  const { path } = splitHref(href);
  if (href.startsWith('/') && !href.startsWith('//') && /\s/.test(path))
    return `${said}, which has a space in its path: browsers ask for ${JSON.stringify(sent(path))}, and no page of this site has a space in its address${suggest(path, routes())}`;
  return `${said}, which has a space in it; a web address cannot hold a space: write ${JSON.stringify(sent(href))}`;
}

/** Route parameter → collection, as the page's blocks declare (`x-block.routeParams`). */
export function routeParamsOf(page: Page): Map<string, string> {
  const params = new Map<string, string>();
  const names = new Set([...page.path.matchAll(/:([A-Za-z][A-Za-z0-9_]*)/g)].map((m) => m[1]));
  if (!names.size) return params;
  for (const { block } of walkList(page.blocks)) {
    const declared = (
      blockSchemas as Record<string, { 'x-block'?: { routeParams?: Record<string, string> } }>
    )[block.type]?.['x-block']?.routeParams;
    for (const [param, collection] of Object.entries(declared ?? {}))
      if (names.has(param) && !params.has(param)) params.set(param, collection);
  }
  return params;
}

/** The page a JSON pointer lies in (undefined for the layout and the rest of the document). */
function pageOfPath(path: string, pages: Page[]): Page | undefined {
  const m = /^\/pages\/(\d+)(?:\/|$)/.exec(path);
  return m ? pages[Number(m[1])] : undefined;
}

function decodeSafely(path: string) {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** "; did you mean …?" with the nearest few candidates, or nothing when none is near. */
export function suggest(value: string, candidates: string[], prefix = ''): string {
  const limit = Math.max(2, Math.floor(value.length / 3));
  const near = candidates
    .map((c) => ({ c, d: editDistance(value.toLowerCase(), c.toLowerCase()) }))
    .filter(({ d }) => d <= limit)
    .sort((a, b) => a.d - b.d || a.c.localeCompare(b.c))
    .slice(0, 3)
    .map(({ c }) => JSON.stringify(prefix + c));
  return near.length
    ? `; did you mean ${near.length === 1 ? near[0] : `${near.slice(0, -1).join(', ')} or ${near[near.length - 1]}`}?`
    : '';
}

/** Levenshtein distance (no library in the project does it; two rows of memory). */
export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length];
}

/** A prepared site as the set rules see it: where it came from and what it claims. */
export interface SiteInSet {
  /** The file name without `.json` (the slug it must have). */
  name: string;
  /** The document's own `slug` and `hostnames` (undefined when unreadable). */
  slug?: unknown;
  hostnames?: unknown;
}

/**
 * Rules across the documents of one sites folder: each `slug` equals its file name, and
 * each host name belongs to one site. The first site (in the given order) keeps a host
 * name; each later claimant gets the issue, at its own `/hostnames/{i}`.
 */
export function siteSetIssues(sites: SiteInSet[]): Map<string, DocumentIssue[]> {
  const out = new Map<string, DocumentIssue[]>();
  const add = (name: string, issue: DocumentIssue) =>
    out.set(name, [...(out.get(name) ?? []), issue]);
  const owner = new Map<string, string>();
  for (const site of sites) {
    if (typeof site.slug === 'string' && site.slug !== site.name) {
      add(site.name, {
        path: '/slug',
        message: `is ${JSON.stringify(site.slug)} but the file is ${site.name}.json; a site's slug must equal its file name`,
      });
    }
    if (!Array.isArray(site.hostnames)) continue;
    site.hostnames.forEach((host, i) => {
      if (typeof host !== 'string') return;
      const name = host.toLowerCase();
      const first = owner.get(name);
      if (first === undefined) owner.set(name, site.name);
      else if (first !== site.name)
        add(site.name, {
          path: `/hostnames/${i}`,
          message: `host name ${JSON.stringify(host)} is already claimed by site ${JSON.stringify(first)} (${first}.json); each host name serves one site`,
        });
    });
  }
  return out;
}
