/**
 * Validation messages in staff words (docs/editor-design.md, "Forms"): the server checks the draft
 * with the runtime's validator and sends each schema problem with the keyword that failed
 * and ajv's params (`ruleDetail`); this table turns them, with the field's own schema
 * (limits, option labels, `x-invalidMessage`), into "Enter a number from 1 to 5" instead of
 * "must be <= 5". One entry per keyword ajv can report for our schemas; problems that are
 * not schema keywords (whole-site rules, duplicate ids) already come in words and keep them.
 */
import type { DocumentIssue } from '../../engine/site/types.ts';
import type { JsonSchema } from './schemas.ts';

type Params = Record<string, any>;
type Wording = (params: Params, schema: JsonSchema, issue: DocumentIssue) => string;

const list = (items: string[]) => new Intl.ListFormat('en', { type: 'disjunction' }).format(items);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const types = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
const isWhole = (schema: JsonSchema, params: Params) =>
  types(schema).includes('integer') || params.type === 'integer';

/** "a number" / "a whole number", and the bounds the schema sets (a maximum error alone knows only the maximum). */
function numberRange(schema: JsonSchema, params: Params, keyword: string): string {
  const kind = isWhole(schema, params) ? 'a whole number' : 'a number';
  const min = schema.minimum ?? (keyword === 'minimum' ? params.limit : undefined);
  const max = schema.maximum ?? (keyword === 'maximum' ? params.limit : undefined);
  const above =
    schema.exclusiveMinimum ?? (keyword === 'exclusiveMinimum' ? params.limit : undefined);
  const below =
    schema.exclusiveMaximum ?? (keyword === 'exclusiveMaximum' ? params.limit : undefined);
  if (min !== undefined && max !== undefined) return `Enter ${kind} from ${min} to ${max}`;
  const parts = [
    min !== undefined && `of at least ${min}`,
    above !== undefined && `above ${above}`,
    max !== undefined && `of at most ${max}`,
    below !== undefined && `below ${below}`,
  ].filter(Boolean);
  return `Enter ${kind} ${parts.join(' and ')}`.trim();
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'Enter a whole number',
  number: 'Enter a number',
  string: 'Enter text',
  boolean: 'Choose yes or no',
  array: 'This should be a list',
  object: 'Fill in the fields of this part',
  null: 'Leave this empty',
};

const FORMAT_WORDS: Record<string, string> = {
  uri: 'Enter a web address, such as https://example.com',
  email: 'Enter an email address, such as sales@example.com',
  date: 'Enter a date',
  'date-time': 'Enter a date and time',
};

const titleOf = (object: JsonSchema, key: string) => String(object.properties?.[key]?.title ?? key);

/** How a value is shown in a message: its option label when the schema has one. */
function valueWords(schema: JsonSchema, value: unknown): string {
  const labels = schema['x-enumLabels'] as Record<string, string> | undefined;
  if (labels && typeof value === 'string' && labels[value]) return labels[value];
  return typeof value === 'string' ? value || '(empty)' : JSON.stringify(value);
}

/** The table: one wording per ajv keyword. */
export const WORDINGS: Record<string, Wording> = {
  required: () => 'This is required',
  dependentRequired: (p, s) =>
    `Also fill in ${titleOf(s, p.missingProperty)} when ${titleOf(s, p.property)} is filled in`,
  type: (p) => {
    const wanted = String(p.type ?? '')
      .split(',')
      .filter((t) => t !== 'null');
    return TYPE_WORDS[wanted[0]] ?? 'This is not the right kind of value';
  },
  minimum: (p, s) => numberRange(s, p, 'minimum'),
  maximum: (p, s) => numberRange(s, p, 'maximum'),
  exclusiveMinimum: (p, s) => numberRange(s, p, 'exclusiveMinimum'),
  exclusiveMaximum: (p, s) => numberRange(s, p, 'exclusiveMaximum'),
  multipleOf: (p) => `Enter a multiple of ${p.multipleOf}`,
  minLength: (p) =>
    p.limit <= 1 ? 'This cannot be empty' : `Use at least ${plural(p.limit, 'character')}`,
  maxLength: (p) => `Use at most ${plural(p.limit, 'character')}`,
  pattern: (_p, s) =>
    typeof s['x-invalidMessage'] === 'string'
      ? s['x-invalidMessage']
      : 'This is not in the form the help describes',
  format: (p, s) =>
    typeof s['x-invalidMessage'] === 'string'
      ? s['x-invalidMessage']
      : (FORMAT_WORDS[p.format] ?? 'This is not in the form the help describes'),
  enum: (p, s, issue) => {
    // The block type and slot names are the document's structure, not a field: their own words say it better.
    if (/^(unknown block type|is not a slot)/.test(issue.message)) return sentence(issue.message);
    const allowed: unknown[] = Array.isArray(s.enum) ? s.enum : (p.allowedValues ?? []);
    return allowed.length === 1
      ? `Choose ${valueWords(s, allowed[0])}`
      : `Choose one of ${list(allowed.map((v) => valueWords(s, v)))}`;
  },
  const: (p, s) => `This can only be ${valueWords(s, p.allowedValue)}`,
  minItems: (p) =>
    p.limit <= 1 ? 'Add at least one item' : `Add at least ${plural(p.limit, 'item')}`,
  maxItems: (p, _s, issue) =>
    p.limit === 0 ? sentence(issue.message) : `Use at most ${plural(p.limit, 'item')}`,
  uniqueItems: (p) =>
    `Each item may be listed once: items ${Number(p.j) + 1} and ${Number(p.i) + 1} are the same`,
  contains: () => 'Add an item of the kind this list needs',
  minContains: (p) => `Add at least ${plural(p.limit, 'item')} of the kind this list needs`,
  maxContains: (p) => `Use at most ${plural(p.limit, 'item')} of this kind`,
  minProperties: (p) =>
    p.limit <= 1
      ? 'Fill in at least one entry'
      : `Fill in at least ${plural(p.limit, 'entry', 'entries')}`,
  maxProperties: (p, _s, issue) =>
    /slots/.test(issue.message)
      ? sentence(issue.message)
      : `Use at most ${plural(p.limit, 'entry', 'entries')}`,
  additionalProperties: () => 'This setting is not known here: remove it',
  unevaluatedProperties: () => 'This setting is not known here: remove it',
  unevaluatedItems: () => 'This list has more items than it takes: remove the extra ones',
  propertyNames: () => 'This name is not allowed here',
  anyOf: () => 'Choose one of the options and fill it in',
  oneOf: (p) =>
    Array.isArray(p.passingSchemas)
      ? 'This fits more than one option: make it fit just one'
      : 'Choose one of the options and fill it in',
  not: () => 'This value is not allowed here',
  false: () => 'Nothing is allowed here: remove it',
};

/**
 * A message written by the engine as a sentence: its predicates about a value ("is
 * required", "must be a plain name…") get their subject ("This is required"), others
 * ("duplicate block id …") a capital.
 */
export function sentence(message: string): string {
  const text = message.trim();
  if (!text) return 'This is not valid';
  if (/^(is|must|has|does|cannot|should)\b/.test(text)) return `This ${text}`;
  return text[0].toUpperCase() + text.slice(1);
}

/** The staff words for one problem, given the schema of the field it is in (when known). */
export function plainMessage(issue: DocumentIssue, fieldSchema: JsonSchema = {}): string {
  const wording = issue.keyword ? WORDINGS[issue.keyword] : undefined;
  return wording ? wording(issue.params ?? {}, fieldSchema, issue) : sentence(issue.message);
}
