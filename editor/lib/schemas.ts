/**
 * The schemas in the shape react-jsonschema-form wants: one self-contained schema per
 * form (every `$ref` between schema files inlined, so rjsf needs no resolver), labels
 * made readable, descriptions turned into help text, and a uiSchema choosing widgets by
 * the shared definition a field uses (colour, href, image address, rich text).
 *
 * Everything is built once per block type / settings section and memoised: rjsf is slow
 * with schemas that change identity on every render.
 *
 * How a schema becomes a form is schema-to-form.ts; a new block's props, starting-props.ts.
 */
import { blockSchemas } from '../../schemas/index.gen.ts';
import { blockPropsCtx, SITE_CTX, FEATURES_CTX } from '../../engine/tree/schema-nav.ts';
import { humanize } from './blocks.ts';
import { finish, inline } from './schema-to-form.ts';

export type JsonSchema = Record<string, any>;
export type UiSchema = Record<string, any>;

export interface FormSchema {
  schema: JsonSchema;
  uiSchema: UiSchema;
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

export { blockSchemas };
