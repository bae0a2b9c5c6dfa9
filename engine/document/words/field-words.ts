/**
 * Where a field is, in the words staff see on the form (docs/editor-design.md, "Forms"): the titles
 * of the fields on the way and list items named by their content ("Gold Coast", "Book a
 * service"), else by position ("2nd item"), instead of a JSON path like `/locations/0/phone`.
 * The same names label list items in the forms, so a problem reads as the form looks.
 */
import type { JsonSchema } from './form-schemas.ts';

const INDEX = /^(0|[1-9]\d*)$/;
/** Fields whose text names an item, best first. */
const NAME_KEYS = [
  'name',
  'title',
  'label',
  'heading',
  'question',
  'customer_name',
  'text',
  'alt',
  'slug',
];
const MAX_NAME = 40;

const ordinals = new Intl.PluralRules('en', { type: 'ordinal' });
const SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };

/** "1st", "2nd", "23rd". */
export function ordinal(n: number): string {
  return `${n}${SUFFIX[ordinals.select(n)]}`;
}

function plainText(value: string): string {
  const text = value
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > MAX_NAME ? `${text.slice(0, MAX_NAME - 1)}…` : text;
}

/** The text that names a list item: its name, title, label… field (or the value itself, for text items). */
export function itemContent(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'number')
    return plainText(String(value)) || undefined;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  for (const key of NAME_KEYS) {
    const v = (value as Record<string, unknown>)[key];
    if ((typeof v === 'string' && v.trim()) || typeof v === 'number') return plainText(String(v));
  }
  return undefined;
}

/**
 * A list item's name: its content ("Gold Coast", "Book a service"), else its place ("2nd
 * item"). Item schemas' own titles are type names (FaqItem), not staff words.
 */
export function itemLabel(value: unknown, index: number): string {
  // Text items are edited in place: their name is their place in the list, not a copy of the text.
  return (
    (value && typeof value === 'object' ? itemContent(value) : undefined) ??
    `${ordinal(index + 1)} item`
  );
}

/** The options of an anyOf / oneOf. */
const options = (schema: JsonSchema): JsonSchema[] => [
  ...(schema.anyOf ?? []),
  ...(schema.oneOf ?? []),
];

/** The subschema of `schema` at `field` (property names and list indexes), through anyOf / oneOf options. */
export function schemaAt(schema: JsonSchema | undefined, field: string[]): JsonSchema | undefined {
  let at = schema;
  for (const part of field) {
    if (!at) return undefined;
    at = childSchema(at, part);
  }
  return at;
}

function childSchema(schema: JsonSchema, part: string): JsonSchema | undefined {
  if (INDEX.test(part) && schema.items && typeof schema.items === 'object') return schema.items;
  const own =
    schema.properties?.[part] ??
    (typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined);
  if (own) return own;
  for (const option of options(schema)) {
    const found = childSchema(option, part);
    if (found) return found;
  }
  return undefined;
}

/**
 * The names of the fields on the way to `field`, as the form labels them:
 * ["Locations", "Gold Coast", "Phone"]. Unknown parts (a property the schema does
 * not have) are shown as they are.
 */
export function fieldTrail(
  schema: JsonSchema | undefined,
  field: string[],
  value: unknown,
): string[] {
  const out: string[] = [];
  let at = schema;
  let data = value;
  for (const part of field) {
    const isItem = INDEX.test(part) && (Array.isArray(data) || at?.type === 'array');
    const next = at ? childSchema(at, part) : undefined;
    const item = isItem && Array.isArray(data) ? data[Number(part)] : undefined;
    if (isItem) out.push(itemLabel(item, Number(part)));
    else out.push(typeof next?.title === 'string' && next.title ? next.title : part);
    data = isItem
      ? item
      : data && typeof data === 'object'
        ? (data as Record<string, unknown>)[part]
        : undefined;
    at = next;
  }
  return out;
}
