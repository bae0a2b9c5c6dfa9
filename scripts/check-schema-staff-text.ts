/**
 * Every property the editor shows as a form field speaks to onboarding staff
 * (docs/editor-design.md, "Forms"): a `title` (its label) and a `description` (the help
 * under it, saying what it changes on the dealer site), every anyOf / oneOf option a
 * `title` (the choice's label), and every value with a `pattern` an `x-invalidMessage` (what
 * the editor says when a value does not fit, instead of the pattern). This covers block props,
 * the site settings, the feature switches and the shared definitions they use. Without them
 * the editor would fall back to the key ("dealership_id") or to a regular expression. Prints
 * each gap as "file#/json/pointer: what is missing"; exits 1.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

export interface StaffTextGap {
  /** JSON pointer of the schema with the gap. */
  at: string;
  missing: 'title' | 'description' | 'x-invalidMessage';
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_ONE = [
  'items',
  'additionalProperties',
  'unevaluatedProperties',
  'contains',
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

const escape = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const isObject = (v: unknown): v is Json =>
  Boolean(v) && typeof v === 'object' && !Array.isArray(v);
const hasText = (schema: Json, key: string) =>
  typeof schema[key] === 'string' && Boolean((schema[key] as string).trim());

/** Every gap in staff text (at any depth): properties without a title or description, patterns without a message. */
export function staffTextGaps(schema: unknown, pointer = ''): StaffTextGap[] {
  if (!isObject(schema)) return [];
  const out: StaffTextGap[] = [];
  if (typeof schema.pattern === 'string' && !hasText(schema, 'x-invalidMessage'))
    out.push({ at: pointer, missing: 'x-invalidMessage' });
  for (const key of SCHEMA_MAPS) {
    const map = schema[key];
    if (!isObject(map)) continue;
    for (const [name, sub] of Object.entries(map)) {
      const at = `${pointer}/${key}/${escape(name)}`;
      if (key === 'properties') {
        const own = isObject(sub) ? sub : {};
        if (!hasText(own, 'title')) out.push({ at, missing: 'title' });
        if (!hasText(own, 'description')) out.push({ at, missing: 'description' });
      }
      out.push(...staffTextGaps(sub, at));
    }
  }
  for (const key of SCHEMA_ONE) out.push(...staffTextGaps(schema[key], `${pointer}/${key}`));
  for (const key of SCHEMA_LISTS) {
    const list = schema[key];
    if (!Array.isArray(list)) continue;
    list.forEach((sub, i) => {
      const at = `${pointer}/${key}/${i}`;
      // A choice between anyOf / oneOf options is labelled by the options' titles.
      if ((key === 'anyOf' || key === 'oneOf') && !(isObject(sub) && hasText(sub, 'title')))
        out.push({ at, missing: 'title' });
      out.push(...staffTextGaps(sub, at));
    });
  }
  return out;
}

/** The schema files the editor turns into forms (editor/lib/schemas.ts). */
export function formSchemaFiles(root: string): string[] {
  const blocks = readdirSync(join(root, 'schemas/blocks'))
    .filter((f) => f.endsWith('.schema.json'))
    .sort()
    .map((f) => `schemas/blocks/${f}`);
  return [
    'schemas/site.schema.json',
    'schemas/defs.schema.json',
    'schemas/features.schema.json',
    ...blocks,
  ];
}

/** "file#/pointer: missing" for each gap in the form schemas. */
export function checkStaffText(root: string): string[] {
  return formSchemaFiles(root).flatMap((file) =>
    staffTextGaps(JSON.parse(readFileSync(join(root, file), 'utf8'))).map(
      (g) => `${file}#${g.at}: ${g.missing}`,
    ),
  );
}

const WHAT: Record<StaffTextGap['missing'], string> = {
  title: 'no title (the field label)',
  description: 'no description (the help: what it changes on the dealer site)',
  'x-invalidMessage':
    'a pattern without x-invalidMessage (what staff are told when a value does not fit)',
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const gaps = checkStaffText(root);
  for (const gap of gaps) {
    const [at, missing] = gap.split(/: (?=[^:]+$)/);
    console.error(
      `${at}: ${WHAT[missing as StaffTextGap['missing']]}; write it in staff words (docs/editor-design.md "Forms")`,
    );
  }
  if (gaps.length) process.exit(1);
  console.log(
    `✓ every form property has a title and a description (${formSchemaFiles(root).length} schema files)`,
  );
}
