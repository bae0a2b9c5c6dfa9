/** The file-size rule: hand-written source over the limit is named; generated files and data are not. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_LINES, oversizeFiles } from '../../../scripts/check-size.ts';
import { ROOT } from '../helpers.ts';

const root = mkdtempSync(join(tmpdir(), 'forecourt-size-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (path: string, lines: number) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), 'x\n'.repeat(lines));
};

describe('file-size rule', () => {
  it('names each hand-written file over the limit with its length, longest first; the limit itself passes', () => {
    write('engine/a.ts', MAX_LINES);
    write('editor/components/Big.tsx', MAX_LINES + 1);
    write('blocks/hero/hero.css', MAX_LINES + 50);
    write('tests/browser/long.test.ts', MAX_LINES + 2);
    write('server.ts', MAX_LINES + 3);
    expect(oversizeFiles(root)).toEqual([
      { file: 'blocks/hero/hero.css', lines: MAX_LINES + 50 },
      { file: 'server.ts', lines: MAX_LINES + 3 },
      { file: 'tests/browser/long.test.ts', lines: MAX_LINES + 2 },
      { file: 'editor/components/Big.tsx', lines: MAX_LINES + 1 },
    ]);
  });

  it('exempts generated files, data, snapshots, fixtures and what is outside the source folders', () => {
    const dir = join(root, 'exempt');
    const put = (path: string) => {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), 'x\n'.repeat(MAX_LINES * 2));
    };
    put('schemas/types.gen.ts');
    put('demo/postcodes.json');
    put('tests/unit/__snapshots__/big.test.ts.snap');
    put('tests/fixtures/site.ts');
    put('sites/big.ts');
    put('docs/guide.md');
    put('engine/node_modules/x/index.js');
    expect(oversizeFiles(dir)).toEqual([]);
  });

  it('holds for this repository', () => {
    expect(oversizeFiles(ROOT)).toEqual([]);
  });
});
