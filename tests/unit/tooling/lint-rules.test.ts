/**
 * The README's code rules that ESLint checks (eslint.config.js): the dependency direction at
 * folder level, blocks that use only the shared kits, and the hooks rules. Each case is source
 * linted as if it stood at that path in this project, so the project's own config decides.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';

const eslint = new ESLint({ cwd: ROOT });

/** The rule ids ESLint reports for `code` written at `file`. */
async function rulesAt(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return result.messages.map((m) => m.ruleId);
}

const ZONE = 'import-x/no-restricted-paths';

describe('dependency direction (README, "Architecture")', () => {
  it.each([
    ['engine/render/x.ts', "import '../../blocks/hero/index.tsx';"],
    ['engine/server/x.ts', "export { x } from '../../editor/lib/doc.ts';"],
    ['engine/site/x.ts', "const m = await import('../../demo/defaults.ts');"],
    ['engine/x.ts', "import '../scripts/validate.ts';"],
    ['blocks/hero/x.tsx', "import '../../editor/lib/doc.ts';"],
    ['blocks/_shared/x.tsx', "import '../../demo/reviews.ts';"],
    ['demo/x.ts', "import '../blocks/registry.ts';"],
    ['demo/pages/x.ts', "import '../../editor/lib/doc.ts';"],
    ['schemas/x.ts', "import '../engine/region.ts';"],
  ])('%s may not import %s', async (file, code) => {
    expect(await rulesAt(file, code)).toContain(ZONE);
  });

  it('a block uses the shared kits and its own folder, never another block', async () => {
    expect(await rulesAt('blocks/footer/x.tsx', "import '../header/index.tsx';")).toContain(ZONE);
    expect(await rulesAt('blocks/_cars/x.tsx', "import('../enquiry-form/index.tsx');")).toContain(
      ZONE,
    );
    expect(await rulesAt('blocks/footer/x.tsx', "import '../_shared/site-links.ts';")).toEqual([]);
    expect(await rulesAt('blocks/footer/x.tsx', "import './index.tsx';")).toEqual([]);
  });

  it('the engine uses the schemas; the editor, scripts, the composition root and tests reach across', async () => {
    expect(await rulesAt('engine/x.ts', "import '../schemas/index.gen.ts';")).toEqual([]);
    expect(await rulesAt('editor/lib/x.ts', "import '../../blocks/registry.ts';")).toEqual([]);
    expect(await rulesAt('scripts/x.ts', "import '../demo/defaults.ts';")).toEqual([]);
    expect(await rulesAt('server.ts', "import './demo/defaults.ts';")).toEqual([]);
    expect(
      await rulesAt('tests/unit/server/x.test.ts', "import '../../../demo/defaults.ts';"),
    ).toEqual([]);
  });
});

describe('tests', () => {
  it('a .ts test that replaces a module is named *.mocked.test.ts (it runs in a graph of its own)', async () => {
    const code = "import { vi } from 'vitest';\nvi.mock('node:crypto');\n";
    expect(await rulesAt('tests/unit/site/x.test.ts', code)).toContain('no-restricted-syntax');
    expect(await rulesAt('tests/unit/site/x.mocked.test.ts', code)).toEqual([]);
  });

  it('a browser test waits for a condition, not for a time', async () => {
    const code =
      'export async function f(page: { waitForTimeout(ms: number): Promise<void> }) {\n  await page.waitForTimeout(500);\n  await new Promise((r) => setTimeout(r, 500));\n}\n';
    expect(await rulesAt('tests/browser/x.test.ts', code)).toEqual([
      'no-restricted-properties',
      'no-restricted-syntax',
    ]);
  });

  it('an exception to a rule names the rule and says why', async () => {
    const bare = '// eslint-disable-next-line no-console\nconsole.log(1);\n';
    expect(await rulesAt('engine/x.ts', bare)).toContain(
      '@eslint-community/eslint-comments/require-description',
    );
  });
});

describe('React', () => {
  it('hooks are called unconditionally, and effects list what they read', async () => {
    const conditional = `import { useState } from 'react';
export function A({ on }: { on: boolean }) { if (on) { useState(0); } return null; }\n`;
    expect(await rulesAt('blocks/hero/x.tsx', conditional)).toContain('react-hooks/rules-of-hooks');
    const missing = `import { useEffect } from 'react';
export function A({ n }: { n: number }) { useEffect(() => { console.log(n); }, []); return null; }\n`;
    expect(await rulesAt('blocks/hero/x.tsx', missing)).toContain('react-hooks/exhaustive-deps');
  });

  it('an image needs its alternative text', async () => {
    const code = 'export const A = () => <img src="/a.jpg" />;\n';
    expect(await rulesAt('blocks/hero/x.tsx', code)).toContain('jsx-a11y/alt-text');
  });
});

describe('region facts once (README, "Code rules"; docs/regions.md)', () => {
  const decl =
    "export declare const region: 'AU' | 'NZ' | 'US';\nexport declare const locale: string;\n";
  it.each([
    ['engine/api/x.ts', "export const us = region === 'US';"],
    ['blocks/locations/x.tsx', "export const label = 'NZ' !== region ? 'State' : 'Country';"],
    ['editor/components/x.tsx', "export const upper = locale == 'en-US';"],
    [
      'demo/pages/x.ts',
      "export function f() { switch (region) { case 'AU': return 1; } return 0; }",
    ],
    ['scripts/x.ts', "export const au = region === 'AU';"],
    ['server.ts', "export const nz = region === 'NZ';"],
  ])('%s may not decide by comparing a region or locale to a literal: %s', async (file, code) => {
    expect(await rulesAt(file, decl + code)).toContain('no-restricted-syntax');
  });

  it('the region module may, and reading a fact or comparing other strings is fine anywhere', async () => {
    const compare = `${decl}export const us = region === 'US';`;
    expect(await rulesAt('engine/region.ts', compare)).toEqual([]);
    expect(await rulesAt('engine/region/table.ts', compare)).toEqual([]);
    const read = `import { regionSettings } from '../region.ts';
${decl}export const miles = regionSettings(region).distanceUnit === 'mile' && region !== locale;\n`;
    expect(await rulesAt('engine/api/x.ts', read)).toEqual([]);
  });
});
