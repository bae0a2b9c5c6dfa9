/**
 * Navigating the JSON Schemas as data: following `$ref`s between the schema files and
 * finding, for a place in a document, the schema that describes it. The canonical
 * formatter uses it to order keys the way the schemas list them, and the diff to read
 * defaults. Isomorphic on purpose (no node imports): the editor runs it in the browser.
 */
import { blockSchemas, topLevelSchemas } from '../../schemas/index.gen.ts';
import { decodePointerSegment, encodePointerSegment, fromPointer } from '../tree.ts';

type Schema = Record<string, unknown>;

/** A schema together with the address its relative `$ref`s are resolved against. */
export interface SchemaCtx {
  schema: Schema;
  base: string;
}

/** What a schema says about an object's keys, gathered through $ref and combinators. */
export interface ObjectShape {
  /** Known property names in schema order, with the schema of each. */
  properties: Map<string, SchemaCtx>;
  patterns: Array<[RegExp, SchemaCtx]>;
  additional?: SchemaCtx;
}

const registry = new Map<string, Schema>();
for (const s of [...topLevelSchemas, ...Object.values(blockSchemas)] as unknown as Schema[]) {
  if (typeof s.$id === 'string') registry.set(s.$id, s);
}

function findTopLevel(suffix: string): Schema {
  for (const [id, s] of registry) if (id.endsWith(suffix)) return s;
  throw new Error(`schema ${suffix} is missing from schemas/index.gen.ts`);
}

const siteSchema = findTopLevel('/site.schema.json');
const blockSchema = findTopLevel('/block.schema.json');
const featuresSchema = findTopLevel('/features.schema.json');

export const SITE_CTX: SchemaCtx = { schema: siteSchema, base: siteSchema.$id as string };
export const BLOCK_CTX: SchemaCtx = { schema: blockSchema, base: blockSchema.$id as string };
export const FEATURES_CTX: SchemaCtx = {
  schema: featuresSchema,
  base: featuresSchema.$id as string,
};

/** The props schema of a block type, or undefined for a type this engine does not know. */
export function blockPropsCtx(type: unknown): SchemaCtx | undefined {
  const s = typeof type === 'string' ? (blockSchemas as Record<string, Schema>)[type] : undefined;
  return s ? { schema: s, base: s.$id as string } : undefined;
}

/** Is this (after $ref) the generic block schema? Blocks get their props schema by type. */
export function isBlockSchema(ctx: SchemaCtx | undefined): boolean {
  if (!ctx) return false;
  let known = blockMemo.get(ctx.schema);
  if (known === undefined) blockMemo.set(ctx.schema, (known = deref(ctx).schema === blockSchema));
  return known;
}

const blockMemo = new WeakMap<Schema, boolean>();

