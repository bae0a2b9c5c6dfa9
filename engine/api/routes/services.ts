/** Endpoints in front of the adapters that forms call directly: captcha and geocoding. */
import type { GeocodeQuery, GeocodeResult } from '../../../schemas/types.gen.ts';
import { INVALID_POSTCODE } from '../adapters/geocoding.ts';
import type { ApiContext } from '../context.ts';
import { HttpError, invalid } from '../http.ts';
import { checkPostcode } from '../regional.ts';
import { DEFAULT_REGION } from '../../region.ts';
import type { ApiRoute, RouteInput } from '../route.ts';

export function serviceRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'get',
      path: '/captcha',
      operationId: 'getCaptcha',
      tag: 'Forms',
      summary: 'A captcha question to show with a form',
      responses: {
        200: { description: 'The question and its signed token.', schema: 'captcha-challenge' },
      },
      async handle() {
        return { json: await ctx.adapters.captcha.issue(ctx.now()) };
      },
    },
    {
      method: 'get',
      path: '/geocode',
      operationId: 'geocodePostcode',
      tag: 'Forms',
      summary: 'Latitude and longitude of a postcode (ZIP code in the US)',
      description: `Answers 400 when the postcode is malformed for the region and 404 "${INVALID_POSTCODE}" when it is not a known area.`,
      query: 'geocode-query',
      responses: {
        200: { description: "The postcode's approximate centre.", schema: 'geocode-result' },
      },
      notFound: INVALID_POSTCODE,
      cache: 'public, max-age=86400',
      async handle({ query }: RouteInput<unknown, GeocodeQuery>) {
        const region = query.region ?? DEFAULT_REGION;
        const malformed = checkPostcode(region, query.postcode.trim());
        if (malformed) throw invalid([{ path: '/postcode', message: malformed }], INVALID_POSTCODE);
        const point = await ctx.adapters.geocoder.geocode(query.postcode.trim(), region);
        if (!point) throw new HttpError(404, INVALID_POSTCODE);
        const json: GeocodeResult = { postcode: query.postcode.trim(), region, ...point };
        return { json };
      },
    },
  ];
}
