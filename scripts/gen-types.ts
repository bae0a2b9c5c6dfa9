/**
 * Derives everything that follows from the schemas:
 *  - schemas/block.schema.json: the union of every schema in schemas/blocks/
 *  - schemas/index.gen.ts: one import list of all schemas (for ajv and the editor)
 *  - schemas/types.gen.ts: TypeScript types (json-schema-to-typescript)
 *  - schemas/resolved.gen.ts: the block props types as a block receives them (see resolvedModule)
 *  - schemas/api-limits.gen.ts: the API bodies' lengths and patterns, for the forms (see apiLimitsModule)
 *  - schemas/block-defaults.gen.ts: each block's top-level defaults as constants (see blockDefaultsModule)
 *  - schemas/api-lead-checks.gen.ts: the server's validators of the lead bodies' visitor fields, for the forms (see leadChecksModule)
 *  - schemas/car-attributes.gen.ts: the car fields' search facts (see carAttributesModule)
 *  - schemas/car-tables.gen.ts: the car page's tables, compare rows and JSON-LD (see carTablesModule)
 * The generators are in scripts/gen-types/ (one module per kind of output).
 * With --check it writes nothing and fails when a committed file is stale.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root, schemasDir } from './gen-types/schema-files.ts';
import { blockUnionSchema, indexModule } from './gen-types/schema-index.ts';
import { resolvedModule, typesModule } from './gen-types/typescript-types.ts';
import { apiLimitsModule, blockDefaultsModule } from './gen-types/schema-constants.ts';
import { leadChecksModule } from './gen-types/lead-checks.ts';
import { carAttributesModule, carTablesModule } from './gen-types/car-attributes.ts';

const check = process.argv.includes('--check');

const outputs: [string, string][] = [
  [join(schemasDir, 'block.schema.json'), JSON.stringify(blockUnionSchema(), null, 2) + '\n'],
  [join(schemasDir, 'index.gen.ts'), indexModule()],
  [join(schemasDir, 'types.gen.ts'), await typesModule()],
  [join(schemasDir, 'resolved.gen.ts'), await resolvedModule()],
  [join(schemasDir, 'api-limits.gen.ts'), apiLimitsModule()],
  [join(schemasDir, 'block-defaults.gen.ts'), blockDefaultsModule()],
  [join(schemasDir, 'api-lead-checks.gen.ts'), leadChecksModule()],
  [join(schemasDir, 'car-attributes.gen.ts'), carAttributesModule()],
  [join(schemasDir, 'car-tables.gen.ts'), carTablesModule()],
];

let stale = 0;
for (const [file, content] of outputs) {
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (current === content) continue;
  if (check) {
    stale++;
    console.error(
      `${relative(root, file)} is out of date with the schemas. Run: npm run gen:types`,
    );
  } else {
    writeFileSync(file, content);
    console.log(`wrote ${relative(root, file)}`);
  }
}
if (check && stale) process.exit(1);
if (check) console.log('generated types and schema index match the schemas');
