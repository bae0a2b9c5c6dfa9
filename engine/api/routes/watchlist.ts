/**
 * The watchlist: cars saved by the signed-in visitor of one site (docs/api.md, "Watchlist
 * and sign-in"). The owner is the session's phone number and site, never a number in the
 * request, and every call is rate limited like the lead endpoints.
 */
import type { SuccessResponse, Watchlist, WatchlistChange } from '../../../schemas/types.gen.ts';
import type { ApiContext } from '../context.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import type { SessionRecord } from '../store/types.ts';
import { carKey } from './leads.ts';

export function watchlistRoutes(ctx: ApiContext): ApiRoute[] {
  const change = (
    operationId: string,
    path: string,
    summary: string,
    apply: (owner: SessionRecord, car: number | string) => Promise<void>,
  ): ApiRoute => ({
    method: 'post',
    path,
    operationId,
    tag: 'Watchlist',
    summary,
    body: 'watchlist-change',
    auth: 'session',
    rateLimited: true,
    responses: {
      200: {
        description: 'Done (saving a saved car, or removing an absent one, also succeeds).',
        schema: 'success',
      },
    },
    async handle({ body, session }: RouteInput<WatchlistChange>) {
      await apply(session!, carKey(body.car_id)!);
      const json: SuccessResponse = { success: true };
      return { json };
    },
  });
  return [
    change(
      'saveCar',
      '/watchlist/save-car',
      "Save a car to the signed-in visitor's watchlist",
      (s, car) => ctx.watchlist.save(s.site, s.phone, car, ctx.now().toISOString()),
    ),
    change(
      'removeCar',
      '/watchlist/remove-car',
      "Remove a car from the signed-in visitor's watchlist",
      (s, car) => ctx.watchlist.remove(s.site, s.phone, car),
    ),
    {
      method: 'get',
      path: '/watchlist',
      operationId: 'listWatchlist',
      tag: 'Watchlist',
      summary: 'The car ids the signed-in visitor saved on this site, most recent first',
      query: 'watchlist-query',
      auth: 'session',
      rateLimited: true,
      responses: {
        200: { description: 'The watchlist (empty when nothing is saved).', schema: 'watchlist' },
      },
      async handle({ session }: RouteInput) {
        const json: Watchlist = {
          phone_number: session!.phone,
          car_ids: await ctx.watchlist.list(session!.site, session!.phone),
        };
        return { json };
      },
    },
  ];
}
