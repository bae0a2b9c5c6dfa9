/** How values cross between the API and the PostgreSQL tables (db/migrations-postgres/001_initial.sql). */
import type { Sql } from 'postgres';

/** JSON as the json type (114): written as JSON.stringify writes it, so key order is kept (jsonb would sort it). */
export const asJson = (sql: Pick<Sql, 'typed'>, value: unknown) => sql.typed(value as never, 114);

/** Car ids are kept as text. */
export const carText = (id: number | string) => String(id);

/** Numeric ids come back as numbers, as SQLite's integer affinity gives them (feed keys stay text). */
export function carValue(text: string): number | string {
  return /^-?(0|[1-9]\d{0,15})$/.test(text) && Number.isSafeInteger(Number(text))
    ? Number(text)
    : text;
}

/** The PostgreSQL error code of a unique index violation. */
export const isUniqueViolation = (err: unknown, constraint?: string) =>
  (err as { code?: string })?.code === '23505' &&
  (!constraint || (err as { constraint_name?: string }).constraint_name === constraint);
