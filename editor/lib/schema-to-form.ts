/**
 * Turns a schema (inlined and titled, engine/document/words/form-schemas.ts) into an rjsf
 * form: a uiSchema choosing widgets by shared definition, with descriptions as help
 * (schemas.ts builds the forms).
 */
import { titleFields } from '../../engine/document/words/form-schemas.ts';
import { enumLabelsUi } from './enum-labels.ts';
import type { FormSchema, JsonSchema, UiSchema } from './schemas.ts';

/** Shared definitions that get their own widget (SchemaForm.tsx's WIDGETS; `html` is the rich-text field, components/RichTextField/). */
export const WIDGET_FOR_DEF: Record<string, string> = {
  colour: 'colour',
  href: 'href',
  imageSrc: 'imageSrc',
  html: 'html',
};

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
  else if (type === 'string' && typeof schema['x-placeholder'] === 'string') {
    // A new block's words: shown greyed until typed over (components/PlaceholderText.tsx).
    ui['ui:widget'] = 'placeholderText';
    ui['ui:placeholder'] = schema['x-placeholder'];
  }
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
  titleFields(schema);
  return { schema, uiSchema: uiSchemaFor(schema) };
}
