/**
 * Keys, tokens and passwords in site documents (features.serviceBookingKey,
 * search.apiKey, anything named like one) are never printed by the semantic diff or the
 * readable rendering: reviewers see that such a value was set, changed or removed, not
 * the value. Isomorphic.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { decodePointerSegment } from '../tree.ts';

/** camelCase names ending in Key, Token, Secret…; snake/kebab names ending in key, token… */
const CAMEL = /[a-z0-9](Key|Token|Secret|Password|Passwd|Credentials?)$/;
const PLAIN = /(^|[_-])(api[_-]?key|key|token|secret|password|passwd|credentials?)$/i;

export function isSecretName(name: string): boolean {
  return CAMEL.test(name) || PLAIN.test(name);
}

/** Does a JSON pointer end in a secret's name? */
export function isSecretPath(pointer: string): boolean {
  const last = pointer.split('/').pop() ?? '';
  return isSecretName(decodePointerSegment(last));
}

export const SECRET_TEXT = '(secret, not shown)';

const hidden = new WeakMap<Secret, unknown>();

/** A secret value as printed: JSON.stringify gives SECRET_TEXT; the value stays inside for comparisons. */
export class Secret {
  constructor(value: unknown) {
    hidden.set(this, value);
  }
  toJSON() {
    return SECRET_TEXT;
  }
}

/** The value a Secret hides (or the value itself). */
export function unwrapSecret(v: unknown): unknown {
  return v instanceof Secret ? hidden.get(v) : v;
}

/** Non-empty strings and numbers under a secret's name. */
function secretValue(v: unknown): boolean {
  return (typeof v === 'string' && v !== '') || typeof v === 'number';
}

/** A copy of a value with every secret-named field's value hidden (`name`: the key it sits under). */
export function redactValue(v: unknown, name?: string): unknown {
  if (name !== undefined && isSecretName(name)) {
    if (secretValue(v)) return new Secret(v);
    if (Array.isArray(v)) return v.map((x) => (secretValue(x) ? new Secret(x) : redactValue(x)));
  }
  if (Array.isArray(v)) return v.map((x) => redactValue(x));
  if (isPlainObject(v))
    return Object.fromEntries(
      Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, redactValue(x, k)]),
    );
  return v;
}

/**
 * A copy of a change object (any kind, nested effects included) with secret values
 * hidden: `before`, `after` and `default` at a secret's path, and secret-named fields
 * inside any value.
 */
export function redactChange<T>(c: T): T {
  if (!isPlainObject(c)) return c;
  const o = c as Record<string, unknown>;
  const path = typeof o.path === 'string' ? o.path : '';
  const name = decodePointerSegment(path.split('/').pop() ?? '');
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if (k === 'before' || k === 'after' || k === 'default') out[k] = redactValue(v, name);
    else if (k === 'effects' && Array.isArray(v)) out[k] = v.map(redactChange);
    else out[k] = v;
  }
  return out as T;
}
