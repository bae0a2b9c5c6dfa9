/**
 * Every property the editor shows as a form field has a `title` in staff words (docs/editor.md,
 * "Forms"): block props, the site settings, the feature switches and the shared
 * definitions they use. Without one the editor would fall back to the key ("dealership_id"),
 * which onboarding staff cannot read. Prints each untitled property as "file#/json/pointer";
 * exits 1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_ONE = ['items', 'additionalProperties', 'unevaluatedProperties', 'contains', 'not', 'if', 'then', 'else', 'propertyNames'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Json => Boolean(v) && typeof v === 'object' && !Array.isArray(v);

/** JSON pointers of every property (at any depth) whose schema has no non-empty `title`. */
export function untitledProperties(schema: unknown, pointer = ''): string[] {
  if (!isObject(schema)) return [];
  const out: string[] = [];
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      const at = `${pointer}/${key}/${escape(name)}`;
      if (key === 'properties' && !(isObject(sub) && typeof sub.title === 'string' && sub.title.trim())) out.push(at);
      out.push(...untitledProperties(sub, at));
    }
  }
  for (const key of SCHEMA_ONE) out.push(...untitledProperties(schema[key], `${pointer}/${key}`));
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((sub, i) => out.push(...untitledProperties(sub, `${pointer}/${key}/${i}`)));
  }
  return out;
}

/** The schema files the editor turns into forms (editor/lib/schemas.ts). */
export function formSchemaFiles(root: string): string[] {
  const blocks = readdirSync(join(root, 'schemas/blocks'))
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => `schemas/blocks/${f}`);
  return ['schemas/site.schema.json', 'schemas/defs.schema.json', 'schemas/features.schema.json', ...blocks];
}

/** "file#/pointer" of each untitled property of the form schemas. */
export function checkTitles(root: string): string[] {
  return formSchemaFiles(root).flatMap((file) =>
    untitledProperties(JSON.parse(readFileSync(join(root, file), 'utf8'))).map((p) => `${file}#${p}`),
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const untitled = checkTitles(root);
  for (const at of untitled) console.error(`${at}: property without a title (write one in staff words, docs/editor.md "Forms")`);
  if (untitled.length) process.exit(1);
  console.log(`✓ every form property has a title (${formSchemaFiles(root).length} schema files)`);
}
