// @vitest-environment node
/** npm run check:deps: imports against the dependency direction are found, wherever written. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dependencyViolations } from '../../scripts/check-deps.ts';
import { ROOT } from './helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'forecourt-deps-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

describe('dependency direction', () => {
  it('names each import against the direction, with its line', () => {
    write('engine/render/a.ts', "import { x } from '../../schemas/types.gen.ts';\nimport type {\n  Y,\n} from '../../blocks/hero/index.tsx';\n");
    write('engine/server/b.ts', "const m = await import('../../editor/lib/api.ts');\n");
    write('blocks/hero/index.tsx', "import { useSite } from '../../engine/render/site-context.tsx';\nexport { Z } from '../../editor/lib/doc.ts';\n");
    write('schemas/x.ts', "import '../engine/region.ts';\n");
    write('engine/server/c.test.ts', "import { car } from '../../blocks/_cars/test-cars.ts';\n");
    write('editor/lib/ok.ts', "import { x } from '../../blocks/registry.ts';\n");
    expect(dependencyViolations(root)).toEqual([
      { file: 'schemas/x.ts', line: 1, target: 'engine/region.ts', rule: 'schemas/ must not import engine/' },
      { file: 'engine/render/a.ts', line: 2, target: 'blocks/hero/index.tsx', rule: 'engine/ must not import blocks/' },
      { file: 'engine/server/b.ts', line: 1, target: 'editor/lib/api.ts', rule: 'engine/ must not import editor/' },
      { file: 'blocks/hero/index.tsx', line: 2, target: 'editor/lib/doc.ts', rule: 'blocks/ must not import editor/' },
    ]);
  });

  it('the project itself follows it', () => {
    expect(dependencyViolations(ROOT)).toEqual([]);
  });
});
