/**
 * Writes the server's validators as standalone code (ajv's standalone output): the module
 * precompiled.ts loads in a built server. The shell and page validators every site preparer
 * uses (prepare.ts) and one per API request schema (engine/api/validation.ts), compiled with
 * the same createAjv() as at run time and `useDefaults`, the options both use; the x-sanitize
 * keyword reads its sanitiser from the call's context, so the code carries no function of its own.
 */
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { apiSchemas } from '../../schemas/index.gen.ts';
import { API_EXPORT_PREFIX } from './precompiled.ts';
import { createAjv, PAGE_SCHEMA_REF, SHELL_SCHEMA_ID } from './validator.ts';

export function standaloneValidators(): string {
  // Formats are taken from ajv-formats where the module runs, as ajv's compiled code takes them.
  const ajv = createAjv(
    { useDefaults: true },
    { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } },
  );
  const api = Object.entries(apiSchemas).map(([name, schema]) => [
    `${API_EXPORT_PREFIX}${name}`,
    (schema as { $id: string }).$id,
  ]);
  return standaloneCode(ajv, {
    shell: SHELL_SCHEMA_ID,
    page: PAGE_SCHEMA_REF,
    ...Object.fromEntries(api),
  });
}
