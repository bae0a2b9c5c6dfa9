/**
 * Part of `npm run build`: the site validators compiled ahead, written beside the built
 * server (engine/schema/precompiled.ts). `tsx scripts/build-validators.ts <folder>`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PRECOMPILED_VALIDATORS_FILE } from '../engine/schema/precompiled.ts';
import { standaloneSiteValidators } from '../engine/schema/standalone.ts';

const folder = process.argv[2];
if (!folder) {
  console.error('usage: tsx scripts/build-validators.ts <folder of the built server>');
  process.exit(1);
}
mkdirSync(resolve(folder), { recursive: true });
writeFileSync(join(resolve(folder), PRECOMPILED_VALIDATORS_FILE), standaloneSiteValidators());
