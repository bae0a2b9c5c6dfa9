/**
 * A site's redirects (its document's `redirects`: docs/site-documents.md, "Redirects"): old
 * addresses sent on to new ones before any page answers. `from` matches as a route does
 * (React Router's matchPath, so `:slug` is a part of the address), and a named part fills the
 * same name in `to`. Checked with the whole-site rules: same-site paths only (the schema's
 * patterns), one redirect per old address, every name `to` uses is one `from` has, and no chain
 * of redirects that comes back to where it began.
 */
import { matchPath } from 'react-router';
import type { DocumentIssue, ResolvedSite } from './types.ts';
import { linkIssues } from './whole-site.ts';

export type Redirect = NonNullable<ResolvedSite['redirects']>[number];

/** The longest chain of redirects followed when looking for a loop (more than any site writes). */
const MAX_CHAIN = 20;

const namesIn = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]);

/** `to` with the parts `from` matched filled in (an encoded value stays encoded). */
function target(redirect: Redirect, pathname: string): string | undefined {
  const found = matchPath({ path: redirect.from, end: true, caseSensitive: false }, pathname);
  if (!found) return undefined;
  return redirect.to.replace(/:(\w+)/g, (whole, name: string) =>
    found.params[name] === undefined ? whole : encodeURIComponent(found.params[name]!),
  );
}

/** Where an address of the site is sent (`url`: path and query as asked), or undefined when no redirect starts there. */
export function redirectFor(
  site: Pick<ResolvedSite, 'redirects'>,
  url: string,
): { location: string; status: 301 | 302 } | undefined {
  if (!site.redirects?.length) return undefined;
  const at = url.search(/[?#]/);
  const pathname = at < 0 ? url : url.slice(0, at);
  const query = at < 0 ? '' : url.slice(at);
  let decoded: string;
  try {
    decoded = decodeURI(pathname);
  } catch {
    return undefined;
  }
  for (const redirect of site.redirects) {
    const to = target(redirect, decoded);
    if (to === undefined) continue;
    // The visitor's query goes along unless the new address states its own.
    const location = to.includes('?') || !query.startsWith('?') ? to : to + query;
    return { location, status: redirect.status === 302 ? 302 : 301 };
  }
  return undefined;
}

/** The whole-site rules of `redirects`, each at its JSON path. */
export function redirectIssues(site: ResolvedSite): DocumentIssue[] {
  const redirects = site.redirects ?? [];
  const issues: DocumentIssue[] = [];
  const seen = new Map<string, number>();
  redirects.forEach((redirect, i) => {
    const key = redirect.from.toLowerCase().replace(/\/+$/, '') || '/';
    const first = seen.get(key);
    if (first !== undefined)
      issues.push({
        path: `/redirects/${i}/from`,
        message: `redirects from the same address as /redirects/${first}`,
      });
    else seen.set(key, i);
    const unknown = namesIn(redirect.to).filter((name) => !namesIn(redirect.from).includes(name));
    if (unknown.length)
      issues.push({
        path: `/redirects/${i}/to`,
        message: `uses ${unknown.map((n) => `:${n}`).join(', ')}, which the old address does not have`,
      });
    // Follow the chain from this redirect's new address (its :names stand for themselves).
    const visited = [key];
    const chain = [redirect.from];
    let at = redirect.to.split(/[?#]/)[0];
    for (let step = 0; step < MAX_CHAIN; step++) {
      const next = redirects.find((r) => target(r, at) !== undefined);
      if (!next) break;
      const nextKey = next.from.toLowerCase().replace(/\/+$/, '') || '/';
      chain.push(at);
      if (visited.includes(nextKey)) {
        issues.push({
          path: `/redirects/${i}/to`,
          message: `makes a redirect loop: ${chain.join(' → ')} → …`,
        });
        break;
      }
      visited.push(nextKey);
      at = target(next, at)!.split(/[?#]/)[0];
    }
  });
  // A new address without :names must reach a page, as a written link must (unless another redirect takes it on).
  const plain = redirects.flatMap((r, i) =>
    namesIn(r.to).length || redirects.some((o) => target(o, r.to.split(/[?#]/)[0]))
      ? []
      : [{ path: `/redirects/${i}/to`, href: r.to, inText: false }],
  );
  return [...issues, ...linkIssues(site, plain)];
}
