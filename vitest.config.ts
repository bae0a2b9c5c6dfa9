import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

/** Where unit tests live: beside the code they test (blocks, editor), or under tests/unit/. */
const UNIT_ROOTS = ['tests/unit', 'blocks', 'engine', 'editor', 'demo'];
const unitFiles = (suffix: string) => UNIT_ROOTS.map((root) => `${root}/**/*.${suffix}`);

/** The unit test files ending in `suffix` whose text matches `pattern`. */
function unitFilesWhere(suffix: string, pattern: RegExp): string[] {
  return UNIT_ROOTS.flatMap((root) =>
    readdirSync(join(import.meta.dirname, root), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith(suffix) && !file.includes('node_modules'))
      .map((file) => `${root}/${file}`)
      .filter((file) => pattern.test(readFileSync(join(import.meta.dirname, file), 'utf8'))),
  );
}

/**
 * The .tsx tests that replace a module (vi.mock, vi.doMock) or choose their own environment
 * (`// @vitest-environment node`, to render with no window): the `dom` project shares one
 * module graph and one jsdom window per worker, so these run in `dom-isolated`, each in a
 * graph and environment of its own. Found by reading the files, so a new one needs no list.
 */
const DOM_MOCKING = unitFilesWhere('.test.tsx', /\bvi\.(mock|doMock)\(|@vitest-environment /);

/**
 * The .ts tests that ask for a window (`// @vitest-environment jsdom`) run in the `dom`
 * project's shared workers, not in `node`'s: a worker is kept for the next file only when
 * that file wants the same environment, so a jsdom file among the node files ended the node
 * worker before it and after it, and the next node file loaded the engine's modules again
 * (README, "Tests").
 */
const TS_IN_JSDOM = unitFilesWhere('.test.ts', /^\/\/ @vitest-environment jsdom\b/).filter(
  (file) => !file.endsWith('.mocked.test.ts'),
);

/**
 * Tests that measure the machine (page times, event-loop gaps, memory): they run after the
 * other unit projects, one file at a time, so that no other test's work is in their numbers
 * (README, "Tests"). A ratio against a peer measured in the same file is still the rule.
 */
const MEASURING = [
  'tests/unit/server/hanging-remote-pages.test.ts',
  'tests/unit/server/large-document.test.ts',
  'tests/unit/server/slow-clients.test.ts',
  'tests/unit/server/slowloris.test.ts',
  'tests/unit/server/heap-growth.test.ts',
  'tests/unit/search/limits.test.ts',
  'tests/unit/inventory/feed-stream.test.ts',
  'tests/unit/inventory/stock-reload.test.ts',
  'tests/unit/assets/photo-pipeline.test.ts',
  'tests/unit/assets/photo-bucket.test.ts',
  'tests/unit/platform/three-servers.test.ts',
];

/**
 * Tests of what a thread has loaded (Node's own module cache, which `isolate: false` shares
 * between the files a worker runs): they run in `node-isolated`, in a worker of their own,
 * so that another file's imports (jsdom, for one) are not taken for the product's.
 */
const THREAD_STATE = ['tests/unit/server/start-without-jsdom.test.ts'];

/** What both unit projects share: the run's PostgreSQL server, and a hang detector. */
const unitShared = {
  // The run's PostgreSQL test server, started when a test first asks for it (tests/setup/postgres.ts),
  // and the validators and the demo sites' sanitised rich text, made once for the run
  // (tests/setup/compiled-once.ts), not once per test file.
  globalSetup: ['tests/setup/postgres-global.ts', 'tests/setup/compiled-once.ts'],
  // A hang detector, not a speed check (speed is the benches'): the default 5 s was
  // reached by jsdom renders and property tests on a busy 2-core machine.
  testTimeout: 20_000,
  // Setting up a git repository or a server from a copy of the sites takes seconds when busy.
  hookTimeout: 60_000,
};

// Tests are split by what they need (README, "Tests"): `node` runs the .ts tests without a DOM
// (a .ts test that needs one says `// @vitest-environment jsdom` at its top) in one module graph
// per worker; `node-isolated` the .ts tests that replace a module (`*.mocked.test.ts`); `dom`
// the .tsx tests, which render, in jsdom.
export default defineConfig({
  plugins: [react()],
  test: {
    // Every core: vitest's default leaves one free (one worker on a 2-core machine), but unit
    // tests spend much of their time waiting on git, child processes and the sanitiser worker.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: unitFiles('test.ts'),
          exclude: [
            '**/*.mocked.test.ts',
            '**/node_modules/**',
            ...MEASURING,
            ...TS_IN_JSDOM,
            ...THREAD_STATE,
          ],
          environment: 'node',
          // One module graph per worker, not per file: the schemas compile once, the demo
          // stock is made once (README, "Tests": a test leaves no state behind).
          isolate: false,
          ...unitShared,
        },
      },
      {
        extends: true,
        test: {
          // A .ts test that replaces a module (vi.mock), or checks what its thread loaded, gets
          // a module graph and a worker of its own.
          name: 'node-isolated',
          include: [...unitFiles('mocked.test.ts'), ...THREAD_STATE],
          environment: 'node',
          ...unitShared,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-measuring',
          include: MEASURING,
          environment: 'node',
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...unitShared,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          include: [...unitFiles('test.tsx'), ...TS_IN_JSDOM],
          exclude: ['**/node_modules/**', ...DOM_MOCKING],
          environment: 'jsdom',
          // One module graph and one jsdom window per worker, not per file: jsdom, React and
          // the blocks load once, and the demo site's validators warm up once. What a file
          // leaves in the window is cleared after it (tests/setup/unit.ts). Vitest's summary
          // counts a worker's one window set-up again for each file the worker runs, so its
          // `environment` figure is not time spent per file (README, "Tests").
          isolate: false,
          setupFiles: ['tests/setup/unit.ts'],
          ...unitShared,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom-isolated',
          include: DOM_MOCKING,
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts'],
          ...unitShared,
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/browser-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
