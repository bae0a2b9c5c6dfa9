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
import {
  blockSchema,
  featureSchema,
  pageSchema,
  settingsSchema,
  type JsonSchema,
  type SettingsSection,
} from '../../engine/document/words/form-schemas.ts';
import { finish } from './schema-to-form.ts';

export {
  featureSwitches,
  SETTINGS_SECTIONS,
  type FeatureSwitch,
  type JsonSchema,
  type SettingsSection,
} from '../../engine/document/words/form-schemas.ts';
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
    const schema = blockSchema(type);
    if (!schema) return undefined;
    f = finish(structuredClone(schema));
    blockForms.set(type, f);
  }
  return f;
}

/** The props schema (inlined) of a block type: what rjsf and the default-stripping read. */
export function blockPropsSchema(type: string): JsonSchema | undefined {
  return blockForm(type)?.schema;
}

const sectionForms = new Map<string, FormSchema>();

export function settingsForm(section: SettingsSection): FormSchema {
  let f = sectionForms.get(section.id);
  if (!f) {
    f = finish(structuredClone(settingsSchema(section)));
    sectionForms.set(section.id, f);
  }
  return f;
}

let pageFormSchema: FormSchema | undefined;

/** A page's own fields (title, address, description…), as the Page tab and problems name them. */
export function pageForm(): FormSchema {
  return (pageFormSchema ??= finish(structuredClone(pageSchema())));
}

/** A schema for one feature switch as an rjsf form (complex switches: lists, maps). */
const featureForms = new Map<string, FormSchema>();
export function featureForm(key: string): FormSchema | undefined {
  let f = featureForms.get(key);
  if (!f) {
    const schema = featureSchema(key);
    if (!schema) return undefined;
    f = finish(structuredClone(schema));
    featureForms.set(key, f);
  }
  return f;
}

export { blockSchemas };
