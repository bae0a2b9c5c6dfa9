/**
 * Request validation against schemas/api/ with the project's ajv (createAjv), so the
 * schemas the forms use are the ones the server enforces. Failures become a 400 with
 * one {path, message} per problem.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv, formatErrors } from '../schema/validator.ts';
import { apiSchemas } from '../../schemas/index.gen.ts';
import type { FieldError } from '../../schemas/types.gen.ts';
import { invalid } from './http.ts';

export type ApiSchemaName = keyof typeof apiSchemas;

export function schemaId(name: ApiSchemaName): string {
  return (apiSchemas[name] as { $id: string }).$id;
}

export function schemaTitle(name: ApiSchemaName): string {
  return (apiSchemas[name] as { title: string }).title;
}

export interface Validators {
  /** Problems with data (empty when valid). Fills in schema defaults (source "Website"). */
  check(name: ApiSchemaName, data: unknown): FieldError[];
  /** Throws a 400 HttpError listing the problems; answers the data typed as T. */
  assert<T>(name: ApiSchemaName, data: unknown): T;
  /** Checks several parts of one request (path, query, body) and reports all their problems together. */
  assertAll(parts: [ApiSchemaName | undefined, unknown][]): void;
}

export function createValidators(): Validators {
  const ajv = createAjv({ useDefaults: true });
  const compiled = new Map<ApiSchemaName, ValidateFunction>();
  const fn = (name: ApiSchemaName) => {
    let v = compiled.get(name);
    if (!v) {
      v = ajv.getSchema(schemaId(name)) as ValidateFunction;
      compiled.set(name, v);
    }
    return v;
  };
  const check = (name: ApiSchemaName, data: unknown) => {
    const v = fn(name);
    if (v(data)) return [];
    // One message per field: the form shows one line per error, and "too short" plus
    // "wrong characters" for the same box is noise.
    const seen = new Set<string>();
    return formatErrors(v.errors ?? []).filter((f) => !seen.has(f.path) && seen.add(f.path));
  };
  return {
    check,
    assert<T>(name: ApiSchemaName, data: unknown): T {
      const fields = check(name, data);
      if (fields.length) throw invalid(fields);
      return data as T;
    },
    assertAll(parts) {
      const fields = parts.flatMap(([name, data]) => (name ? check(name, data) : []));
      if (fields.length) throw invalid(fields);
    },
  };
}
