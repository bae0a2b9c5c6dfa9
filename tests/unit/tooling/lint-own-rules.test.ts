/**
 * This repository's own ESLint rules (scripts/lint/, README "Code rules"): "One block tree"
 * (`forecourt/one-block-tree`) and "Schema facts once" (`forecourt/schema-defaults`). Each
 * case is source linted as if it stood at that path, so the project's own config decides.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers.ts';

const eslint = new ESLint({ cwd: ROOT });
const RULE = 'forecourt/one-block-tree';
const DEFAULTS = 'forecourt/schema-defaults';

async function rulesAt(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}/${file}` });
  return result.messages.map((m) => m.ruleId);
}

describe('one block tree', () => {
  it.each([
    [
      'a function that calls itself on children',
      'export function count(list: any[]): number { return list.reduce((n, b) => n + 1 + count(b.children ?? []), 0); }',
    ],
    [
      'an arrow that calls itself on each slot',
      'export const walk = (list: any[]) => { for (const b of list) for (const s of Object.values(b.slots ?? {})) walk(s as any[]); };',
    ],
    [
      'two functions that call each other',
      'const list = (l: any[]): any[] => l.map(block);\nconst block = (b: any): any => ({ ...b, children: list(b["children"] ?? []) });\nexport default list;',
    ],
  ])('refuses %s outside the tree module', async (_, code) => {
    expect(await rulesAt('editor/lib/x.ts', code)).toContain(RULE);
    expect(await rulesAt('engine/site/x.ts', code)).toContain(RULE);
    expect(await rulesAt('engine/tree/x.ts', code)).not.toContain(RULE);
  });

  it('allows reading a list without recursion, recursion over other fields, and building lists', async () => {
    const ok = [
      'export const first = (b: any) => b.children?.[0];',
      'export function depth(n: any): number { return n.next ? 1 + depth(n.next) : 0; }',
      'export function grow(n: any, d: number): any { n.children = d ? [grow({}, d - 1)] : []; return n; }',
      "import { eachBlock } from '../../engine/tree.ts';\nexport const ids = (l: any[]) => { const out: string[] = []; eachBlock(l, (b: any) => out.push(b.id)); return out; };",
    ];
    for (const code of ok) expect(await rulesAt('editor/lib/x.ts', code)).toEqual([]);
  });
});

describe('schema facts once: a block does not repeat its schema defaults', () => {
  // hero's schema gives `tone` a default; `title` has none.
  it.each([
    ['a ?? fallback', "export const tone = (props: any) => props.tone ?? 'brand';"],
    ['a fallback on ctx.props', "export const tone = (ctx: any) => ctx.props.tone ?? 'brand';"],
    [
      'a destructuring default',
      "export const f = (props: any) => { const { tone = 'brand' } = props; return tone; };",
    ],
  ])('refuses %s for a prop with a default', async (_, code) => {
    expect(await rulesAt('blocks/hero/x.tsx', code)).toContain(DEFAULTS);
  });

  it('allows a fallback for a prop without a default, an empty value given a meaning, and code outside blocks', async () => {
    const ok = [
      "export const t = (props: any) => props.title ?? '';",
      "export const t = (props: any) => props.tone || 'auto';",
      'export const t = (props: any) => props.tone;',
    ];
    for (const code of ok) expect(await rulesAt('blocks/hero/x.tsx', code)).toEqual([]);
    expect(
      await rulesAt('editor/lib/x.ts', "export const t = (props: any) => props.tone ?? 'brand';"),
    ).toEqual([]);
  });
});

describe('engine layers: no two engine areas depend on each other', () => {
  const ZONE = 'import-x/no-restricted-paths';
  it.each([
    ['engine/site/x.ts', "import '../render/server.tsx';"],
    ['engine/tree/x.ts', "import '../document/diff.ts';"],
    ['engine/search/x.ts', "import '../inventory/load.ts';"],
    ['engine/inventory/x.ts', "import '../server/sites.ts';"],
    ['engine/schema/x.ts', "import type { X } from '../site/types.ts';"],
    ['engine/document/x.ts', "import '../render/server.tsx';"],
    ['engine/region.ts', "import './messages/index.ts';"],
  ])('%s may not import %s (its own layer or above)', async (file, code) => {
    expect(await rulesAt(file, code)).toContain(ZONE);
  });

  it('an area imports lower layers and its own files', async () => {
    expect(await rulesAt('engine/document/x.ts', "import '../site/templates.ts';")).toEqual([]);
    expect(await rulesAt('engine/site/x.ts', "import '../tree.ts';")).toEqual([]);
    expect(await rulesAt('engine/server/x.ts', "import '../inventory/load.ts';")).toEqual([]);
    expect(await rulesAt('engine/api/routes/x.ts', "import '../context.ts';")).toEqual([]);
  });
});

describe('tests stand where the README says', () => {
  const PLACE = 'forecourt/test-placement';
  it('refuses a platform test loose in tests/unit/ or beside engine code', async () => {
    expect(await rulesAt('tests/unit/x.test.ts', 'export {};')).toContain(PLACE);
    expect(await rulesAt('engine/site/x.test.ts', 'export {};')).toContain(PLACE);
  });
  it("allows an area's folder, a block's or the editor's own", async () => {
    for (const file of [
      'tests/unit/site/x.test.ts',
      'blocks/hero/x.test.tsx',
      'editor/lib/x.test.ts',
    ])
      expect(await rulesAt(file, 'export {};')).not.toContain(PLACE);
  });
});
