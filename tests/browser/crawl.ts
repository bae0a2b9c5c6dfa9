/**
 * A link crawler for one demo site, used by crawl.test.ts.
 *
 * Every same-site URL discovered is status-checked with a cheap HTTP request (GET,
 * redirects followed by hand while they stay on the site). HTML pages are then either
 * loaded in Chromium — at most MAX_LOADS_PER_ROUTE pages per route of the site document
 * (`/search/:make/:model`, `/models` with its query variants, …), car pages once per car
 * state read from the page's payload — or, beyond those caps, read from their server HTML.
 * The links of either are followed in turn. Problems are collected, never thrown, so one
 * run reports each of them with the pages it was found on.
 */
import type { Browser } from 'playwright-core';
import { check, Problems, routeOf, show, type Checked, type Link } from './crawl-check.ts';
import { load } from './crawl-load.ts';
import { limiter, tabs } from './pool.ts';

/** Pages loaded in the browser per route of the site (other pages of the route: server HTML). */
const MAX_LOADS_PER_ROUTE = 2;
/** Distinct URLs status-checked per pathname (search pages have endless query variants). */
const MAX_CHECKS_PER_PATH = 30;
/** Car pages (/cars/{slug}[/…]) status-checked per site, and followed per linking page (so that
 * the new-cars, used-cars, … pages each contribute cars, and with them more car states). */
const MAX_CAR_CHECKS = 60;
const MAX_CARS_PER_PAGE = 4;
/** Images the browser did not request (lazy, below the fold) status-checked per site. */
const MAX_IMAGE_CHECKS = 300;
/** Safety nets: the crawl stays finite whatever the sites link to. */
const MAX_LOADS = 150;
const MAX_CHECKS = 2500;
const PAGES_IN_PARALLEL = 3;
const FETCHES_IN_PARALLEL = 4;

/** A car page or one of its sub-pages (/cars/2023-ford-ranger-xlt-18353/checkout). */
const CAR_PATH = /\/cars\/[^/]+-\d+(\/.*)?$/;

export interface CrawlReport {
  /** One line per problem, with the pages it was found on. */
  problems: string[];
  /** Pages loaded in Chromium. */
  loaded: string[];
  /** Pages read from their server HTML only (their route's browser loads were used up). */
  readOnly: number;
  /** URLs status-checked with fetch. */
  checked: number;
  /** "route · car state" → the car page loaded for it. */
  carStates: Map<string, string>;
  /** Distinct URLs found but not fetched, by cap. */
  skipped: { queryVariants: number; cars: number; images: number; loads: number; checks: number };
  ms: number;
}

