// ESLint: the README's code rules a linter can check (README, "Code rules"). Run by `npm run lint`,
// part of `npm test`; formatting is Prettier's (`npm run format`), so no rule here concerns layout.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import globals from 'globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import oneBlockTree from './scripts/lint/one-block-tree.js';
import schemaDefaults from './scripts/lint/schema-defaults.js';
import testPlacement from './scripts/lint/test-placement.js';

/** This repository's own rules (scripts/lint/). */
const forecourt = {
  rules: {
    'one-block-tree': oneBlockTree,
    'schema-defaults': schemaDefaults,
    'test-placement': testPlacement,
  },
};

/**
 * The engine's areas in layers, lowest first (README, "Code rules", "Engine layers"): an area
 * (a folder of engine/ with the file of the same name beside it, e.g. engine/tree/ and
 * engine/tree.ts) imports only from lower layers, never from its own layer or above, so no
 * two areas depend on each other. A new area is added to a layer here.
 */
const ENGINE_LAYERS = [
  ['slug', 'clock', 'project-root', 'region', 'net'],
  ['messages', 'jobs'],
  ['tree'],
  ['schema'],
  ['site'],
  ['sanitize', 'search'],
  ['assets', 'document', 'render', 'api'],
  // What the composition root hands the engine (its stock, photos, reviews…): types only.
  ['providers'],
  ['inventory'],
  ['server'],
];
const areaFiles = (area) => [`engine/${area}/**`, `engine/${area}.{ts,tsx}`];
const engineLayerZones = ENGINE_LAYERS.flatMap((layer, level) =>
  layer.map((area) => ({
    target: areaFiles(area),
    from: ENGINE_LAYERS.slice(level)
      .flat()
      .filter((other) => other !== area)
      .flatMap(areaFiles),
    message: `engine/${area} sits in layer ${level + 1} of ENGINE_LAYERS (eslint.config.js): it imports only from lower layers`,
  })),
).filter((zone) => zone.from.length);

/** The files that are not hand-written source: builds, generated code, data. */
const IGNORED = [
  'dist/**',
  'node_modules/**',
  '.data/**',
  'coverage/**',
  '**/*.gen.ts',
  'tests/fixtures/**',
];

/** Test code may reach across the dependency direction (a block's fixtures in an engine test). */
const TESTS = [
  '**/*.test.{ts,tsx}',
  '**/test-*.{ts,tsx}',
  '**/test-kit.tsx',
  '**/test-helpers.tsx',
  'tests/**',
];

/**
 * Region facts once (README, "Code rules"; docs/regions.md): the region codes and locales the
 * schema knows, which no code outside the region module (engine/region.ts, engine/region/)
 * compares a value to; it reads the fact from the region table instead.
 */
const { $defs } = JSON.parse(
  readFileSync(new URL('./schemas/defs.schema.json', import.meta.url), 'utf8'),
);
const regionLiteral = `/^(${[...$defs.region.enum, ...$defs.locale.enum].join('|')})$/`;
const REGION_MESSAGE =
  'a region fact is read from the region table (engine/region.ts), not decided by comparing a region or locale to a literal';

/**
 * The dependency direction (README, "Architecture"), as import zones: each `target` folder
 * must not import from its `from` folders. Folder level, so a block reaching into another
 * block's folder is refused as surely as the engine importing a block.
 */
const blockFolders = ['blocks/[a-z]*/**'];
const zones = [
  {
    target: 'schemas',
    from: ['engine', 'blocks', 'editor', 'demo', 'scripts', 'sites'],
    message: 'schemas/ hold no code and import none',
  },
  {
    target: 'engine',
    from: ['blocks', 'editor', 'demo', 'scripts'],
    message: 'the engine knows no block, editor, demo or script',
  },
  {
    target: 'blocks',
    from: ['editor', 'demo', 'scripts'],
    message: 'blocks never import the editor, the demo or scripts',
  },
  { target: 'demo', from: ['editor', 'blocks'], message: 'the demo is data the engine is given' },
  {
    target: 'blocks/_*/**',
    from: blockFolders,
    message: 'shared block code (blocks/_*) is used by blocks, never the other way round',
  },
];

/** One zone per block: it may use the shared kits (blocks/_*) and its own folder, no other block's. */
function blockIsolationZones(names) {
  return names.map((name) => ({
    target: `blocks/${name}`,
    from: names.filter((other) => other !== name).map((other) => `blocks/${other}`),
    message:
      'a block uses blocks/_shared (or another blocks/_* kit), never another block; move what two blocks share there',
  }));
}

