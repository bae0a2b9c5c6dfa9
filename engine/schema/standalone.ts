/**
 * Writes the server's shell and page validators as standalone code (ajv's standalone
 * output): the module precompiled.ts loads in a built server. Compiled with the same
 * createAjv() as at run time and `useDefaults`, the options every site preparer uses
 * (prepare.ts); the x-sanitize keyword reads its sanitiser from the call's context, so the
 * code carries no function of its own.
 */
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv, PAGE_SCHEMA_REF, SHELL_SCHEMA_ID } from './validator.ts';

export function standaloneSiteValidators(): string {
  // Formats are taken from ajv-formats where the module runs, as ajv's compiled code takes them.
  const ajv = createAjv({ useDefaults: true }, { code: { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` } });
  return standaloneCode(ajv, { shell: SHELL_SCHEMA_ID, page: PAGE_SCHEMA_REF });
}
