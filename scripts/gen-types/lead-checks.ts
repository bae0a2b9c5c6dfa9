/**
 * schemas/api-lead-checks.gen.ts: the server's own ajv validators, as standalone code, for
 * each field a visitor fills in on a lead body (docs/forms.md, "Browser checks"). The forms
 * run them before sending, so a value the browser lets through is one POST /api/leads (or
 * /api/reservations) accepts. Compiled with the API's createAjv(), so the options (formats in
 * "full" mode, unicode lengths and patterns) are the server's; only the code is emitted here.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { createAjv } from '../../engine/schema/validator.ts';
import { apiSchemas } from '../../schemas/index.gen.ts';
import { camel, type Json } from './schema-files.ts';

/** The lead bodies a form sends (their file names in schemas/api/). */
export const LEAD_BODIES = ['lead-request', 'reservation-request'] as const;

/**
 * Properties the form code fills in, never the visitor (ids, page, trail, category, captcha):
 * no browser check is needed for them, and leaving them out keeps the dealer bundle small.
 */
const SET_BY_CODE = new Set([
  'site',
  'submission_id',
  'isLastStep',
  'url',
  'source',
  'user_agent',
  'car_id',
  'car_dealership_id',
  'event_id',
  'lead_attributes',
  'captcha',
  'category',
  'subcategory',
  'manufacturer_slug',
  'stock_number',
  'vehicle_status',
  'page_id',
  'journey',
]);

const require = createRequire(import.meta.url);

/** A format that is a function in ajv-formats' "full" mode, as source, with the declarations it uses. */
function functionFormatSource(name: string): string {
  const file = require.resolve('ajv-formats/dist/formats.js');
  const text = readFileSync(file, 'utf8');
  const format = (fullFormats as Record<string, unknown>)[name] as { validate?: unknown };
  const fn = typeof format === 'function' ? format : format?.validate;
  if (typeof fn !== 'function') throw new Error(`lead checks: format ${name} has no validate`);
  const declaration = (id: string) => {
    const found =
      text.match(new RegExp(`^function ${id}\\([^)]*\\) \\{[\\s\\S]*?^\\}`, 'm')) ??
      text.match(new RegExp(`^const ${id} = [^\\n]*;$`, 'm'));
    if (!found) throw new Error(`lead checks: cannot find ${id} in ajv-formats for format ${name}`);
    return found[0];
  };
  // The function's own body names the module-level helpers it needs.
  const own = declaration(fn.name);
  const helpers = [...new Set(own.match(/\b[A-Za-z_]\w*(?=[.([])|\b[A-Z][A-Z_]+\b/g) ?? [])]
    .filter((id) => id !== fn.name && new RegExp(`^(function|const) ${id}\\b`, 'm').test(text))
    .map(declaration);
  return `/* @__PURE__ */ (() => {\n${[...helpers, own].join('\n')}\nreturn { validate: ${fn.name} };\n})()`;
}

/** The ajv runtime helpers the code requires, inlined (each is one self-contained function). */
function inlineRuntime(code: string): string {
  return code.replace(/require\("(ajv\/dist\/runtime\/[a-z0-9_]+)"\)\.default/g, (_m, path) => {
    const fn = require(path).default as (...args: unknown[]) => unknown;
    const source = fn.toString();
    if (/\brequire\(/.test(source)) throw new Error(`lead checks: ${path} is not self-contained`);
    return `(${source})`;
  });
}

/**
 * The code without what only error reports need (the form words its own messages): the error
 * objects, and draft 2020's tracking of evaluated properties, which no field schema here uses
 * (checked: every validator says it has none). Smaller dealer bundles, the same verdicts.
 */
function verdictOnly(code: string): string {
  const tracking = code.match(/validate\d+\.evaluated = \{[^}]*\};/g) ?? [];
  const none = 'evaluated = {"dynamicProps":false,"dynamicItems":false};';
  if (tracking.some((t) => !t.endsWith(none)))
    throw new Error('lead checks: a field schema tracks evaluated properties; keep its code whole');
  return (
    code
      .replace(/^"use strict";/, '')
      .replace(/validate\d+\.evaluated = \{[^}]*\};/g, '')
      .replace(
        /const evaluated0 = validate\d+\.evaluated;if\(evaluated0\.dynamicProps\)\{evaluated0\.props = undefined;\}if\(evaluated0\.dynamicItems\)\{evaluated0\.items = undefined;\}/g,
        '',
      )
      .replace(
        /validate\d+\.errors = \[\{instancePath,[\s\S]*?\}\}\];return false;/g,
        'return false;',
      )
      .replace(/validate\d+\.errors = vErrors;/g, '')
      // The call context only placed errors; nothing else reads it now.
      .replace(
        /\(data, \{instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors=\{\}\}=\{\}\)/g,
        '(data)',
      )
  );
}

export function leadChecksModule(): string {
  const ajv = createAjv(
    {},
    // Only the verdict is used (the form words its own messages): no error texts in the bundle.
    {
      allErrors: false,
      verbose: false,
      messages: false,
      code: { source: true, esm: true, lines: false, formats: _`formats` },
    },
  );
  const exports: Record<string, string> = {};
  const maps: string[] = [];
  for (const body of LEAD_BODIES) {
    const schema = (apiSchemas as Record<string, Json>)[body];
    const fields: string[] = [];
    for (const [name, prop] of Object.entries<Json>(schema.properties)) {
      if (SET_BY_CODE.has(name) || prop.type === 'object' || prop.type === 'array') continue;
      const exportName = `${camel(body)}_${name.replace(/[^A-Za-z0-9_$]/g, '_')}`;
      exports[exportName] = `${schema.$id}#/properties/${encodeURIComponent(name)}`;
      fields.push(`  ${JSON.stringify(name)}: ${exportName},`);
    }
    maps.push(
      `/** Each visitor-filled field of ${schema.title} (schemas/api/${body}.schema.json): true when the server accepts the value. */`,
      `export const ${camel(body)}Checks: Readonly<Partial<Record<keyof ${schema.title}, FieldCheck>>> = {`,
      ...fields,
      '};',
    );
  }
  const code = verdictOnly(inlineRuntime(standaloneCode(ajv, exports)));
  if (/instancePath|rootData|dynamicAnchors|parentData/.test(code))
    throw new Error('lead checks: the trimmed code still reads the call context');
  const formats = [...new Set(code.match(/\bformats\.(\w+)/g) ?? [])].map((m) => m.slice(8));
  const titles = LEAD_BODIES.map((b) => (apiSchemas as Record<string, Json>)[b].title);
  return [
    '/* GENERATED by npm run gen:types (scripts/gen-types/lead-checks.ts) from schemas/api/. Do not edit.',
    ' *',
    " * The server's ajv validators (ajv standalone code, the API's createAjv options) for each",
    ' * field a visitor fills in on a lead body, so the browser accepts exactly what the API',
    ' * accepts (docs/forms.md, "Browser checks"). Each answers true or false; the form words the message.',
    ' */',
    '// @ts-nocheck -- ajv emits plain JavaScript; the maps at the end carry the types.',
    `import type { ${titles.join(', ')} } from './types.gen.ts';`,
    '',
    'export type FieldCheck = (value: unknown) => boolean;',
    // One constant per format, so a bundle without its field drops it.
    ...formats.map((f) => `const formats_${f} = ${functionFormatSource(f)};`),
    code.replace(/\bformats\.(\w+)/g, 'formats_$1'),
    '',
    ...maps,
    '',
  ].join('\n');
}
