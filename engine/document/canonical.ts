/**
 * The canonical text of a site document (or a template, which is a partial document).
 *
 * Reviewers approve documents as diffs, so every writer (the formatter script, the
 * migrations script, the editor's save) must produce the same bytes for the same
 * content. The rules:
 *  - object keys in the order the schema lists them in `properties` (followed through
 *    `$ref`s), so identity comes first, then settings, then pages; keys the schema does
 *    not name (maps such as tag colours, or unknown keys) follow, sorted by code unit;
 *  - inside a block: type, id, props, hidden, children, slots; props in the order of that
 *    block type's schema;
 *  - arrays keep their order (order is content);
 *  - 2-space indent, one final newline;
 *  - nothing is added or removed: defaults are never written out, ids never change.
 *
 * The serialiser is hand-written rather than JSON.stringify on a reordered copy: JS
 * objects put integer-like keys first whatever the insertion order, which would break
 * the ordering rule for maps keyed by numbers. Isomorphic: no node imports.
 */
import {
  SITE_CTX,
  blockPropsCtx,
  isBlockSchema,
  itemCtx,
  objectShape,
  propertyCtx,
  type SchemaCtx,
} from '../tree/schema-nav.ts';

const INDENT = '  ';

/** Canonical text of a site document or template. */
export function formatSiteDocument(doc: unknown): string {
  return `${write(doc, SITE_CTX, '')}\n`;
}

/** Canonical text of any JSON value described by a schema context (or none: keys sorted). */
export function formatWithSchema(value: unknown, ctx: SchemaCtx | undefined): string {
  return `${write(value, ctx, '')}\n`;
}

/** Is this text exactly the canonical form of the document it parses to? */
export function isCanonical(text: string): boolean {
  try {
    return formatSiteDocument(JSON.parse(text)) === text;
  } catch {
    return false;
  }
}

/** Key order for an object: schema properties first, then the rest sorted. */
export function orderedKeys(obj: Record<string, unknown>, ctx: SchemaCtx | undefined): string[] {
  const present = Object.keys(obj).filter((k) => isWritable(obj[k]));
  if (!ctx) return present.sort(compareCodeUnits);
  const known = [...objectShape(ctx).properties.keys()];
  const have = new Set(present);
  const first = known.filter((k) => have.has(k));
  const firstSet = new Set(first);
  return [...first, ...present.filter((k) => !firstSet.has(k)).sort(compareCodeUnits)];
}

function compareCodeUnits(a: string, b: string) {
  return a < b ? -1 : a > b ? 1 : 0;
}

// JSON.stringify leaves these out of objects; so do we, so the text re-parses the same.
function isWritable(v: unknown) {
  return v !== undefined && typeof v !== 'function' && typeof v !== 'symbol';
}

function write(value: unknown, ctx: SchemaCtx | undefined, indent: string): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify already writes primitives canonically (NaN → null, -0 → 0).
    return isWritable(value) ? JSON.stringify(value) : 'null';
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return write((value as { toJSON(): unknown }).toJSON(), ctx, indent);
  }
  const inner = indent + INDENT;
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    const items = value.map((v, i) => inner + write(v, itemCtx(ctx, i), inner));
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  const obj = value as Record<string, unknown>;
  const block = isBlockSchema(ctx);
  const keys = orderedKeys(obj, ctx);
  if (!keys.length) return '{}';
  const entries = keys.map((k) => {
    // A block's props are described by its type's schema, not the generic block schema.
    const sub = block && k === 'props' ? blockPropsCtx(obj.type) : propertyCtx(ctx, k);
    return `${inner}${JSON.stringify(k)}: ${write(obj[k], sub, inner)}`;
  });
  return `{\n${entries.join(',\n')}\n${indent}}`;
}

export interface TextDifference {
  /** 1-based line number of the first line that differs. */
  line: number;
  /** That line in the first text, or undefined when the first text ended before it. */
  a: string | undefined;
  /** That line in the second text, or undefined when the second text ended before it. */
  b: string | undefined;
}

/** The first line where two texts differ (for "not canonical" messages), or null if equal. */
export function firstDifference(a: string, b: string): TextDifference | null {
  if (a === b) return null;
  const la = a.split('\n');
  const lb = b.split('\n');
  const n = Math.max(la.length, lb.length);
  for (let i = 0; i < n; i++) {
    if (la[i] !== lb[i]) return { line: i + 1, a: la[i], b: lb[i] };
  }
  // Only reachable for texts that differ in "\r" placement inside lines, which split keeps.
  return { line: n, a: la[n - 1], b: lb[n - 1] };
}

/** One sentence naming the first difference between a file and its canonical form. */
export function describeFirstDifference(actual: string, canonical: string): string {
  const d = firstDifference(actual, canonical);
  if (!d) return 'is in canonical form';
  const show = (s: string | undefined) =>
    s === undefined ? '(end of file)' : JSON.stringify(s.trim() || s);
  return `line ${d.line}: found ${show(d.a)}, canonical form has ${show(d.b)}`;
}
