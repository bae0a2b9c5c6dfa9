/**
 * Every property the editor shows as a form field has a `title` in staff words (docs/editor.md,
 * "Labels and help"): block props, the site settings, the feature switches and the shared
 * definitions they use. Without one the editor would fall back to the key ("dealership_id"),
 * which onboarding staff cannot read. Prints each untitled property as "file#/json/pointer";
 * exits 1.
 *
 * PENDING lists the schema files whose titles are still being written: they are skipped, and
 * a listed file that has become fully titled fails the check until it is taken off the list,
 * so the list only shrinks and a new schema can never skip the rule.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type Json = Record<string, unknown>;

/** Schema files (relative to the repository) still without titles; remove a file once titled. */
export const PENDING = new Set<string>([
  'schemas/blocks/apply-for-finance.schema.json',
  'schemas/blocks/budget-finder.schema.json',
  'schemas/blocks/car-card.schema.json',
  'schemas/blocks/car-checkout.schema.json',
  'schemas/blocks/car-detail.schema.json',
  'schemas/blocks/carousel.schema.json',
  'schemas/blocks/columns.schema.json',
  'schemas/blocks/compare.schema.json',
  'schemas/blocks/dealer-directory.schema.json',
  'schemas/blocks/dealership-select.schema.json',
  'schemas/blocks/embed.schema.json',
  'schemas/blocks/emergency-banner.schema.json',
  'schemas/blocks/faq-accordion.schema.json',
  'schemas/blocks/favourites.schema.json',
  'schemas/blocks/feature-banner.schema.json',
  'schemas/blocks/finance-calculator.schema.json',
  'schemas/blocks/finance-enquiry.schema.json',
  'schemas/blocks/icon-list.schema.json',
  'schemas/blocks/image-text.schema.json',
  'schemas/blocks/location-detail.schema.json',
  'schemas/blocks/model-cards.schema.json',
  'schemas/blocks/model-detail.schema.json',
  'schemas/blocks/model-directory.schema.json',
  'schemas/blocks/offer-cards.schema.json',
  'schemas/blocks/offer-detail.schema.json',
  'schemas/blocks/parts-request.schema.json',
  'schemas/blocks/payment-logos.schema.json',
  'schemas/blocks/personalised-finance.schema.json',
  'schemas/blocks/promo-tile.schema.json',
  'schemas/blocks/request-photos.schema.json',
  'schemas/blocks/reviews.schema.json',
  'schemas/blocks/section.schema.json',
  'schemas/blocks/sell-my-car.schema.json',
  'schemas/blocks/service-booking.schema.json',
  'schemas/blocks/sign-in.schema.json',
  'schemas/blocks/success.schema.json',
  'schemas/blocks/tabbed-embed.schema.json',
  'schemas/blocks/test-drive-form.schema.json',
  'schemas/blocks/trade-in.schema.json',
  'schemas/blocks/watchlist.schema.json',
]);

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

export interface TitleReport {
  /** "file#/pointer" of each untitled property in a file not on the pending list. */
  untitled: string[];
  /** Pending files that are now fully titled (to take off the list). */
  done: string[];
}

export function checkTitles(root: string, pending: ReadonlySet<string> = PENDING): TitleReport {
  const untitled: string[] = [];
  const done: string[] = [];
  for (const file of formSchemaFiles(root)) {
    const missing = untitledProperties(JSON.parse(readFileSync(join(root, file), 'utf8')));
    if (pending.has(file)) {
      if (!missing.length) done.push(file);
    } else {
      untitled.push(...missing.map((p) => `${file}#${p}`));
    }
  }
  return { untitled, done };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(import.meta.dirname, '..');
  const { untitled, done } = checkTitles(root);
  for (const at of untitled) console.error(`${at}: property without a title (write one in staff words)`);
  for (const file of done) console.error(`${file}: every property has a title; take it off PENDING in ${relative(root, fileURLToPath(import.meta.url))}`);
  if (untitled.length || done.length) process.exit(1);
  console.log(`every form property has a title (${PENDING.size} schema files pending)`);
}