function pointer(root: unknown, fragment: string): unknown {
  if (!fragment || fragment === '/') return root;
  let node: any = root;
  for (const raw of fragment.replace(/^\//, '').split('/')) {
    const part = decodePointerSegment(decodeURIComponent(raw));
    node = node?.[part];
  }
  return node;
}

/** Follows `$ref` chains (bounded, so a cyclic reference cannot hang the formatter). */
export function deref(ctx: SchemaCtx): SchemaCtx {
  let cur = ctx;
  for (let i = 0; i < 32 && typeof cur.schema.$ref === 'string'; i++) {
    const next = resolveRef(cur.schema.$ref as string, cur.base);
    if (!next) break;
    cur = next;
  }
  return cur;
}

function resolveRef(ref: string, base: string): SchemaCtx | undefined {
  const url = new URL(ref, base);
  const hash = url.hash.replace(/^#/, '');
  url.hash = '';
  const resource = registry.get(url.href);
  if (!resource) return undefined;
  const target = pointer(resource, hash);
  if (!target || typeof target !== 'object') return undefined;
  const t = target as Schema;
  return { schema: t, base: typeof t.$id === 'string' ? new URL(t.$id, url.href).href : url.href };
}

function child(ctx: SchemaCtx, schema: unknown): SchemaCtx | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const s = schema as Schema;
  return { schema: s, base: typeof s.$id === 'string' ? new URL(s.$id, ctx.base).href : ctx.base };
}

/** Sub-schemas that also describe the same value: $ref target and combinator branches. */
function* alternatives(ctx: SchemaCtx, seen: Set<Schema>): Generator<SchemaCtx> {
  if (seen.has(ctx.schema)) return;
  seen.add(ctx.schema);
  yield ctx;
  const s = ctx.schema;
  if (typeof s.$ref === 'string') {
    const target = resolveRef(s.$ref, ctx.base);
    if (target) yield* alternatives(target, seen);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf'] as const) {
    if (Array.isArray(s[key]))
      for (const sub of s[key] as unknown[]) {
        const c = child(ctx, sub);
        if (c) yield* alternatives(c, seen);
      }
  }
  for (const key of ['then', 'else'] as const) {
    const c = child(ctx, s[key]);
    if (c) yield* alternatives(c, seen);
  }
}

const shapes = new WeakMap<Schema, ObjectShape>();

export function objectShape(ctx: SchemaCtx): ObjectShape {
  const cached = shapes.get(ctx.schema);
  if (cached) return cached;
  const shape: ObjectShape = { properties: new Map(), patterns: [] };
  for (const alt of alternatives(ctx, new Set())) {
    const s = alt.schema;
    if (s.properties && typeof s.properties === 'object') {
      for (const [k, v] of Object.entries(s.properties as Schema)) {
        const c = child(alt, v);
        // The first schema to name a key decides its place and its sub-schema.
        if (c && !shape.properties.has(k)) shape.properties.set(k, c);
      }
    }
    if (s.patternProperties && typeof s.patternProperties === 'object') {
      for (const [p, v] of Object.entries(s.patternProperties as Schema)) {
        const c = child(alt, v);
        if (c) shape.patterns.push([new RegExp(p, 'u'), c]);
      }
    }
    if (!shape.additional) shape.additional = child(alt, s.additionalProperties);
  }
  shapes.set(ctx.schema, shape);
  return shape;
}

/** The schema of the value under `key` in an object described by `ctx`. */
export function propertyCtx(ctx: SchemaCtx | undefined, key: string): SchemaCtx | undefined {
  if (!ctx) return undefined;
  const shape = objectShape(ctx);
  const known = shape.properties.get(key);
  if (known) return known;
  for (const [re, c] of shape.patterns) if (re.test(key)) return c;
  return shape.additional;
}

/** The schema of an array's item at `index`. */
export function itemCtx(ctx: SchemaCtx | undefined, index: number): SchemaCtx | undefined {
  if (!ctx) return undefined;
  // Most arrays have one item schema: it is remembered (null: none), as objectShape remembers keys.
  const known = itemMemo.get(ctx.schema);
  if (known !== undefined) return known ?? undefined;
  let positional = false;
  for (const alt of alternatives(ctx, new Set())) {
    const s = alt.schema;
    if (Array.isArray(s.prefixItems)) {
      positional = true;
      if (index < s.prefixItems.length) return child(alt, s.prefixItems[index]);
    }
    const c = child(alt, s.items);
    if (c) {
      if (!positional) itemMemo.set(ctx.schema, c);
      return c;
    }
  }
  if (!positional) itemMemo.set(ctx.schema, null);
  return undefined;
}

const itemMemo = new WeakMap<Schema, SchemaCtx | null>();

/** The `default` a schema declares (looking through $ref), if any. */
export function schemaDefault(ctx: SchemaCtx | undefined): { has: boolean; value?: unknown } {
  if (!ctx) return { has: false };
  for (const alt of alternatives(ctx, new Set())) {
    if ('default' in alt.schema) return { has: true, value: alt.schema.default };
  }
  return { has: false };
}

/** The `description` a schema declares (looking through $ref), if any. */
export function schemaDescription(ctx: SchemaCtx | undefined): string | undefined {
  if (!ctx) return undefined;
  for (const alt of alternatives(ctx, new Set())) {
    if (typeof alt.schema.description === 'string') return alt.schema.description;
  }
  return undefined;
}

/** The schema describing the value at a JSON pointer of a site document (blocks excluded). */
export function ctxAt(pointer: string, root: SchemaCtx = SITE_CTX): SchemaCtx | undefined {
  let ctx: SchemaCtx | undefined = root;
  for (const part of fromPointer(pointer)) {
    ctx =
      /^\d+$/.test(part) && !objectShape(ctx!).properties.has(part) && itemCtx(ctx, Number(part))
        ? itemCtx(ctx, Number(part))
        : propertyCtx(ctx, part);
    if (!ctx) return undefined;
  }
  return ctx;
}

/** The default the schema declares for the value at a JSON pointer of a site document. */
export function defaultAt(pointer: string): { has: boolean; value?: unknown } {
  return schemaDefault(ctxAt(pointer));
}

/** A value of a document with the schema that describes it (after `$ref`s) and its JSON pointer. */
export interface SchemaVisit {
  value: unknown;
  /** The schema as named at this place (may be a `$ref` with annotations beside it). */
  ctx: SchemaCtx;
  path: string;
}

/**
 * Every value of a site document (or of any value under `root`) that a schema
 * describes, depth first, in document order. Block props follow their type's schema,
 * as in the canonical form. Values no schema describes (unknown keys) are skipped.
 */
export function* walkWithSchema(
  value: unknown,
  root: SchemaCtx = SITE_CTX,
  path = '',
): Generator<SchemaVisit> {
  yield { value, ctx: root, path };
  if (value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const sub = itemCtx(root, i);
      if (sub) yield* walkWithSchema(value[i], sub, `${path}/${i}`);
    }
    return;
  }
  const obj = value as Record<string, unknown>;
  const block = isBlockSchema(root);
  for (const key of Object.keys(obj)) {
    const sub = block && key === 'props' ? blockPropsCtx(obj.type) : propertyCtx(root, key);
    if (sub) yield* walkWithSchema(obj[key], sub, `${path}/${encodePointerSegment(key)}`);
  }
}

