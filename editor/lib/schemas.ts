/**
 * The schemas in the shape react-jsonschema-form wants: one self-contained schema per
 * form (every `$ref` between schema files inlined, so rjsf needs no resolver), labels
 * made readable, descriptions turned into help text, and a uiSchema choosing widgets by
 * the shared definition a field uses (colour, href, image address, rich text).
 *
 * Everything is built once per block type / settings section and memoised: rjsf is slow
 * with schemas that change identity on every render.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import {
  blockPropsCtx,
  deref,
  SITE_CTX,
  FEATURES_CTX,
  type SchemaCtx,
} from '../../engine/document/schema-nav.ts';
import { humanize } from './blocks.ts';
import { enumLabelsUi } from './enum-labels.ts';

export type JsonSchema = Record<string, any>;
export type UiSchema = Record<string, any>;

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

export interface FormSchema {
  schema: JsonSchema;
  uiSchema: UiSchema;
}

function finish(schema: JsonSchema): FormSchema {
  delete schema.title;
  delete schema.description;
  label(schema);
  return { schema, uiSchema: uiSchemaFor(schema) };
}

const blockForms = new Map<string, FormSchema>();

/** The props form of a block type (memoised for the life of the page). */
export function blockForm(type: string): FormSchema | undefined {
  let f = blockForms.get(type);
  if (!f) {
    const ctx = blockPropsCtx(type);
    if (!ctx) return undefined;
    f = finish(inline(ctx));
    blockForms.set(type, f);
  }
  return f;
}

/** The props schema (inlined) of a block type: what rjsf and the default-stripping read. */
export function blockPropsSchema(type: string): JsonSchema | undefined {
  return blockForm(type)?.schema;
}

export interface SettingsSection {
  id: string;
  title: string;
  description: string;
  /** Top-level document keys edited by this section. */
  keys: string[];
  /** When set, the form edits the object under this one key directly. */
  objectKey?: string;
}

export const SETTINGS_SECTIONS: SettingsSection[] = [
  {
    id: 'identity',
    title: 'Identity',
    description: 'Name, ids, host names and the dealerships in the group.',
    keys: ['name', 'id', 'dealership_id', 'hostnames', 'dealerships'],
  },
  {
    id: 'region',
    title: 'Region',
    description: 'Market: sets locale, currency, distance unit and spelling.',
    keys: ['region'],
  },
  {
    id: 'locations',
    title: 'Locations',
    description: 'Showrooms, service centres and parts counters.',
    keys: ['locations'],
  },
  {
    id: 'search',
    title: 'Search',
    description: 'Where stock search runs and what it shows.',
    keys: ['search'],
    objectKey: 'search',
  },
  {
    id: 'theme',
    title: 'Theme',
    description: 'Colours, logo, font and corner radius.',
    keys: ['theme'],
    objectKey: 'theme',
  },
  {
    id: 'api',
    title: 'API',
    description: 'Where leads and the watchlist are sent.',
    keys: ['api'],
    objectKey: 'api',
  },
];

const sectionForms = new Map<string, FormSchema>();

export function settingsForm(section: SettingsSection): FormSchema {
  let f = sectionForms.get(section.id);
  if (!f) {
    const props = (SITE_CTX.schema.properties ?? {}) as Record<string, unknown>;
    let schema: JsonSchema;
    if (section.objectKey) {
      schema = inline({
        schema: props[section.objectKey] as Record<string, unknown>,
        base: SITE_CTX.base,
      });
    } else {
      schema = {
        type: 'object',
        properties: Object.fromEntries(
          section.keys.map((k) => [
            k,
            inline({ schema: props[k] as Record<string, unknown>, base: SITE_CTX.base }),
          ]),
        ),
      };
    }
    f = finish(schema);
    sectionForms.set(section.id, f);
  }
  return f;
}

let pageFormSchema: FormSchema | undefined;

/** A page's own fields (title, address, description…), as the Page tab and problems name them. */
export function pageForm(): FormSchema {
  const page = (SITE_CTX.schema.$defs as Record<string, JsonSchema> | undefined)?.page ?? {};
  // Its blocks are edited in the outline, not as a field.
  const { blocks: _blocks, ...fields } = (page.properties ?? {}) as JsonSchema;
  return (pageFormSchema ??= finish(
    inline({ schema: { ...page, properties: fields }, base: SITE_CTX.base }),
  ));
}

export interface FeatureSwitch {
  key: string;
  group: string;
  description: string;
  default: unknown;
  schema: JsonSchema;
  label: string;
}

let features: FeatureSwitch[] | undefined;

/** Every feature switch of the site schema, in schema order. */
export function featureSwitches(): FeatureSwitch[] {
  if (!features) {
    const props = (FEATURES_CTX.schema.properties ?? {}) as Record<string, JsonSchema>;
    features = Object.entries(props).map(([key, raw]) => {
      const schema = inline({ schema: raw, base: FEATURES_CTX.base });
      return {
        key,
        group: typeof raw['x-group'] === 'string' ? raw['x-group'] : 'Other',
        description: typeof raw.description === 'string' ? raw.description : '',
        default: raw.default,
        schema,
        label: typeof raw.title === 'string' ? raw.title : humanize(key),
      };
    });
  }
  return features;
}

/** A schema for one feature switch as an rjsf form (complex switches: lists, maps). */
const featureForms = new Map<string, FormSchema>();
export function featureForm(key: string): FormSchema | undefined {
  let f = featureForms.get(key);
  if (!f) {
    const sw = featureSwitches().find((s) => s.key === key);
    if (!sw) return undefined;
    const schema = structuredClone(sw.schema);
    f = finish(schema);
    featureForms.set(key, f);
  }
  return f;
}

// ------------------------------------------------------------------ starting props

const SAMPLE_STRINGS = [
  '/',
  'new',
  '#1f3a93',
  'https://example.com',
  '2025-01-01',
  '00:00',
  '+61 000 000',
];

/**
 * Props for a new block: only what its schema requires and has no default for, filled
 * with placeholder values staff then edit (a new hero gets the heading "Hero heading").
 */
export function startingProps(type: string): Record<string, unknown> {
  const schema = blockPropsSchema(type);
  if (!schema) return {};
  const value = sample(schema, type, 0);
  return value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function sample(schema: JsonSchema, key: string, depth: number): unknown {
  if (depth > 6) return undefined;
  if ('default' in schema) return structuredClone(schema.default);
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const k of (schema.required as string[] | undefined) ?? []) {
        const sub = schema.properties?.[k];
        if (!sub || 'default' in sub) continue;
        const v = sample(sub, k, depth + 1);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'array': {
      const n = (schema.minItems as number | undefined) ?? 0;
      return Array.from({ length: n }, (_, i) =>
        sample(schema.items ?? {}, `${key} ${i + 1}`, depth + 1),
      );
    }
    case 'string': {
      // Staff see "New text." in a new rich-text block, not "Html text.".
      if (schema['x-def'] === 'html')
        return `<p>${key === 'html' ? 'New' : humanize(key)} text.</p>`;
      if (schema.format === 'date') return '2025-01-01';
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern, 'u');
        return SAMPLE_STRINGS.find((s) => re.test(s)) ?? '';
      }
      return `New ${humanize(key).toLowerCase()}`.slice(0, schema.maxLength ?? 60);
    }
    case 'integer':
    case 'number':
      return schema.minimum ?? 0;
    case 'boolean':
      return false;
    default:
      return undefined;
  }
}

export { blockSchemas };
