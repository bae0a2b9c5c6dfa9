/**
 * Request validation against schemas/api/ with the project's ajv (createAjv), so the
 * schemas the forms use are the ones the server enforces. Failures become a 400 with
 * one {path, message} per problem.
 *
 * Forms show these messages to visitors (after the field's label: "Email must be a valid
 * email address…"), so they are plain words: never a regular expression, never ajv's
 * own phrasing ("must NOT have fewer than 1 characters"). See fieldErrors below.
 */
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { createAjv, formatErrors } from '../schema/validator.ts';
import { precompiledValidators } from '../schema/precompiled.ts';
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
  // A built server has them compiled ahead (precompiled.ts), looked for at the first request
  // checked; from source each is compiled on first use.
  let ajv: ReturnType<typeof createAjv> | undefined;
  const compiled = new Map<ApiSchemaName, ValidateFunction>();
  const fn = (name: ApiSchemaName) => {
    let v = compiled.get(name);
    if (!v) {
      v =
        precompiledValidators()?.api[name] ??
        ((ajv ??= createAjv({ useDefaults: true })).getSchema(schemaId(name)) as ValidateFunction);
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
    return fieldErrors(v.errors ?? []).filter((f) => !seen.has(f.path) && seen.add(f.path));
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

// ---------------------------------------------------------------- messages people can read

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'empty',
};

const FORMAT_MESSAGES: Record<string, string> = {
  email: 'must be a valid email address, e.g. name@example.com',
  date: 'must be a date written as YYYY-MM-DD',
  'date-time': 'must be a date and time, e.g. 2025-06-02T09:30:00Z',
  uri: 'must be a full web address (https://…)',
};

/** Generic wording of a pattern the schema does not explain. */
export const FORMAT_FALLBACK = 'is not in the expected format';

/**
 * True when a message shows a regular expression: an anchor, a character class with a
 * count, an escape such as \d, or a group.
 */
export function looksLikeRegex(message: string): boolean {
  return /(^|[\s:])\^|\$($|[\s)])|\\[dDsSwWbB.]|\[[^\]]*\][*+?{]|\(\?[:=!]|\{\d+(,\d*)?\}/.test(
    message,
  );
}

/**
 * The wording of one ajv error, for the keywords whose ajv text is not plain English
 * (undefined: the shared formatter's wording is fine; null: leave the error out).
 */
function ownMessage(e: ErrorObject): { path: string; message: string } | undefined | null {
  const params = e.params as Record<string, any>;
  const path = e.instancePath || '/';
  // A property name that breaks propertyNames (e.g. a key of extra): name the key, never the rule.
  if (e.propertyName !== undefined && e.keyword !== 'enum') {
    const detail =
      e.keyword === 'maxLength' ? ` (at most ${plural(params.limit, 'character')})` : '';
    return {
      path,
      message: `has a field name that is not allowed: ${JSON.stringify(e.propertyName)}${detail}`,
    };
  }
  switch (e.keyword) {
    case 'propertyNames':
      return null; // the error on the name itself says it
    case 'pattern': {
      const description = (e.parentSchema as { description?: string } | undefined)?.description;
      return {
        path,
        message:
          description && !looksLikeRegex(description)
            ? `is not valid: ${description}`
            : FORMAT_FALLBACK,
      };
    }
    case 'format':
      return { path, message: FORMAT_MESSAGES[params.format] ?? FORMAT_FALLBACK };
    case 'type': {
      const types = String(params.type).split(',');
      return { path, message: `must be ${types.map((t) => TYPE_WORDS[t] ?? t).join(' or ')}` };
    }
    case 'minLength':
      return {
        path,
        message:
          params.limit === 1
            ? 'must not be empty'
            : `must be at least ${plural(params.limit, 'character')} long`,
      };
    case 'maxLength':
      return { path, message: `must be ${plural(params.limit, 'character')} or fewer` };
    case 'minimum':
      return { path, message: `must be ${params.limit} or more` };
    case 'maximum':
      return { path, message: `must be ${params.limit} or less` };
    case 'exclusiveMinimum':
      return { path, message: `must be more than ${params.limit}` };
    case 'exclusiveMaximum':
      return { path, message: `must be less than ${params.limit}` };
    case 'multipleOf':
      return { path, message: `must be a multiple of ${params.multipleOf}` };
    case 'minItems':
      return { path, message: `must have at least ${plural(params.limit, 'entry', 'entries')}` };
    case 'maxItems':
      return { path, message: `must have at most ${plural(params.limit, 'entry', 'entries')}` };
    case 'uniqueItems':
      return { path, message: 'must not list the same entry twice' };
    case 'minProperties':
      return { path, message: `must have at least ${plural(params.limit, 'field')}` };
    case 'maxProperties':
      return { path, message: `must have at most ${plural(params.limit, 'field')}` };
    case 'const':
      return { path, message: `must be ${JSON.stringify(params.allowedValue)}` };
    case 'dependentRequired':
      return { path: `${e.instancePath}/${params.missingProperty}`, message: 'is required' };
    case 'anyOf':
    case 'oneOf':
    case 'not':
      return { path, message: 'is not valid' };
    default:
      return undefined;
  }
}

/**
 * ajv errors as {path, message} a visitor can read. The shared formatter
 * (engine/schema/validator.ts) words errors for staff editing documents; the API words
 * its own, and as a last guard replaces any message that still shows a regular
 * expression.
 */
export function fieldErrors(errors: ErrorObject[]): FieldError[] {
  const out: FieldError[] = [];
  for (const e of errors) {
    const own = ownMessage(e);
    if (own === null) continue;
    const list = own ? [own] : formatErrors([e]);
    for (const f of list)
      out.push({ path: f.path, message: looksLikeRegex(f.message) ? FORMAT_FALLBACK : f.message });
  }
  return out;
}
