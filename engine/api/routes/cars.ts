/** A car by id (lender disclaimers) and its PDF summary sheet, from the server's car source. */
import type { CarIdParams, CarQuery, CarSlugParams } from '../../../schemas/types.gen.ts';
import { isPublicCar } from '../../search/public-access.ts';
import { carPdf } from '../car-pdf.ts';
import { requireSite, type ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import type { ApiRoute, RouteInput } from '../route.ts';

export const CAR_NOT_FOUND = 'Car not found';

export function carRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'get',
      path: '/cars/{id}',
      operationId: 'getCar',
      tag: 'Stock',
      summary: 'A car by id (finance_lenders[provider].disclaimer and the rest)',
      params: 'car-id-params',
      query: 'car-query',
      responses: {
        200: {
          description: 'The car.',
          externalSchema: 'https://forecourt.dev/schemas/car.schema.json',
        },
      },
      notFound: 'No such car (or no car source configured), or unknown site.',
      cache: 'public, max-age=60',
      async handle({ params, query }: RouteInput<unknown, CarQuery, CarIdParams>) {
        if (query.site) requireSite(ctx, query.site);
        const car = await ctx.getCar?.(Number(params.id), query.site);
        // A car no site shows (its VIN, price, stock number) is not public: the same 404 as an unknown id.
        if (!car || !isPublicCar(car)) throw new HttpError(404, CAR_NOT_FOUND);
        return { json: car };
      },
    },
    {
      method: 'get',
      path: '/cars/{slug}/pdf',
      operationId: 'getCarPdf',
      tag: 'Stock',
      summary: "A car's summary sheet as a PDF download named {slug}.pdf",
      params: 'car-slug-params',
      query: 'car-query',
      responses: {
        200: {
          description: 'The PDF (Content-Disposition: attachment; filename="{slug}.pdf").',
          contentType: 'application/pdf',
          headers: { 'Content-Disposition': 'attachment; filename="{slug}.pdf"' },
        },
      },
      notFound: 'No such car (or no car source configured), or unknown site.',
      cache: 'public, max-age=300',
      failure: 'The PDF could not be made. Please try again.',
      async handle({ params, query }: RouteInput<unknown, CarQuery, CarSlugParams>) {
        const site = query.site ? requireSite(ctx, query.site) : undefined;
        const car = await ctx.getCarBySlug?.(params.slug, query.site);
        if (!car || !isPublicCar(car)) throw new HttpError(404, CAR_NOT_FOUND);
        return {
          body: carPdf(car, site),
          contentType: 'application/pdf',
          // The slug schema allows only [a-z0-9-], so it is safe inside the quotes.
          headers: { 'Content-Disposition': `attachment; filename="${params.slug}.pdf"` },
        };
      },
    },
  ];
}