const blockNames = readdirSync('blocks').filter(
  (n) => /^[a-z]/.test(n) && statSync(`blocks/${n}`).isDirectory(),
);

export default tseslint.config(
  { ignores: IGNORED },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      // Data read from JSON and third-party shapes is typed at its edge; `any` is allowed, not encouraged.
      '@typescript-eslint/no-explicit-any': 'off',
      // Sanitisers and parsers match control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    rules: {
      // role="list" on a styled list is deliberate: Safari drops list semantics with list-style: none.
      'jsx-a11y/no-redundant-roles': ['error', { ul: ['list'], ol: ['list'] }],
      // Keys pressed in a focused control bubble to its container (a gallery's arrows, Escape
      // in a menu): a container may listen for them. Pointer handlers on one still need a reason.
      'jsx-a11y/no-noninteractive-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] },
      ],
      'jsx-a11y/no-static-element-interactions': [
        'error',
        { handlers: ['onClick', 'onMouseDown', 'onMouseUp', 'onKeyPress'] },
      ],
      // A scrollable region or tab panel takes focus so keyboard users can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'], tags: [] }],
    },
  },
  {
    // An exception to a rule names the rule and says why (README, "Code rules").
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { '@eslint-community/eslint-comments': comments },
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },
  {
    // Browser tests wait for conditions, never for a fixed time (tests/browser/waits.ts).
    files: ['tests/browser/**'],
    rules: {
      // They drive Playwright; their `use…` helpers are not React hooks.
      'react-hooks/rules-of-hooks': 'off',
      'no-restricted-properties': [
        'error',
        { property: 'waitForTimeout', message: 'wait for a condition (tests/browser/waits.ts)' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
          message: 'wait for a condition (tests/browser/waits.ts), not for a time',
        },
      ],
    },
  },
  { files: ['tests/browser/waits.ts'], rules: { 'no-restricted-syntax': 'off' } },
  {
    // The node test project shares one module graph per worker: a test that replaces a module
    // (vi.mock) says so in its name and runs on its own (vitest.config.ts, `node-isolated`).
    files: ['**/*.test.ts'],
    ignores: ['**/*.mocked.test.ts', 'tests/browser/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'a test that replaces a module is named *.mocked.test.ts (vitest.config.ts)',
        },
      ],
    },
  },
  {
    files: ['engine/**', 'blocks/**', 'editor/**', 'demo/**', 'scripts/**', 'server.ts'],
    ignores: [...TESTS, 'engine/region.ts', 'engine/region/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `BinaryExpression[operator=/^[!=]==?$/]:matches([left.value=${regionLiteral}], [right.value=${regionLiteral}])`,
          message: REGION_MESSAGE,
        },
        { selector: `SwitchCase[test.value=${regionLiteral}]`, message: REGION_MESSAGE },
      ],
    },
  },
  {
    files: ['schemas/**', 'engine/**', 'blocks/**', 'demo/**'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...zones, ...engineLayerZones, ...blockIsolationZones(blockNames)] },
      ],
    },
  },
  {
    // One block tree (README, "Code rules"): only engine/tree/ recurses into a block's
    // children and slots; everything else walks with it.
    files: ['**/*.{ts,tsx,js}'],
    ignores: ['engine/tree.ts', 'engine/tree/**', ...TESTS],
    plugins: { forecourt },
    rules: { 'forecourt/one-block-tree': 'error' },
  },
  {
    // Schema facts once (README, "Code rules"): a block's props arrive with their defaults.
    files: ['blocks/**/*.{ts,tsx}'],
    ignores: TESTS,
    plugins: { forecourt },
    rules: { 'forecourt/schema-defaults': 'error' },
  },
  {
    // One lodash function per import: the package's index is 600 modules, which every tsx
    // process (git's diff driver, a script) and every test worker would load (README, "Code rules").
    files: ['**/*.{ts,tsx,js}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'lodash-es', message: "import one function: 'lodash-es/isEqual.js'" },
            {
              name: 'lodash',
              message: "use lodash-es, one function per import: 'lodash-es/isEqual.js'",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests stand where the README says ("Tests"): platform tests in tests/unit/<area>/.
    files: ['**/*.test.{ts,tsx}'],
    plugins: { forecourt },
    rules: { 'forecourt/test-placement': 'error' },
  },
  prettier,
);
