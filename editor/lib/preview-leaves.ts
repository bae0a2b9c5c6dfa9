/**
 * The preview's fast path inside a block's lists and groups (preview-patch.ts;
 * docs/editor-design.md, "Speed"): a button's label or link, a card's text. The form hands
 * back a new copy of every list on each keystroke, so what changed is found value by value,
 * and only values the preview can show as the server would prepare them are sent.
 */
import isEqual from 'lodash-es/isEqual.js';
import type { JsonSchema } from './schemas.ts';

/** One value changed inside a block's props: its path under the props and its new value. */
export interface Leaf {
  path: string[];
  value: string | number | boolean;
}

const patterns = new Map<string, RegExp>();

/** Whether a link fits its field's schema: a link that does not (javascript:, too long) waits for the check. */
function linkFits(schema: JsonSchema, value: string): boolean {
  if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) return false;
  if (typeof schema.pattern !== 'string') return true;
  let re = patterns.get(schema.pattern);
  if (!re) patterns.set(schema.pattern, (re = new RegExp(schema.pattern, 'u')));
  return re.test(value);
}

/**
 * A string the preview may show as typed: plain text (no choices, format, picker or data
 * reference; escaped by React) or a link that fits its pattern. Rich text inside a list waits.
 */
function stringFits(schema: JsonSchema | undefined, value: string): boolean {
  if (!schema || schema.type !== 'string') return false;
  if (schema['x-def'] === 'href') return linkFits(schema, value);
  return !(
    schema.enum ||
    schema.const !== undefined ||
    schema.format ||
    schema['x-def'] ||
    schema['x-ref'] ||
    schema.contentMediaType
  );
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Adds to `out` each value that differs between `before` and `after` under `path`; false
 * when a difference is one the preview cannot show at once (an item added or removed, a
 * field filled for the first time, rich text, a choice): then the check decides.
 */
export function leafChanges(
  schema: JsonSchema | undefined,
  before: unknown,
  after: unknown,
  path: string[],
  out: Leaf[],
): boolean {
  if (before === after) return true;
  if (typeof after === 'string' && typeof before === 'string') {
    if (!stringFits(schema, after)) return false;
    out.push({ path, value: after });
    return true;
  }
  if ((typeof after === 'number' || typeof after === 'boolean') && typeof before === typeof after) {
    if (schema?.enum || schema?.['x-ref']) return false;
    out.push({ path, value: after });
    return true;
  }
  if (Array.isArray(after) && Array.isArray(before)) {
    if (after.length !== before.length) return false;
    const items = isObject(schema?.items) ? (schema.items as JsonSchema) : undefined;
    return after.every((v, i) => leafChanges(items, before[i], v, [...path, String(i)], out));
  }
  if (isObject(after) && isObject(before)) {
    const keys = Object.keys(after);
    if (keys.length !== Object.keys(before).length || keys.some((k) => !(k in before)))
      return isEqual(before, after);
    const props = (schema?.properties ?? {}) as Record<string, JsonSchema>;
    return keys.every((k) => leafChanges(props[k], before[k], after[k], [...path, k], out));
  }
  return isEqual(before, after);
}

/** `props` with each leaf set, copying only the paths to them; undefined when a path is not there. */
export function setLeaves(
  props: Record<string, unknown>,
  leaves: Leaf[],
): Record<string, unknown> | undefined {
  let root: unknown = props;
  for (const { path, value } of leaves) {
    const next = setAt(root, path, value);
    if (next === undefined) return undefined;
    root = next;
  }
  return root as Record<string, unknown>;
}

function setAt(node: unknown, path: string[], value: unknown): unknown {
  if (!path.length) return value;
  const [key, ...rest] = path;
  if (Array.isArray(node)) {
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= node.length) return undefined;
    const child = setAt(node[i], rest, value);
    if (child === undefined) return undefined;
    const copy = [...node];
    copy[i] = child;
    return copy;
  }
  if (!isObject(node) || (rest.length && !(key in node))) return undefined;
  const child = setAt(node[key], rest, value);
  return child === undefined ? undefined : { ...node, [key]: child };
}
