/**
 * The watchlist: cars saved by a signed-in visitor, keyed by phone number
 * ({phone_number, car_id}; docs/api.md, "Watchlist and sign-in"). When the browser sends
 * its session token, the token must belong to that phone number.
 */
import type { SuccessResponse, Watchlist, WatchlistChange, WatchlistQuery } from '../../../schemas/types.gen.ts';
import type { ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import { phoneKey } from '../regional.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import type { SessionRecord } from '../store/sessions.ts';
import { carKey } from './leads.ts';

function ownerOf(phoneNumber: string, session: SessionRecord | undefined): string {
  const key = phoneKey(phoneNumber);
  if (session && session.phone !== key) throw new HttpError(403, 'You are signed in with a different phone number.');
  return key;
}

export function watchlistRoutes(ctx: ApiContext): ApiRoute[] {
  const change = (operationId: string, path: string, summary: string, apply: (phone: string, car: number | string) => void): ApiRoute => ({
    method: 'post',
    path,
    operationId,
    tag: 'Watchlist',
    summary,
    body: 'watchlist-change',
    auth: 'session-optional',
    responses: { 200: { description: 'Done (saving a saved car, or removing an absent one, also succeeds).', schema: 'success' } },
    handle({ body, session }: RouteInput<WatchlistChange>) {
      apply(ownerOf(body.phone_number, session), carKey(body.car_id)!);
      const json: SuccessResponse = { success: true };
      return { json };
    },
  });
  return [
    change('saveCar', '/watchlist/save-car', 'Save a car to a watchlist', (phone, car) => ctx.watchlist.save(phone, car, ctx.now().toISOString())),
    change('removeCar', '/watchlist/remove-car', 'Remove a car from a watchlist', (phone, car) => ctx.watchlist.remove(phone, car)),
    {
      method: 'get',
      path: '/watchlist',
      operationId: 'listWatchlist',
      tag: 'Watchlist',
      summary: 'The car ids saved by a phone number, most recent first',
      query: 'watchlist-query',
      auth: 'session-optional',
      responses: { 200: { description: 'The watchlist (empty when nothing is saved).', schema: 'watchlist' } },
      handle({ query, session }: RouteInput<unknown, WatchlistQuery>) {
        const phone = ownerOf(query.phone_number, session);
        const json: Watchlist = { phone_number: phone, car_ids: ctx.watchlist.list(phone) };
        return { json };
      },
    },
  ];
}
