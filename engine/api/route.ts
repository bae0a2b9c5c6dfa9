/**
 * One API endpoint, described once: the router is built from these descriptions and
 * so is the OpenAPI document, so the two cannot disagree.
 */
import type { Request, Response } from 'express';
import type { ApiSchemaName } from './validation.ts';
import type { SessionRecord } from './store/types.ts';

export interface ResponseSpec {
  description: string;
  /** A JSON body described by this schema. */
  schema?: ApiSchemaName;
  /** A JSON body described by a schema outside schemas/api/ (its $id). */
  externalSchema?: string;
  /** A non-JSON body (application/pdf, text/html). */
  contentType?: string;
  headers?: Record<string, string>;
}

export type Auth =
  /** Authorization: Bearer {staff token}. */
  | 'staff'
  /** ?token={staff token}, for a page opened in a browser. */
  | 'staff-query'
  /** The site's session cookie, or Authorization: Bearer {session token} from POST /api/sign-in (session-cookie.ts). */
  | 'session'
  /** A session may be sent; when it is, it must be valid and the named site's. */
  | 'session-optional';

export interface RouteInput<B = unknown, Q = unknown, P = unknown> {
  req: Request;
  res: Response;
  body: B;
  query: Q;
  params: P;
  session?: SessionRecord;
}

export type RouteResult =
  | { status?: number; json: unknown; headers?: Record<string, string> }
  | { status: 204; headers?: Record<string, string> }
  | {
      status?: number;
      body: Buffer | string;
      contentType: string;
      headers?: Record<string, string>;
    };

export interface ApiRoute {
  method: 'get' | 'post';
  /** OpenAPI path template under /api, e.g. /cars/{id}. */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  params?: ApiSchemaName;
  query?: ApiSchemaName;
  body?: ApiSchemaName;
  /** Success answers; the error answers (400, 401, 404, 413, 429, 500) are added from the other fields. */
  responses: Record<number, ResponseSpec>;
  /** May answer 404 (unknown site, lead, car, …). */
  notFound?: string;
  /** Further error answers the route gives, by status (e.g. 409 when a car is already reserved). */
  errors?: Record<number, string>;
  auth?: Auth;
  /** Counted by the per-client rate limit. */
  rateLimited?: boolean;
  /**
   * The server's own page rendering may read it in process (in-process.ts): a GET with no path
   * parameters, sign-in or rate limit, whose handler reads only its query.
   */
  inProcess?: true;
  /** Cache-Control; default no-store. */
  cache?: string;
  /** What the visitor reads when the handler fails unexpectedly. */
  failure?: string;
  // Each handler types its own input (from the schemas); the table holds them uniformly.
  handle(input: RouteInput<any, any, any>): RouteResult | Promise<RouteResult>;
}

/** /cars/{id} becomes /cars/:id for express. */
export const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
