/**
 * ajv validation of site documents against schemas/, with errors turned into
 * "JSON path: plain message" lines. Used by the server, the CLI and the editor; the
 * dealer runtime in the browser never compiles a schema (the server hands it an
 * already validated document).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import { _, type KeywordCxt, type Options as AjvOptions } from 'ajv';
import { formatsPlugin } from './ajv-formats.ts';
import { CAR_KEYWORDS } from './car-keywords.ts';
import { precompiledValidators } from './precompiled.ts';
import { apiSchemas, blockSchemas, blockTypes, topLevelSchemas } from '../../schemas/index.gen.ts';
import type { DocumentIssue } from './document-issue.ts';
import { walkBlocks } from '../tree.ts';

export const SITE_SCHEMA_ID = 'https://forecourt.dev/schemas/site.schema.json';
const BLOCK_SCHEMA_ID = 'https://forecourt.dev/schemas/block.schema.json';

export interface ValidatorOptions {
  /** Fill in schema defaults while validating (the data is changed in place). */
  useDefaults?: boolean;
  /** Rewrites every string marked x-sanitize: "html" (server: DOMPurify). */
  sanitizeHtml?: (html: string) => string;
  /** Keep the failed keyword and ajv's params on each schema issue (the editor words them for staff). */
  ruleDetail?: boolean;
}

/**
 * What a validation is called with (`validate.call(context, data)`): the x-sanitize keyword
 * rewrites each marked string through `sanitizeHtml` when the context has one. A context
 * rather than a function baked into the code, so validators compiled ahead (precompiled.ts)
 * run the very same code as those compiled here.
 */
export interface ValidationContext {
  sanitizeHtml?: (html: string) => string;
}

/** The ids of the two validators a server checks every site with, in parts (prepare.ts). */
export const SHELL_SCHEMA_ID = 'https://forecourt.dev/schemas/site-shell.schema.json';
export const PAGE_SCHEMA_REF = `${SITE_SCHEMA_ID}#/$defs/page`;

export function createAjv(
  options: Pick<ValidatorOptions, 'useDefaults'> = {},
  extra: AjvOptions = {},
) {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    useDefaults: options.useDefaults ?? false,
    passContext: true,
    ...extra,
  });
  formatsPlugin(ajv, ['date', 'date-time', 'email', 'uri']);
  // Editor metadata lives in the schemas; ajv only needs to know the words.
  ajv.addVocabulary([
    'x-block',
    'x-group',
    'x-widget',
    'x-ref',
    'x-defines',
    'x-opens',
    'x-enumLabels',
    'x-invalidMessage',
    'x-visibleIf',
    'x-placeholder',
  ]);
  ajv.addVocabulary(CAR_KEYWORDS);
  ajv.addKeyword({
    keyword: 'x-sanitize',
    schemaType: 'string',
    modifying: true,
    code(cxt: KeywordCxt) {
      const { gen, data, it } = cxt;
      gen.if(
        _`typeof ${data} == "string" && ${it.parentData} !== undefined && this && this.sanitizeHtml`,
        () =>
          gen.assign(_`${it.parentData}[${it.parentDataProperty}]`, _`this.sanitizeHtml(${data})`),
      );
    },
  });
  for (const schema of topLevelSchemas) ajv.addSchema(schema as object);
  for (const schema of Object.values(blockSchemas)) ajv.addSchema(schema as object);
  for (const schema of Object.values(apiSchemas)) ajv.addSchema(schema as object);
  ajv.addSchema(shellSchema());
  return ajv;
}

/** The site schema whose `pages` items accept anything (same folder, so its relative `$ref`s resolve alike). */
function shellSchema(): object {
  const site = topLevelSchemas.find(
    (s) => (s as { $id?: string }).$id === SITE_SCHEMA_ID,
  ) as unknown as { properties: Record<string, Record<string, unknown>> };
  return {
    ...site,
    $id: SHELL_SCHEMA_ID,
    properties: { ...site.properties, pages: { ...site.properties.pages, items: true } },
  };
}

export interface SiteValidator {
  /** Validates (and, with useDefaults, completes) a resolved document. */
  validate(doc: unknown): DocumentIssue[];
  /** Validates one block's props against its block schema. */
  validateProps(type: string, props: unknown, basePath?: string): DocumentIssue[];
  /**
   * The document without its pages' contents (the list's length still counts); with
   * `validatePage` for each page this is `validate` in parts, so a page shared by many
   * sites is checked once (prepare.ts). Block ids across pages are the caller's to check.
   */
  validateShell(doc: unknown): DocumentIssue[];
  /** One page (completed like `validate` completes it); issue paths start at `basePath`. */
  validatePage(page: unknown, basePath: string): DocumentIssue[];
}

