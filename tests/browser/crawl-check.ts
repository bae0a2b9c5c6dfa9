/**
 * The cheap half of the crawl (crawl.ts): status-checking a URL over HTTP and reading a
 * server-rendered page's links, ids, car state and routes, with the problems found kept
 * per message.
 */
/** Problems keyed by their message, each with the pages it was found on. */
export class Problems {
  private byMessage = new Map<string, Set<string>>();
  add(message: string, where: string) {
    let pages = this.byMessage.get(message);
    if (!pages) this.byMessage.set(message, (pages = new Set()));
    pages.add(where);
  }
  lines(): string[] {
    return [...this.byMessage]
      .map(([message, pages]) => {
        const list = [...pages]; // in the order found: the nearest to the home page first
        const more = list.length > 3 ? ` (+${list.length - 3} more)` : '';
        return `${message} ${list.slice(0, 3).join(', ')}${more}`;
      })
      .sort();
  }
}

export interface Link {
  /** As written in the page. */
  href: string;
  /** Resolved against the page. */
  url: string;
}

export interface Checked {
  status: number;
  /** The URL answered after same-site redirects. */
  url: string;
  html: boolean;
  /** From the server HTML: its links, ids (and a[name]s), the payload's car state and page paths. */
  links?: Link[];
  ids?: Set<string>;
  carState?: string;
  pagePaths?: string[];
}

export function decodeHtml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** What the crawl needs from a server-rendered page. */
export function readHtml(
  html: string,
  url: string,
): Pick<Checked, 'links' | 'ids' | 'carState' | 'pagePaths'> {
  const body = html.replace(/<script\b[\s\S]*?<\/script>/gi, '');
  const links = [...body.matchAll(/<(?:a|area)\b[^>]*?\shref="([^"]*)"/gi)].map((m) => {
    const href = decodeHtml(m[1]);
    let resolved = '';
    try {
      resolved = new URL(href, url).href;
    } catch {
      // reported as unparsable by discover()
    }
    return { href, url: resolved };
  });
  const ids = new Set([...body.matchAll(/\s(?:id|name)="([^"]*)"/g)].map((m) => decodeHtml(m[1])));
  const result: Pick<Checked, 'links' | 'ids' | 'carState' | 'pagePaths'> = { links, ids };
  const m = html.match(/<script id="fc-payload" type="application\/json">([\s\S]*?)<\/script>/);
  if (!m) return result;
  type Payload = {
    site?: { pages?: { path?: string }[] };
    initialData?: { data?: Record<string, { car?: Record<string, unknown> } | null> };
  };
  let payload: Payload;
  try {
    payload = JSON.parse(m[1]) as Payload;
  } catch {
    return result;
  }
  result.pagePaths = (payload.site?.pages ?? [])
    .map((p) => p.path)
    .filter((p): p is string => typeof p === 'string');
  for (const entry of Object.values(payload.initialData?.data ?? {})) {
    const car = entry?.car;
    if (car && typeof car === 'object' && 'car_type' in car) {
      const status = car.sold ? 'sold' : String(car.status || 'no status');
      result.carState = `${String(car.car_type)} · ${status}${car.reserved ? ' · reserved' : ''}`;
      break;
    }
  }
  return result;
}

/** The site route (a page path of the document, e.g. /search/:make/:model) a path renders. */
export function routeOf(pathname: string, basePath: string, pagePaths: string[]): string {
  const rest = (pathname.slice(basePath.length) || '/').replace(/(.)\/$/, '$1');
  const segments = rest.split('/').filter(Boolean);
  let best = '*';
  let bestScore = -1;
  for (const path of pagePaths) {
    const parts = path.split('/').filter(Boolean);
    if (path === '*' || parts.length !== segments.length) continue;
    let score = 0;
    if (
      parts.every((p, i) =>
        p.startsWith(':') ? ((score += 1), true) : p === segments[i] && ((score += 10), true),
      )
    ) {
      if (score > bestScore) [best, bestScore] = [path, score];
    }
  }
  return best === '*' ? rest : best; // unknown paths (404s) are their own route
}

/** The path and query of a URL, as problems show it. */
export function show(url: string | URL): string {
  const u = new URL(url);
  return u.pathname + u.search + u.hash;
}

/**
 * Status-checks one URL: GET, redirects followed by hand while `inBase` accepts them.
 * Redirect problems go to `problems`; the final status is for the caller to judge.
 */
export async function check(
  url: string,
  inBase: (u: URL) => boolean,
  problems: Problems,
  from: () => string[],
): Promise<Checked> {
  let current = url;
  for (let hop = 0; hop < 6; hop++) {
    let res: Response;
    try {
      res = await fetch(current, { redirect: 'manual', headers: { accept: 'text/html,*/*' } });
    } catch (err) {
      for (const where of from())
        problems.add(
          `request failed (${(err as Error).message}) ${show(current)} ← linked from`,
          where,
        );
      return { status: 0, url: current, html: false };
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel();
      const next = new URL(location, current);
      if (next.origin !== new URL(url).origin)
        return { status: res.status, url: current, html: false };
      if (!inBase(next)) {
        for (const where of from())
          problems.add(
            `redirect leaves the site's base path: ${show(current)} → ${show(next)} ← linked from`,
            where,
          );
        return { status: res.status, url: current, html: false };
      }
      current = next.href;
      continue;
    }
    if (!(res.headers.get('content-type') ?? '').includes('text/html')) {
      await res.body?.cancel();
      return { status: res.status, url: current, html: false };
    }
    return { status: res.status, url: current, html: true, ...readHtml(await res.text(), current) };
  }
  for (const where of from()) problems.add(`too many redirects ${show(url)} ← linked from`, where);
  return { status: 0, url: current, html: false };
}
