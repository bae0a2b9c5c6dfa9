/**
 * The shell, page and API request validators compiled ahead of time. The server build writes them as
 * one module beside the built server's code (scripts/build-server.ts, from standalone.ts),
 * so a built server checks its sites without compiling a schema at start (docs/deploy.md,
 * "Memory and start-up"). Run from source (tests, `npm run dev`) there is no such file next
 * to this module, and the validators are compiled as before: the source is never checked by
 * a stale copy.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv/dist/2020.js';

/** The file name the build writes, next to the built server's chunks. */
export const PRECOMPILED_VALIDATORS_FILE = 'validators.cjs';
/** An API request schema's validator is exported as this prefix and the schema's name (schemas/index.gen.ts, apiSchemas). */
export const API_EXPORT_PREFIX = 'api:';

export interface PrecompiledValidators {
  shell: ValidateFunction;
  page: ValidateFunction;
  /** By API schema name. */
  api: Record<string, ValidateFunction>;
}

let loaded: PrecompiledValidators | null | undefined;

/**
 * Loads a module written by standaloneValidators(); a missing export is a broken build,
 * said plainly. Its few requires (ajv's runtime helpers, ajv-formats) are resolved from this
 * module, as the server's own imports are, wherever the build folder is.
 */
export function loadPrecompiledValidators(file: string): PrecompiledValidators {
  const module = { exports: {} as Record<string, ValidateFunction | undefined> };
  // The same evaluation ajv gives code it compiles at run time (new Function), on code it wrote.
  new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(
    createRequire(import.meta.url),
    module,
    module.exports,
  );
  const mod = module.exports;
  if (typeof mod.shell !== 'function' || typeof mod.page !== 'function')
    throw new Error(`${file} does not hold the site validators: run \`npm run build\` again`);
  const api = Object.fromEntries(
    Object.entries(mod).flatMap(([k, v]) =>
      k.startsWith(API_EXPORT_PREFIX) && v ? [[k.slice(API_EXPORT_PREFIX.length), v]] : [],
    ),
  );
  return { shell: mod.shell, page: mod.page, api };
}

/**
 * The validators compiled ahead beside this module's built file, if the build wrote them, or
 * in the file FORECOURT_VALIDATORS_FILE names (the test run compiles them once for the run,
 * from the schemas as they are) (once per process).
 */
export function precompiledValidators(): PrecompiledValidators | undefined {
  if (loaded === undefined) {
    // A path, not `new URL('./…', import.meta.url)`, which Vite may rewrite into a page address.
    const file =
      process.env.FORECOURT_VALIDATORS_FILE ??
      join(dirname(fileURLToPath(import.meta.url)), PRECOMPILED_VALIDATORS_FILE);
    loaded = existsSync(file) ? loadPrecompiledValidators(file) : null;
  }
  return loaded ?? undefined;
}