export function createSiteValidator(options: ValidatorOptions = {}): SiteValidator {
  const context: ValidationContext = { sanitizeHtml: options.sanitizeHtml };
  // A built server finds the shell and page validators compiled ahead next to its code
  // (precompiled.ts); otherwise, and for the rest, each validator is compiled on first use:
  // compiling is most of a server's start-up work on schemas, and a server checking sites in
  // parts never needs the whole-site one unless a site is invalid (docs/deploy.md, "Memory and start-up").
  // Looked for at the first check: sites prepared in a worker at start-up never need them here.
  const ahead = () => ((options.useDefaults ?? false) ? precompiledValidators() : undefined);
  let ajv: ReturnType<typeof createAjv> | undefined;
  const compiled = (id: string) => (ajv ??= createAjv(options)).getSchema(id) as ValidateFunction;
  let whole: ValidateFunction | undefined;
  const propValidators = new Map<string, ValidateFunction>();
  let shell: ValidateFunction | undefined;
  let page: ValidateFunction | undefined;
  const run = (fn: ValidateFunction, data: unknown, basePath: string) =>
    fn.call(context, data) ? [] : formatErrors(fn.errors ?? [], basePath, options.ruleDetail);
  return {
    validateShell(doc) {
      shell ??= ahead()?.shell ?? compiled(SHELL_SCHEMA_ID);
      return run(shell, doc, '');
    },
    validatePage(data, basePath) {
      page ??= ahead()?.page ?? compiled(PAGE_SCHEMA_REF);
      return run(page, data, basePath);
    },
    validate(doc) {
      whole ??= compiled(SITE_SCHEMA_ID);
      return [...run(whole, doc, ''), ...duplicateBlockIds(doc)];
    },
    validateProps(type, props, basePath = '') {
      let fn = propValidators.get(type);
      if (!fn) {
        const schema = (blockSchemas as Record<string, { $id: string }>)[type];
        if (!schema) return [{ path: basePath, message: unknownTypeMessage(type) }];
        fn = compiled(schema.$id);
        propValidators.set(type, fn);
      }
      return run(fn, props, basePath);
    },
  };
}

function unknownTypeMessage(type: unknown) {
  return `unknown block type ${JSON.stringify(type)}; known types: ${blockTypes.join(', ')}`;
}

/** Turns ajv errors into one readable line per problem. */
export function formatErrors(
  errors: ErrorObject[],
  basePath = '',
  ruleDetail = false,
): DocumentIssue[] {
  const out: DocumentIssue[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // if/then wrappers repeat what the inner error already says.
    if (e.keyword === 'if' || e.keyword === 'allOf') continue;
    let path = basePath + e.instancePath;
    let message = e.message ?? 'is invalid';
    switch (e.keyword) {
      case 'required':
        path = `${path}/${(e.params as { missingProperty: string }).missingProperty}`;
        message = 'is required';
        break;
      case 'additionalProperties':
        path = `${path}/${(e.params as { additionalProperty: string }).additionalProperty}`;
        message = 'is not a known property here';
        break;
      case 'enum':
        if (
          e.schemaPath.startsWith(`${BLOCK_SCHEMA_ID}#/properties/type`) ||
          e.parentSchema === blockTypeSchema(e)
        ) {
          message = unknownTypeMessage(e.data);
        } else {
          message = `must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
        }
        break;
      case 'pattern': {
        const title = e.parentSchema as { title?: string; description?: string } | undefined;
        message = title?.description
          ? `is not valid: ${title.description}`
          : `must match ${(e.params as { pattern: string }).pattern}`;
        break;
      }
      case 'maxItems':
        if (e.instancePath.endsWith('/children') && (e.params as { limit: number }).limit === 0) {
          message = 'this block type cannot contain other blocks';
        }
        break;
      case 'maxProperties':
        if (e.instancePath.endsWith('/slots')) message = 'this block type has no slots';
        break;
      case 'propertyNames':
        continue; // reported by the enum error on the name itself
      case 'type':
        message = `must be ${(e.params as { type: string }).type}`;
        break;
    }
    if (e.keyword === 'enum' && e.propertyName !== undefined) {
      path = `${path}/${e.propertyName}`;
      message = `is not a slot of this block; slots: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
    }
    const key = `${path}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(
      ruleDetail
        ? { path: path || '/', message, keyword: e.keyword, params: { ...e.params } }
        : { path: path || '/', message },
    );
  }
  return out;
}

function blockTypeSchema(e: ErrorObject) {
  return e.instancePath.endsWith('/type') &&
    Array.isArray((e.parentSchema as { enum?: unknown[] })?.enum) &&
    (e.parentSchema as { enum: unknown[] }).enum.length === blockTypes.length
    ? e.parentSchema
    : undefined;
}

/**
 * Block ids must be unique in the document (the diff and the editor match blocks by
 * id). Each repeat is reported at its own path, naming the first use's path too.
 * Blocks without a string id are skipped: the schema already reports a missing or
 * malformed id, and two blocks lacking one are not "duplicates" of each other.
 */
export function duplicateBlockIds(doc: unknown): DocumentIssue[] {
  const first = new Map<string, string>();
  const issues: DocumentIssue[] = [];
  for (const { block, path } of walkBlocks(doc)) {
    if (typeof block.id !== 'string') continue;
    const prior = first.get(block.id);
    if (prior !== undefined)
      issues.push({
        path: `${path}/id`,
        message: `duplicate block id ${JSON.stringify(block.id)}, also used at ${prior}/id`,
      });
    else first.set(block.id, path);
  }
  return issues;
}
