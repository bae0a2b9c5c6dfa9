/**
 * The database is away (docs/api.md, "Storage"; docs/security.md, "Stored data"): PostgreSQL
 * restarting, unreachable or refusing connections, SQLite locked past its wait. A request
 * that meets it is answered 503 with Retry-After, never a bare 500: nothing was stored, and
 * the forms send the same submission again (its idempotency key), so a lead is stored once
 * when the database is back (blocks/_forms/api.ts).
 */
import { HttpError } from './http.ts';

/** Seconds a client is asked to wait before trying again. */
export const STORE_RETRY_AFTER_SECONDS = 5;

export const STORE_UNAVAILABLE =
  'We could not save this just now. Nothing you typed is lost: please try again in a moment.';

/** Node's and postgres.js's codes for a connection that failed or went away. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'SQLITE_BUSY',
]);

/**
 * Whether an error says the database cannot be reached now, rather than that a query is
 * wrong: a connection code, or PostgreSQL's SQLSTATE for a connection exception (class 08),
 * a server shutting down or starting (57P01-57P03), or too many connections (53300).
 */
export function storeUnavailable(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return false;
  return CONNECTION_CODES.has(code) || /^08|^57P0[123]$|^53300$/.test(code);
}

export function storeUnavailableError(): HttpError {
  return new HttpError(503, STORE_UNAVAILABLE, undefined, {
    'Retry-After': String(STORE_RETRY_AFTER_SECONDS),
  });
}
