/**
 * A small query-string codec for nested keys, the way search URLs read:
 *   query=ranger&refinementList[make][0]=Ford&range[price]=10000:50000
 * Brackets and colons stay readable; everything else is percent-encoded.
 *
 * It covers what the search URLs need (strings, arrays by index, nested objects) and
 * nothing more. It also has the `parse`/`stringify` shape of the npm `qs` package, so a
 * bundler alias can stand it in for `qs` (instantsearch's default history router imports
 * `qs`; our router never uses it, so the alias only removes dead bytes).
 */

export type QueryValue = string | QueryValue[] | { [key: string]: QueryValue };
export type QueryObject = { [key: string]: QueryValue };

/** Deepest nesting kept when parsing (qs's default is 5). */
const MAX_DEPTH = 5;
/** Highest array index accepted (qs's arrayLimit is 20; filters may list more values). */
const MAX_INDEX = 200;

function decode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Percent-encodes a value, keeping `:` and `,` readable (they are legal in a query). */
export function encodeValue(text: string): string {
  return encodeURIComponent(text).replace(/%3A/gi, ':').replace(/%2C/gi, ',');
}

function encodeKey(text: string): string {
  return encodeURIComponent(text).replace(/%5B/gi, '[').replace(/%5D/gi, ']');
}

/** Splits `a[b][0]` into ['a', 'b', '0']. Keys without brackets are one segment. */
function keyPath(key: string): string[] {
  const open = key.indexOf('[');
  if (open <= 0) return [key];
  const path = [key.slice(0, open)];
  const rest = key.slice(open);
  const re = /\[([^[\]]*)\]/g;
  let m: RegExpExecArray | null;
  let consumed = 0;
  while ((m = re.exec(rest)) && path.length <= MAX_DEPTH) {
    if (m.index !== consumed) break;
    path.push(m[1]);
    consumed = m.index + m[0].length;
  }
  return path;
}

const isIndex = (s: string) => /^\d+$/.test(s) && Number(s) <= MAX_INDEX;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function parse(search: string): QueryObject {
  const out: Record<string, unknown> = {};
  const text = search.startsWith('?') ? search.slice(1) : search;
  if (!text) return out as QueryObject;
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const rawKey = decode(eq < 0 ? pair : pair.slice(0, eq));
    const value = eq < 0 ? '' : decode(pair.slice(eq + 1));
    const path = keyPath(rawKey);
    if (path.some((p) => UNSAFE_KEYS.has(p))) continue;
    let node: Record<string, unknown> = out;
    for (let i = 0; i < path.length; i++) {
      const seg = path[i];
      const last = i === path.length - 1;
      if (last) {
        if (seg === '' && Array.isArray(node)) (node as unknown[]).push(value);
        else node[seg === '' ? String(Object.keys(node).length) : seg] = value;
      } else {
        const nextIsIndex = isIndex(path[i + 1]) || path[i + 1] === '';
        let child = node[seg];
        if (typeof child !== 'object' || child === null) {
          child = nextIsIndex ? [] : {};
          node[seg] = child;
        }
        node = child as Record<string, unknown>;
      }
    }
  }
  return compactArrays(out) as QueryObject;
}

/** Arrays filled by index may have holes ([0] and [2] given): keep the values in order. */
function compactArrays(value: unknown): unknown {
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compactArrays);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = compactArrays(v);
    return out;
  }
  return value;
}

export function stringify(
  value: QueryObject | Record<string, unknown>,
  _options?: unknown,
): string {
  const parts: string[] = [];
  const walk = (prefix: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (Array.isArray(v)) {
      v.forEach((item, i) => walk(`${prefix}[${i}]`, item));
    } else if (typeof v === 'object') {
      for (const [k, item] of Object.entries(v as Record<string, unknown>))
        walk(prefix ? `${prefix}[${k}]` : k, item);
    } else {
      parts.push(`${encodeKey(prefix)}=${encodeValue(String(v))}`);
    }
  };
  walk('', value);
  return parts.join('&');
}

export default { parse, stringify };
