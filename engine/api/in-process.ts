/**
 * The API's public reads answered in process (docs/api.md, "Read in process"): the server's
 * own page rendering asks for what a block shows (the reviews block's rating and list)
 * without an HTTP round trip to itself. Only routes marked `inProcess` answer here: GET, no
 * path parameters, no sign-in, no rate limit, and a handler that reads its query alone. The
 * query is checked against the route's schema as over HTTP, and a refusal rejects with the
 * same status an HTTP reader would see.
 */
import type { ApiContext } from './context.ts';
import { HttpError } from './http.ts';
import type { ApiRoute, RouteInput } from './route.ts';

/** Reads `path` (under /api) with `query`; `undefined` when no in-process route has that path. */
export type InProcessReader = (
  path: string,
  query: URLSearchParams,
) => Promise<unknown> | undefined;

export function inProcessReader(routes: readonly ApiRoute[], ctx: ApiContext): InProcessReader {
  const marked = routes.filter((route) => route.inProcess);
  for (const route of marked)
    if (route.method !== 'get' || route.auth || route.rateLimited || route.path.includes('{'))
      throw new Error(
        `${route.operationId} is marked inProcess but is not a plain public GET: it needs the request`,
      );
  const byPath = new Map(marked.map((route) => [route.path, route] as const));
  return (path, search) => {
    const route = byPath.get(path);
    if (!route) return undefined;
    const query: Record<string, string> = Object.fromEntries(search);
    // A repeated key is a list to express's parser: leave that reading to HTTP.
    if (Object.keys(query).length !== search.size) return undefined;
    return read(route, query, ctx);
  };
}

async function read(route: ApiRoute, query: Record<string, string>, ctx: ApiContext) {
  try {
    ctx.validators.assertAll([[route.query, query]]);
    // An in-process route reads no request or response (its marking says so): none is made up.
    const result = await route.handle({ query, params: {}, body: undefined } as RouteInput);
    if (!('json' in result) || (result.status ?? 200) >= 300)
      throw new Error(`/api${route.path} gave no JSON answer`);
    return result.json;
  } catch (err) {
    if (err instanceof HttpError) throw new Error(`/api${route.path} answered ${err.status}`);
    throw err;
  }
}
