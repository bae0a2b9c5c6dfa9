/** POST /api/phone-reveals: a visitor revealed a dealer's number on a car (the car page only logs a failure: docs/cars.md, "Visitor actions"). */
import type { PhoneRevealRequest } from '../../../schemas/types.gen.ts';
import { siteById, throwIfAny, type ApiContext } from '../context.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { carKey } from './leads.ts';

export function phoneRevealRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/phone-reveals',
      operationId: 'recordPhoneReveal',
      tag: 'Stock',
      summary: 'Record that a phone number was revealed',
      description:
        "website_id is the site document's id; dealership_id, when given, must be one of the site's dealerships.",
      body: 'phone-reveal',
      responses: { 204: { description: 'Recorded.' } },
      notFound: 'Unknown site (website_id).',
      rateLimited: true,
      async handle({ body }: RouteInput<PhoneRevealRequest>) {
        const site = siteById(ctx, body.website_id);
        if (
          body.dealership_id !== undefined &&
          site.dealerships.length &&
          !site.dealerships.some((d) => d.id === body.dealership_id)
        ) {
          throwIfAny([{ path: '/dealership_id', message: 'is not a dealership of this site' }]);
        }
        await ctx.records.phoneReveal(
          site.slug,
          carKey(body.car_id)!,
          body.dealership_id,
          ctx.now().toISOString(),
        );
        return { status: 204 };
      },
    },
  ];
}
