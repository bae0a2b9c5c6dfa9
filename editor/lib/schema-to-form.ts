/**
 * Turns a schema into an rjsf form: every `$ref` inlined, properties titled, and a uiSchema
 * choosing widgets by shared definition, with descriptions as help (schemas.ts builds the forms).
 */
import { deref, type SchemaCtx } from '../../engine/tree/schema-nav.ts';
import { humanize } from './blocks.ts';
import { enumLabelsUi } from './enum-labels.ts';
import type { FormSchema, JsonSchema, UiSchema } from './schemas.ts';

const DROP = new Set(['$id', '$schema', 'x-block', 'x-group', 'x-sanitize', '$comment']);
/** Shared definitions that get their own widget (SchemaForm.tsx's WIDGETS; `html` is the rich-text field, components/RichTextField/). */
export const WIDGET_FOR_DEF: Record<string, string> = {
  colour: 'colour',
  href: 'href',
  imageSrc: 'imageSrc',
  html: 'html',
};

function defName(ref: string): string | undefined {
  const m = /#\/\$defs\/([^/]+)$/.exec(ref);
  return m?.[1];
}

/** A copy of the schema at `ctx` with every `$ref` inlined (our schemas have no cycles). */
export function inline(ctx: SchemaCtx, depth = 0): JsonSchema {
  if (depth > 24) return {};
  const s = ctx.schema as JsonSchema;
  let out: JsonSchema = {};
  if (typeof s.$ref === 'string') {
    const target = deref(ctx);
    const base = inline(target, depth + 1);
    delete base.title;
    const name = defName(s.$ref);
    if (name && !base['x-def']) base['x-def'] = name;
    // The referencing schema's own words (description, default) win over the definition's.
    out = { ...base };
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === '$ref' || DROP.has(k)) continue;
    const sub = (x: unknown) =>
      inline({ schema: x as Record<string, unknown>, base: ctx.base }, depth + 1);
    if (
      (k === 'properties' || k === 'patternProperties' || k === '$defs') &&
      v &&
      typeof v === 'object'
    ) {
      out[k] = Object.fromEntries(
        Object.entries(v as JsonSchema).map(([name, p]) => [name, sub(p)]),
      );
    } else if (
      (k === 'items' ||
        k === 'additionalProperties' ||
        k === 'not' ||
        k === 'if' ||
        k === 'then' ||
        k === 'else' ||
        k === 'contains' ||
        k === 'propertyNames') &&
      v &&
      typeof v === 'object'
    ) {
      out[k] = sub(v);
    } else if (
      (k === 'allOf' || k === 'anyOf' || k === 'oneOf' || k === 'prefixItems') &&
      Array.isArray(v)
    ) {
      out[k] = v.map(sub);
    } else {
      out[k] = v;
    }
  }
  delete out.$defs;
  return out;
}

/** Readable labels: a property without a title is titled from its key ("primaryText" → "Primary text"). */
function label(schema: JsonSchema): JsonSchema {
  if (schema.properties) {
    for (const [k, p] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      // Rich text stored under the key "html" is, to staff, the block's text.
      if (!p.title) p.title = p['x-def'] === 'html' && k === 'html' ? 'Text' : humanize(k);
      label(p);
    }
  }
  if (schema.items && typeof schema.items === 'object') label(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    label(schema.additionalProperties);
  return schema;
}

const OPTION_BY_DEF: Record<string, string> = {
  href: 'Link',
  imageSrc: 'Picture',
  colour: 'Colour',
  html: 'Text',
};
const OPTION_BY_TYPE: Record<string, string> = {
  string: 'Text',
  integer: 'Whole number',
  number: 'Number',
  boolean: 'Yes or no',
  array: 'List',
  object: 'Group of fields',
  null: 'Nothing',
};

/** Staff words for an anyOf / oneOf option without a title (the staff-text check asks schemas for one). */
export function optionTitle(option: JsonSchema, index: number): string {
  const type = Array.isArray(option.type) ? option.type[0] : option.type;
  return OPTION_BY_DEF[option['x-def']] ?? OPTION_BY_TYPE[type] ?? `Choice ${index + 1}`;
}

/** The uiSchema for an inlined schema: widgets by shared definition, descriptions as help. */
export function uiSchemaFor(schema: JsonSchema, root = true): UiSchema {
  const ui: UiSchema = {};
  const widget = schema['x-def'] && WIDGET_FOR_DEF[schema['x-def']];
  const type = schema.type;
  // A field naming an entry of the site's data (`x-ref`) picks from the site's entries (components/pickers/RefPicker.tsx).
  if (typeof schema['x-ref'] === 'string') ui['ui:widget'] = 'ref';
  else if (widget) ui['ui:widget'] = widget;
  else if (schema.contentMediaType === 'text/html') ui['ui:widget'] = WIDGET_FOR_DEF.html;
  else if (
    type === 'string' &&
    typeof schema.pattern === 'string' &&
    schema.pattern.includes('https?://')
  )
    ui['ui:widget'] = 'href';
  Object.assign(ui, enumLabelsUi(schema));
  if (!root && typeof schema.description === 'string' && type !== 'object' && type !== 'array') {
    ui['ui:help'] = schema.description;
    // Shown once, as help under the input, rather than again under the label.
    delete schema.description;
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    const options = schema[key] as JsonSchema[] | undefined;
    if (!Array.isArray(options)) continue;
    // rjsf labels an untitled option "Option 1"; each option's own widget and labels go in ui[key].
    options.forEach((o, i) => (o.title ||= optionTitle(o, i)));
    ui[key] = options.map((o) => uiSchemaFor(o, false));
  }
  if (schema.properties) {
    for (const [k, p] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      const sub = uiSchemaFor(p, false);
      if (Object.keys(sub).length) ui[k] = sub;
    }
  }
  if (schema.items && typeof schema.items === 'object') {
    const sub = uiSchemaFor(schema.items, false);
    if (Object.keys(sub).length) ui.items = sub;
  }
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
    const sub = uiSchemaFor(schema.additionalProperties, false);
    if (Object.keys(sub).length) ui.additionalProperties = sub;
  }
  return ui;
}

/** A finished form: untitled at the top, properties labelled, with its uiSchema. */
export function finish(schema: JsonSchema): FormSchema {
  delete schema.title;
  delete schema.description;
  label(schema);
  return { schema, uiSchema: uiSchemaFor(schema) };
}