/** Crawls /sites/{slug}/ and every same-site page it leads to. */
export async function crawlSite(
  browser: Browser,
  baseURL: string,
  slug: string,
): Promise<CrawlReport> {
  const started = Date.now();
  const origin = new URL(baseURL).origin;
  const basePath = `/sites/${slug}`;
  const inBase = (u: URL) =>
    u.origin === origin && (u.pathname === basePath || u.pathname.startsWith(`${basePath}/`));
  const problems = new Problems();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const fetchSlot = limiter(FETCHES_IN_PARALLEL);
  const pageSlot = tabs(context, PAGES_IN_PARALLEL);

  const linkedFrom = new Map<string, Set<string>>(); // URL (no fragment) → pages linking to it
  const referrers = (url: string) => () => [...(linkedFrom.get(url) ?? ['(start)'])];
  const checks = new Map<string, Promise<Checked>>(); // URL (no fragment) → its status check
  const checksPerPath = new Map<string, number>();
  let carChecks = 0;
  let imageChecks = 0;
  const processed = new Set<string>(); // pages visited (final URL)
  const pathsFollowed = new Set<string>(); // pathnames of the pages whose links were followed
  const loadsPerRoute = new Map<string, number>();
  const loaded: string[] = [];
  let readOnly = 0;
  const carStates = new Map<string, string>();
  let pagePaths: string[] = [];
  const domIds = new Map<string, Set<string>>(); // loaded URL → ids in its rendered DOM
  const domIdsByPath = new Map<string, Set<string>>();
  const fragments: { url: string; id: string; href: string; from: string }[] = [];
  const outside = new Map<string, { url: string; pages: Set<string> }>(); // href leaving the base path
  const icons = new Map<string, Set<string>>(); // icon URL → pages
  const images = new Map<string, Set<string>>(); // image the browser did not request → pages
  const skipped = {
    queryVariants: new Set<string>(),
    cars: new Set<string>(),
    images: new Set<string>(),
    loads: new Set<string>(),
    checks: new Set<string>(),
  };
  const visited = new Set<string>();
  const carLinksFollowed = new Map<string, number>(); // page → car links followed from it
  const tasks: Promise<unknown>[] = [];

  /** Status-checks a URL once; undefined when it is beyond the caps. */
  function checkOnce(
    url: string,
    accept: (u: URL) => boolean = inBase,
  ): Promise<Checked> | undefined {
    const existing = checks.get(url);
    if (existing) return existing;
    const u = new URL(url);
    const perPath = checksPerPath.get(u.pathname) ?? 0;
    if (perPath >= MAX_CHECKS_PER_PATH) return void skipped.queryVariants.add(url);
    const isCar = CAR_PATH.test(u.pathname);
    if (isCar && carChecks >= MAX_CAR_CHECKS) return void skipped.cars.add(url);
    if (checks.size >= MAX_CHECKS) return void skipped.checks.add(url);
    if (isCar) carChecks++;
    checksPerPath.set(u.pathname, perPath + 1);
    const result = fetchSlot(() => check(url, accept, problems, referrers(url)));
    checks.set(url, result);
    return result;
  }

  async function visit(url: string): Promise<void> {
    const result = await checkOnce(url);
    if (!result || result.status < 200 || result.status >= 300 || !result.html) return; // statuses are judged at the end
    const target = new URL(result.url);
    if (processed.has(target.href)) return;
    processed.add(target.href);
    if (result.pagePaths?.length && !pagePaths.length) pagePaths = result.pagePaths;
    const where = show(target);
    const route = routeOf(target.pathname, basePath, pagePaths);
    const car = CAR_PATH.test(target.pathname);
    const key = car ? `${route} · ${result.carState ?? 'car state unknown'}` : route;
    const loadsLeft = (car ? 1 : MAX_LOADS_PER_ROUTE) - (loadsPerRoute.get(key) ?? 0);
    let links = result.links ?? [];
    if (loadsLeft > 0 && loaded.length >= MAX_LOADS) skipped.loads.add(target.href);
    const inBrowser = loadsLeft > 0 && loaded.length < MAX_LOADS;
    // Another query variant of a path already followed (?page=3, ?sort=…): the status check is enough.
    if (!inBrowser && pathsFollowed.has(target.pathname)) return;
    pathsFollowed.add(target.pathname);
    if (inBrowser) {
      loadsPerRoute.set(key, (loadsPerRoute.get(key) ?? 0) + 1);
      if (car) carStates.set(key, where);
      loaded.push(where);
      const found = await pageSlot((page) => load(page, target.href, problems));
      if (found) {
        links = found.links;
        const ids = new Set(found.ids);
        domIds.set(target.href, ids);
        const byPath = domIdsByPath.get(target.pathname) ?? new Set<string>();
        for (const id of ids) byPath.add(id);
        domIdsByPath.set(target.pathname, byPath);
        for (const icon of found.icons)
          if (new URL(icon).origin === origin) add(icons, icon, where);
        for (const image of found.images) {
          if (new URL(image).origin === origin && !found.requested.has(image))
            add(images, image, where);
        }
      }
    } else {
      readOnly++;
    }
    for (const link of links) discover(link, target, where);
  }

  function add(map: Map<string, Set<string>>, key: string, where: string) {
    const set = map.get(key) ?? new Set<string>();
    set.add(where);
    map.set(key, set);
  }

  function discover({ href, url }: Link, page: URL, where: string) {
    let u: URL;
    try {
      u = new URL(url || href, page);
    } catch {
      problems.add(`unparsable link "${href}" ← on`, where);
      return;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return; // tel:, mailto:, sms:, …
    if (u.origin !== origin) return; // other sites are not followed
    if (href.trim() === '#') {
      problems.add('link to "#" (goes nowhere) ← on', where);
      return;
    }
    let id = u.hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // kept as written
    }
    u.hash = '';
    if (!inBase(u)) {
      const entry = outside.get(href) ?? { url: u.href, pages: new Set<string>() };
      entry.pages.add(where);
      outside.set(href, entry);
      return;
    }
    if (id && id !== 'top') fragments.push({ url: u.href, id, href, from: where });
    add(linkedFrom, u.href, where);
    if (visited.has(u.href)) return;
    if (CAR_PATH.test(u.pathname)) {
      const followed = carLinksFollowed.get(where) ?? 0;
      if (followed >= MAX_CARS_PER_PAGE) return void skipped.cars.add(u.href);
      carLinksFollowed.set(where, followed + 1);
    }
    visited.add(u.href);
    tasks.push(visit(u.href));
  }

  try {
    const start = `${origin}${basePath}/`;
    linkedFrom.set(start, new Set(['(start)']));
    visited.add(start);
    tasks.push(visit(start));
    // Tasks add tasks: wait until a round adds nothing new.
    for (let done = 0; done < tasks.length;) {
      const batch = tasks.slice(done);
      done = tasks.length;
      await Promise.all(batch);
    }

    // Dead links, with every page that links to them.
    for (const [url, result] of checks) {
      const { status } = await result;
      if (status >= 400)
        for (const where of linkedFrom.get(url) ?? [])
          problems.add(`${status} ${show(url)} ← linked from`, where);
    }
    // Links out of the base path (and what they answer).
    await Promise.all(
      [...outside].map(async ([href, { url, pages }]) => {
        const { status } = await fetchSlot(() =>
          check(
            url,
            () => true,
            new Problems(),
            () => [],
          ),
        );
        for (const where of pages)
          problems.add(
            `link leaves the site's base path: ${href} (answers ${status || 'nothing'}) ← linked from`,
            where,
          );
      }),
    );
    // Page icons, and images the browser did not request (lazy, below the fold).
    await Promise.all(
      [...icons, ...images].map(async ([url, pages], i) => {
        const isImage = i >= icons.size;
        if (isImage && imageChecks >= MAX_IMAGE_CHECKS) return void skipped.images.add(url);
        if (isImage) imageChecks++;
        const { status } = await (checks.get(url) ??
          fetchSlot(() =>
            check(
              url,
              () => true,
              new Problems(),
              () => [],
            ),
          ));
        if (status >= 400)
          for (const where of pages)
            problems.add(`${status} ${show(url)} (${isImage ? 'image' : 'page icon'}) ← on`, where);
      }),
    );
    // Fragments: the rendered DOM of the target when it was loaded, else its server HTML.
    for (const f of fragments) {
      const u = new URL(f.url);
      if (domIds.get(f.url)?.has(f.id) || domIdsByPath.get(u.pathname)?.has(f.id)) continue;
      const result = await (checks.get(f.url) ??
        fetchSlot(() => check(f.url, inBase, new Problems(), () => [])));
      if (result.status >= 300 || !result.html) continue; // a dead link, reported as such
      if (result.ids?.has(f.id)) continue;
      problems.add(
        `anchor with nothing behind it: ${f.href} (no element with id "${f.id}" on ${show(f.url)}) ← linked from`,
        f.from,
      );
    }
  } finally {
    await context.close();
  }
  return {
    problems: problems.lines(),
    loaded,
    readOnly,
    checked: checks.size,
    carStates,
    skipped: Object.fromEntries(
      Object.entries(skipped).map(([k, v]) => [k, [...v].filter((u) => !checks.has(u)).length]),
    ) as CrawlReport['skipped'],
    ms: Date.now() - started,
  };
}

/** Loads the platform index page in Chromium and status-checks its links and icon. */
export async function crawlIndex(browser: Browser, baseURL: string): Promise<string[]> {
  const problems = new Problems();
  const origin = new URL(baseURL).origin;
  const context = await browser.newContext();
  try {
    const found = await load(await context.newPage(), `${origin}/`, problems, false);
    const links = new Set(
      (found?.links ?? [])
        .map((l) => l.url.replace(/#.*/, ''))
        .filter((u) => u.startsWith(`${origin}/`)),
    );
    await Promise.all([
      ...[...links].map(async (url) => {
        const { status } = await check(
          url,
          () => true,
          problems,
          () => ['/'],
        );
        if (status >= 400) problems.add(`${status} ${show(url)} ← linked from`, '/');
      }),
      ...(found?.icons ?? []).map(async (url) => {
        const { status } = await check(
          url,
          () => true,
          problems,
          () => ['/'],
        );
        if (status >= 400) problems.add(`${status} ${show(url)} (page icon) ← on`, '/');
      }),
    ]);
  } finally {
    await context.close();
  }
  return problems.lines();
}
