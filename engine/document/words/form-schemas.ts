/**
 * The schemas as staff read them: one self-contained schema per form (every `$ref` between
 * schema files inlined) with every field titled ("primaryText" → "Primary text"), for a block
 * type, a page, a settings section and a feature switch (docs/editor-design.md, "Staff
 * words"). The editor's forms are these with widgets and help added (editor/lib/schemas.ts);
 * the words of a place (place-words.ts) read their titles, so a change reads as the form looks.
 *
 * Each is built once and then shared: callers never change one (the editor's forms copy it).
 */
import {
  blockPropsCtx,
  deref,
  FEATURES_CTX,
  SITE_CTX,
  type SchemaCtx,
} from '../../tree/schema-nav.ts';
import { humanize } from './names.ts';

export type JsonSchema = Record<string, any>;

const DROP = new Set(['$id', '$schema', 'x-block', 'x-group', 'x-sanitize', '$comment']);
const SUBSCHEMA = new Set([
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
]);

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
    } else if (SUBSCHEMA.has(k) && v && typeof v === 'object') {
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

/** Titles every field (in place): one without a title is titled from its key ("primaryText" → "Primary text"). */
export function titleFields(schema: JsonSchema): JsonSchema {
  if (schema.properties) {
    for (const [k, p] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
      // Rich text stored under the key "html" is, to staff, the block's text.
      if (!p.title) p.title = p['x-def'] === 'html' && k === 'html' ? 'Text' : humanize(k);
      titleFields(p);
    }
  }
  if (schema.items && typeof schema.items === 'object') titleFields(schema.items);
  if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
    titleFields(schema.additionalProperties);
  return schema;
}

function once<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    if (!made.has(key)) made.set(key, make(key));
    return made.get(key)!;
  };
}

/** The props schema of a block type, fields titled; undefined for a type no schema knows. */
export const blockSchema = once((type: string): JsonSchema | undefined => {
  const ctx = blockPropsCtx(type);
  return ctx ? titleFields(inline(ctx)) : undefined;
});

/** A page's own fields (title, address, description…); its blocks are edited in the outline, not as a field. */
export const pageSchema = once((_: void): JsonSchema => {
  const page = (SITE_CTX.schema.$defs as Record<string, JsonSchema> | undefined)?.page ?? {};
  const { blocks: _blocks, ...fields } = (page.properties ?? {}) as JsonSchema;
  return titleFields(inline({ schema: { ...page, properties: fields }, base: SITE_CTX.base }));
});

/** A top-level field of the site document that no settings section edits (its format version…), titled. */
export const siteFieldSchema = once((key: string): JsonSchema | undefined => {
  const raw = (SITE_CTX.schema.properties as Record<string, unknown> | undefined)?.[key];
  return raw && typeof raw === 'object'
    ? titleFields(inline({ schema: raw as Record<string, unknown>, base: SITE_CTX.base }))
    : undefined;
});

export interface SettingsSection {
  id: string;
  title: string;
  description: string;
  /** Top-level document keys edited by this section. */
  keys: string[];
  /** When set, the form edits the object under this one key directly. */
  objectKey?: string;
}

/** The editor's settings sections, in the order its Settings tab shows them. */
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
    id: 'offers',
    title: 'Offers',
    description: 'The dealer’s offers: names, dates, pictures and finance terms.',
    keys: ['offers'],
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
    id: 'leads',
    title: 'Where leads go',
    description: 'Who receives each kind of enquiry: emails, the dealer’s CRM, a webhook.',
    keys: ['leadRouting'],
    objectKey: 'leadRouting',
  },
  {
    id: 'api',
    title: 'API',
    description: 'Where leads and the watchlist are sent.',
    keys: ['api'],
    objectKey: 'api',
  },
];

/** The schema a settings section's form edits, fields titled. */
export const settingsSchema = once((section: SettingsSection): JsonSchema => {
  const props = (SITE_CTX.schema.properties ?? {}) as Record<string, unknown>;
  const at = (key: string) =>
    inline({ schema: props[key] as Record<string, unknown>, base: SITE_CTX.base });
  const schema = section.objectKey
    ? at(section.objectKey)
    : {
        type: 'object',
        properties: Object.fromEntries(section.keys.map((k) => [k, at(k)])),
      };
  return titleFields(schema);
});

export interface FeatureSwitch {
  key: string;
  group: string;
  description: string;
  default: unknown;
  /** Its schema, inlined (its fields untitled: featureSchema titles them). */
  schema: JsonSchema;
  label: string;
}

let features: FeatureSwitch[] | undefined;

/** Every feature switch of the site schema, in schema order. */
export function featureSwitches(): FeatureSwitch[] {
  if (!features) {
    const props = (FEATURES_CTX.schema.properties ?? {}) as Record<string, JsonSchema>;
    features = Object.entries(props).map(([key, raw]) => ({
      key,
      group: typeof raw['x-group'] === 'string' ? raw['x-group'] : 'Other',
      description: typeof raw.description === 'string' ? raw.description : '',
      default: raw.default,
      schema: inline({ schema: raw, base: FEATURES_CTX.base }),
      label: typeof raw.title === 'string' ? raw.title : humanize(key),
    }));
  }
  return features;
}

/** One feature switch's schema (a list or a map of settings), fields titled. */
export const featureSchema = once((key: string): JsonSchema | undefined => {
  const sw = featureSwitches().find((s) => s.key === key);
  return sw ? titleFields(structuredClone(sw.schema)) : undefined;
});