/**
 * A keyword's value on a schema or anything it refers to (the first found). With a
 * value, branches whose `type` does not admit it are passed over (an `anyOf` of a
 * word list and an id marks only the id). Answers are remembered per schema object and
 * kind of value: the whole-site rules ask this for every value of every site document
 * (docs/deploy.md, "Memory and start-up"), and the schemas never change while running.
 */
export function schemaKeyword(ctx: SchemaCtx, keyword: string, value?: unknown): unknown {
  const typed = arguments.length > 2;
  const kind = typed ? kindOf(value) : undefined;
  const key = typed ? `${keyword}\u0000${kind}` : keyword;
  let known = keywordMemo.get(ctx.schema);
  if (!known) keywordMemo.set(ctx.schema, (known = new Map()));
  if (known.has(key)) return known.get(key);
  let found: unknown;
  for (const alt of alternatives(ctx, new Set())) {
    if (!(keyword in alt.schema)) continue;
    if (typed && !admitsType(alt.schema.type, kind!)) continue;
    found = alt.schema[keyword];
    break;
  }
  known.set(key, found);
  return found;
}

const keywordMemo = new WeakMap<Schema, Map<string, unknown>>();

function kindOf(value: unknown): string {
  return value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;
}

function admitsType(type: unknown, kind: string): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.includes(kind) || (kind === 'integer' && types.includes('number'));
}

/** Is the schema (or what it refers to) the shared `href` definition? */
export function isHrefSchema(ctx: SchemaCtx): boolean {
  let known = hrefMemo.get(ctx.schema);
  if (known === undefined) {
    known = false;
    for (const alt of alternatives(ctx, new Set())) if (alt.schema === hrefSchema) known = true;
    hrefMemo.set(ctx.schema, known);
  }
  return known;
}

const hrefMemo = new WeakMap<Schema, boolean>();

const hrefSchema = (findTopLevel('/defs.schema.json').$defs as Record<string, Schema>).href;
