/**
 * Staff read the scheduled stock-feed pulls of a site's dealerships (docs/cars.md, "Scheduled
 * feed pulls"): each feed's last pull (time, counts or the failure) and the next one. Feed
 * addresses and credentials are configuration and never part of the answer.
 */
import type { StaffFeeds, StaffLeadsQuery } from '../../../schemas/types.gen.ts';
import { requireSite, type ApiContext } from '../context.ts';
import type { ApiRoute, RouteInput } from '../route.ts';

export function staffFeedRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'get',
      path: '/staff/feeds',
      operationId: 'staffFeeds',
      tag: 'Staff',
      summary: "The scheduled stock-feed pulls of a site's dealerships",
      description:
        'Per configured feed: when it was last pulled, what the pull did (cars added, changed, sold, warnings) or why it failed, the failures in a row, and when the next pull is due. Empty when no feed of the site is configured.',
      query: 'staff-leads-query',
      auth: 'staff',
      rateLimited: true,
      responses: { 200: { description: 'The feeds, by dealership.', schema: 'staff-feeds' } },
      notFound: 'Unknown site.',
      async handle({ query }: RouteInput<unknown, StaffLeadsQuery>) {
        requireSite(ctx, query.site);
        const rows = await ctx.store.feedPulls.list(query.site);
        const answer: StaffFeeds = {
          site: query.site,
          feeds: rows.map(({ site: _site, ...row }) => row),
        };
        return { json: answer };
      },
    },
  ];
}
