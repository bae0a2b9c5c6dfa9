/** The staff read view: a site's leads, newest first, behind the staff token. */
import type { StaffLeads, StaffLeadsQuery } from '../../../schemas/types.gen.ts';
import { requireSite, type ApiContext } from '../context.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { staffLeadsHtml } from '../staff-html.ts';

async function page(ctx: ApiContext, query: StaffLeadsQuery): Promise<StaffLeads> {
  const limit = Math.min(500, Number(query.limit ?? 50));
  const { leads, nextBefore } = await ctx.leads.list(
    query.site,
    limit,
    query.before ? Number(query.before) : undefined,
  );
  return { site: query.site, leads, next_before: nextBefore };
}

export function staffRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'get',
      path: '/staff/leads',
      operationId: 'staffLeads',
      tag: 'Staff',
      summary: "A site's stored leads, newest first",
      query: 'staff-leads-query',
      auth: 'staff',
      // Also slows down anyone guessing a weak configured token.
      rateLimited: true,
      responses: {
        200: {
          description: 'A page of leads; pass next_before as before for the next.',
          schema: 'staff-leads',
        },
      },
      notFound: 'Unknown site.',
      async handle({ query }: RouteInput<unknown, StaffLeadsQuery>) {
        requireSite(ctx, query.site);
        return { json: await page(ctx, query) };
      },
    },
    {
      method: 'get',
      path: '/staff/leads.html',
      operationId: 'staffLeadsPage',
      tag: 'Staff',
      summary: 'The same list as a web page (token in the query, for a browser)',
      query: 'staff-leads-query',
      auth: 'staff-query',
      rateLimited: true,
      responses: { 200: { description: 'An HTML page.', contentType: 'text/html' } },
      notFound: 'Unknown site.',
      async handle({ query }: RouteInput<unknown, StaffLeadsQuery>) {
        const site = requireSite(ctx, query.site);
        return {
          body: staffLeadsHtml(
            site,
            await page(ctx, query),
            query.token!,
            await ctx.leads.count(site.slug),
          ),
          contentType: 'text/html; charset=utf-8',
          headers: {
            // Inline styles only; no scripts, no framing, and the token never leaves in a Referer.
            // Forms post only here: a delivery's Send again button (routes/staff-deliveries.ts).
            'Content-Security-Policy':
              "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'",
            'Referrer-Policy': 'no-referrer',
          },
        };
      },
    },
  ];
}
