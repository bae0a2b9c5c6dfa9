/**
 * Saved searches (docs/api.md, "Saved searches and alerts"): the signed-in visitor's, on one
 * site, like the watchlist (the owner is the session's phone number and site, never a value in
 * the request), each with the email address its alerts go to. The unsubscribe link of an
 * alert email needs no session: its signed token names the site and the address.
 */
import escape from 'lodash-es/escape.js';
import type {
  SavedSearchDelete,
  SavedSearchRequest,
  SavedSearches,
  SavedSearchesQuery,
  SuccessResponse,
  UnsubscribeQuery,
} from '../../../schemas/types.gen.ts';
import { requireSite, type ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import type { SessionRecord } from '../store/types.ts';

/** Saved searches one visitor may keep on a site. */
export const MAX_SAVED_SEARCHES = 20;
export const TOO_MANY_SEARCHES = `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save another.`;
export const BAD_UNSUBSCRIBE = 'This unsubscribe link is not valid.';
export const UNSUBSCRIBED = 'You will get no more car alerts at this address.';

async function listOf(ctx: ApiContext, s: SessionRecord): Promise<SavedSearches> {
  const rows = await ctx.store.savedSearches.list(s.site, s.phone);
  return {
    saved_searches: rows.map((r) => ({
      id: r.id,
      email: r.email,
      frequency: r.frequency,
      url: r.url,
      label: r.label,
      created_at: r.createdAt,
    })),
  };
}

export function savedSearchRoutes(ctx: ApiContext): ApiRoute[] {
  const unsubscribe = async (token: string) => {
    const who = ctx.alerts.tokens.read(token);
    if (!who) throw new HttpError(400, BAD_UNSUBSCRIBE);
    await ctx.store.savedSearches.unsubscribe(who.site, who.email);
    return who;
  };
  const unsubscribeRoute = {
    path: '/saved-searches/unsubscribe',
    tag: 'Saved searches',
    query: 'unsubscribe-query',
    rateLimited: true,
    errors: { 400: BAD_UNSUBSCRIBE },
  } as const;
  return [
    {
      method: 'get',
      path: '/saved-searches',
      operationId: 'listSavedSearches',
      tag: 'Saved searches',
      summary: "The signed-in visitor's saved searches on this site, most recent first",
      query: 'saved-searches-query',
      auth: 'session',
      rateLimited: true,
      responses: { 200: { description: 'The saved searches.', schema: 'saved-searches' } },
      handle: async ({ session }: RouteInput<unknown, SavedSearchesQuery>) => ({
        json: await listOf(ctx, session!),
      }),
    },
    {
      method: 'post',
      path: '/saved-searches',
      operationId: 'saveSearch',
      tag: 'Saved searches',
      summary: 'Save the current search with the email address and frequency of its alerts',
      body: 'saved-search-request',
      auth: 'session',
      rateLimited: true,
      errors: { 409: TOO_MANY_SEARCHES },
      responses: {
        201: { description: 'Saved; the saved searches now.', schema: 'saved-searches' },
      },
      async handle({ body, session }: RouteInput<SavedSearchRequest>) {
        const s = session!;
        requireSite(ctx, s.site);
        if ((await ctx.store.savedSearches.list(s.site, s.phone)).length >= MAX_SAVED_SEARCHES)
          throw new HttpError(409, TOO_MANY_SEARCHES);
        await ctx.store.savedSearches.create({
          site: s.site,
          phone: s.phone,
          email: body.email.trim().toLowerCase(),
          frequency: body.frequency,
          url: body.url,
          label: body.label?.trim() || body.url,
          params: body.params,
          createdAt: ctx.now().toISOString(),
        });
        // A site's first saved search records what its stock is now, so the next import's cars are new.
        ctx.alerts.stockChanged([s.site]);
        return { status: 201, json: await listOf(ctx, s) };
      },
    },
    {
      method: 'post',
      path: '/saved-searches/delete',
      operationId: 'deleteSavedSearch',
      tag: 'Saved searches',
      summary: "Delete one of the signed-in visitor's saved searches",
      body: 'saved-search-delete',
      auth: 'session',
      rateLimited: true,
      responses: {
        200: { description: 'Done (an unknown id also succeeds).', schema: 'success' },
      },
      async handle({ body, session }: RouteInput<SavedSearchDelete>) {
        await ctx.store.savedSearches.remove(session!.site, session!.phone, body.id);
        const json: SuccessResponse = { success: true };
        return { json };
      },
    },
    {
      ...unsubscribeRoute,
      method: 'get',
      operationId: 'unsubscribePage',
      summary: "An alert email's unsubscribe link, opened in a browser (no session)",
      responses: { 200: { description: 'A page saying it is done.', contentType: 'text/html' } },
      async handle({ query }: RouteInput<unknown, UnsubscribeQuery>) {
        const who = await unsubscribe(query.token);
        const entry = ctx.sites.get(who.site);
        const name = entry?.ok ? entry.site.name : who.site;
        return {
          contentType: 'text/html; charset=utf-8',
          body: `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(name)}</title></head><body><main><h1>${escape(name)}</h1><p>${escape(UNSUBSCRIBED)}</p></main></body></html>`,
        };
      },
    },
    {
      ...unsubscribeRoute,
      method: 'post',
      operationId: 'unsubscribe',
      summary: 'One-click unsubscribe (RFC 8058), as mail programs send it (no session)',
      responses: { 200: { description: 'Unsubscribed (also when already).', schema: 'success' } },
      async handle({ query }: RouteInput<unknown, UnsubscribeQuery>) {
        await unsubscribe(query.token);
        const json: SuccessResponse = { success: true };
        return { json };
      },
    },
  ];
}
