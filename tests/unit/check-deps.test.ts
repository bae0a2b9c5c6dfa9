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
    write(
      'engine/render/a.ts',
      "import { x } from '../../schemas/types.gen.ts';\nimport type {\n  Y,\n} from '../../blocks/hero/index.tsx';\n",
    );
    write('engine/server/b.ts', "const m = await import('../../editor/lib/api.ts');\n");
    write(
      'blocks/hero/index.tsx',
      "import { useSite } from '../../engine/render/site-context.tsx';\nexport { Z } from '../../editor/lib/doc.ts';\n",
    );
    write('schemas/x.ts', "import '../engine/region.ts';\n");
    write('engine/server/c.test.ts', "import { car } from '../../blocks/_cars/test-cars.ts';\n");
    write('editor/lib/ok.ts', "import { x } from '../../blocks/registry.ts';\n");
    expect(dependencyViolations(root)).toEqual([
      {
        file: 'schemas/x.ts',
        line: 1,
        target: 'engine/region.ts',
        rule: 'schemas/ must not import engine/',
      },
      {
        file: 'engine/render/a.ts',
        line: 2,
        target: 'blocks/hero/index.tsx',
        rule: 'engine/ must not import blocks/',
      },
      {
        file: 'engine/server/b.ts',
        line: 1,
        target: 'editor/lib/api.ts',
        rule: 'engine/ must not import editor/',
      },
      {
        file: 'blocks/hero/index.tsx',
        line: 2,
        target: 'editor/lib/doc.ts',
        rule: 'blocks/ must not import editor/',
      },
    ]);
  });

  it('keeps the demo out of the platform: engine, blocks and schemas import no demo/; demo imports no editor or block', () => {
    const dir = join(root, 'with-demo');
    const put = (path: string, text: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    };
    put('schemas/y.ts', "export * from '../demo/postcodes.ts';\n");
    put('engine/server/services.ts', "import { demo } from '../../demo/defaults.ts';\n");
    put('blocks/reviews/index.tsx', "import { seedReviews } from '../../demo/reviews.ts';\n");
    put(
      'demo/defaults.ts',
      "import { createApp } from '../engine/server/app.ts';\nimport { SiteEditor } from '../editor/components/SiteEditor.tsx';\n",
    );
    put('demo/photos/router.ts', "const registry = await import('../../blocks/registry.ts');\n");
    // Allowed: a demo test reaching across, and the composition root, scripts and tests using the demo.
    put(
      'demo/inventory/generate.test.ts',
      "import { car } from '../../blocks/_cars/test-cars.ts';\n",
    );
    put('server.ts', "import { demo } from './demo/defaults.ts';\n");
    put('scripts/bench/search.ts', "import { loadInventory } from '../../demo/defaults.ts';\n");
    put('tests/unit/a.test.ts', "import { demo } from '../../demo/defaults.ts';\n");
    expect(dependencyViolations(dir)).toEqual([
      {
        file: 'schemas/y.ts',
        line: 1,
        target: 'demo/postcodes.ts',
        rule: 'schemas/ must not import demo/',
      },
      {
        file: 'engine/server/services.ts',
        line: 1,
        target: 'demo/defaults.ts',
        rule: 'engine/ must not import demo/',
      },
      {
        file: 'blocks/reviews/index.tsx',
        line: 1,
        target: 'demo/reviews.ts',
        rule: 'blocks/ must not import demo/',
      },
      {
        file: 'demo/defaults.ts',
        line: 2,
        target: 'editor/components/SiteEditor.tsx',
        rule: 'demo/ must not import editor/',
      },
      {
        file: 'demo/photos/router.ts',
        line: 1,
        target: 'blocks/registry.ts',
        rule: 'demo/ must not import blocks/',
      },
    ]);
  });

  it('the project itself follows it', () => {
    expect(dependencyViolations(ROOT)).toEqual([]);
  });
});
