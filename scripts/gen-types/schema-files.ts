/**
 * The schema files the generators of scripts/gen-types.ts read: schemas/, its block schemas
 * and API bodies, and the names derived from their file names.
 */
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '../..');
export const schemasDir = join(root, 'schemas');
export const BASE = 'https://forecourt.dev/schemas/';

export type Json = Record<string, any>;
export const readJson = (file: string): Json => JSON.parse(readFileSync(file, 'utf8'));

export const blockFiles = readdirSync(join(schemasDir, 'blocks'))
  .filter((f) => f.endsWith('.schema.json'))
  .sort();
export const blockTypes = blockFiles.map((f) => f.replace('.schema.json', ''));
export const blockSchemas = blockFiles.map((f) => readJson(join(schemasDir, 'blocks', f)));

export function apiFiles() {
  const dir = join(schemasDir, 'api');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.schema.json'))
        .sort()
    : [];
}

export function camel(s: string) {
  return s.replace(/[-.](\w)/g, (_, c: string) => c.toUpperCase());
}
