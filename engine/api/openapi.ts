/**
 * The OpenAPI 3.1 document of the local API, built from the route table and the JSON
 * Schemas in schemas/api/ (OpenAPI 3.1 schemas are JSON Schema 2020-12, so they are
 * embedded as they are, $id included, and their relative $refs resolve as usual).
 */
import { apiSchemas, topLevelSchemas } from '../../schemas/index.gen.ts';
import type { ApiRoute } from './route.ts';
import { schemaTitle, type ApiSchemaName } from './validation.ts';

export const API_VERSION = '1.0.0';

type Json = Record<string, unknown>;

const DEFS_ID = 'https://forecourt.dev/schemas/defs.schema.json';
const CAR_ID = 'https://forecourt.dev/schemas/car.schema.json';

const ref = (name: ApiSchemaName) => ({ $ref: `#/components/schemas/${schemaTitle(name)}` });
const errorBody = (description: string) => ({
  description,
  content: { 'application/json': { schema: ref('error') } },
});

/** A property lifted out of its schema keeps working: its $refs are made absolute. */
function absolutise(node: unknown, base: string): unknown {
  if (Array.isArray(node)) return node.map((n) => absolutise(n, base));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? new URL(v, base).href : absolutise(v, base),
    ]),
  );
}

function parameters(name: ApiSchemaName | undefined, where: 'path' | 'query') {
  if (!name) return [];
  const schema = apiSchemas[name] as {
    $id: string;
    required?: string[];
    properties: Record<string, Json>;
  };
  return Object.entries(schema.properties).map(([prop, s]) => {
    const { description, ...rest } = s as Json;
    return {
      name: prop,
      in: where,
      required: where === 'path' || (schema.required ?? []).includes(prop),
      ...(description ? { description } : {}),
      schema: absolutise(rest, schema.$id),
    };
  });
}

function operation(route: ApiRoute): Json {
  const responses: Json = {};
  for (const [status, r] of Object.entries(route.responses)) {
    const headers =
      r.headers &&
      Object.fromEntries(
        Object.entries(r.headers).map(([h, d]) => [
          h,
          { description: d, schema: { type: 'string' } },
        ]),
      );
    const content = r.schema
      ? { 'application/json': { schema: ref(r.schema) } }
      : r.externalSchema
        ? { 'application/json': { schema: { $ref: r.externalSchema } } }
        : r.contentType
          ? {
              [r.contentType]: {
                schema: {
                  type: 'string',
                  ...(r.contentType === 'application/pdf'
                    ? { contentMediaType: 'application/pdf', contentEncoding: 'binary' }
                    : {}),
                },
              },
            }
          : undefined;
    responses[status] = {
      description: r.description,
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  if (route.body || route.query || route.params)
    responses[400] = errorBody('Invalid request; fields lists each problem with its JSON path.');
  if (route.auth) responses[401] = errorBody('Missing or wrong token.');
  if (route.notFound) responses[404] = errorBody(route.notFound);
  if (route.body)
    responses[413] = errorBody('The body is larger than the limit (64 kB by default).');
  if (route.rateLimited) {
    responses[429] = {
      ...errorBody(
        'Too many requests from this client for this site and endpoint; try again after Retry-After seconds.',
      ),
      headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' } } },
    };
  }
  for (const [status, description] of Object.entries(route.errors ?? {}))
    responses[status] = errorBody(description);
  responses[500] = errorBody('Unexpected failure; nothing was stored.');
  const security =
    route.auth === 'staff'
      ? [{ staffToken: [] }]
      : route.auth === 'staff-query'
        ? [{ staffTokenQuery: [] }]
        : route.auth === 'session'
          ? [{ sessionCookie: [] }, { session: [] }]
          : route.auth === 'session-optional'
            ? [{ sessionCookie: [] }, { session: [] }, {}]
            : undefined;
  return {
    operationId: route.operationId,
    tags: [route.tag],
    summary: route.summary,
    ...(route.description ? { description: route.description } : {}),
    ...(security ? { security } : {}),
    parameters: [...parameters(route.params, 'path'), ...parameters(route.query, 'query')],
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: ref(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

export function buildOpenApi(routes: ApiRoute[]): Json {
  const paths: Record<string, Json> = {};
  for (const r of routes) (paths[r.path] ??= {})[r.method] = operation(r);
  const schemas: Json = {};
  for (const name of Object.keys(apiSchemas) as ApiSchemaName[])
    schemas[schemaTitle(name)] = apiSchemas[name];
  // The api schemas point into these two; embedding them (with their $id) lets tools resolve those refs.
  schemas.Defs = topLevelSchemas.find((s) => (s as Json).$id === DEFS_ID);
  schemas.Car = topLevelSchemas.find((s) => (s as Json).$id === CAR_ID);
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Forecourt local API',
      version: API_VERSION,
      description:
        'The API every Forecourt site calls at its api.baseUrl (default /api): leads and forms, watchlist, phone reveals, trade-in, reviews, cars, sign-in, captcha and geocoding, plus the staff lead view. Errors are {error, fields?}. See docs/api.md.',
    },
    servers: [{ url: '/api' }],
    tags: [...new Set(routes.map((r) => r.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        staffToken: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The staff token (FORECOURT_STAFF_TOKEN, or the generated one printed at start-up).',
        },
        staffTokenQuery: {
          type: 'apiKey',
          in: 'query',
          name: 'token',
          description: 'The staff token, for the HTML view opened in a browser.',
        },
        session: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The token from POST /sign-in, for clients that are not browsers; it opens only its own site.',
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'fc_sid_{site}',
          description:
            'The HttpOnly cookie POST /sign-in sets, named for the site (the slug with - as _); the request names the site in its body or query.',
        },
      },
    },
  };
}
