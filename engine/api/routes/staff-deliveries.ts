/**
 * Staff send a failed or dead-lettered delivery again (docs/leads.md, "When delivery
 * fails"): as JSON with the bearer token, or from the HTML lead view, whose button posts a
 * bodiless form with the token in the query and is sent back to the list.
 */
import type {
  StaffDeliveryParams,
  StaffLeadsQuery,
  StaffResend,
} from '../../../schemas/types.gen.ts';
import { requireSite, type ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import type { ApiRoute, RouteInput } from '../route.ts';

export const NOT_RESENDABLE = 'No failed or dead-lettered delivery with this id on this site.';

async function resend(ctx: ApiContext, site: string, id: number): Promise<StaffResend> {
  requireSite(ctx, site);
  if (!(await ctx.store.deliveries.resend(site, id, ctx.now())))
    throw new HttpError(404, NOT_RESENDABLE);
  ctx.delivery.nudge();
  return { id, state: 'pending' };
}

export function staffDeliveryRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/staff/deliveries/{id}/resend',
      operationId: 'staffResendDelivery',
      tag: 'Staff',
      summary: 'Send a failed or dead-lettered lead delivery again',
      description:
        'Puts the delivery back to be sent now, with a new 72-hour window of retries. 404 when the site has no failed or dead-lettered delivery with this id.',
      params: 'staff-delivery-params',
      query: 'staff-leads-query',
      auth: 'staff',
      rateLimited: true,
      responses: { 200: { description: 'To be sent again.', schema: 'staff-resend' } },
      notFound: NOT_RESENDABLE,
      async handle({ params, query }: RouteInput<unknown, StaffLeadsQuery, StaffDeliveryParams>) {
        return { json: await resend(ctx, query.site, Number(params.id)) };
      },
    },
    {
      method: 'post',
      path: '/staff/deliveries/{id}/resend.html',
      operationId: 'staffResendDeliveryPage',
      tag: 'Staff',
      summary: "The lead view's Send again button (token in the query)",
      params: 'staff-delivery-params',
      query: 'staff-leads-query',
      auth: 'staff-query',
      rateLimited: true,
      responses: { 303: { description: 'Back to the lead view.' } },
      notFound: NOT_RESENDABLE,
      async handle({ params, query }: RouteInput<unknown, StaffLeadsQuery, StaffDeliveryParams>) {
        await resend(ctx, query.site, Number(params.id));
        const back = `../../leads.html?site=${encodeURIComponent(query.site)}&token=${encodeURIComponent(query.token ?? '')}`;
        return { status: 303, body: '', contentType: 'text/plain', headers: { Location: back } };
      },
    },
  ];
}
