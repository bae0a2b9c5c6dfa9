import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'tests/unit/**/*.test.{ts,tsx}',
            'blocks/**/*.test.{ts,tsx}',
            'engine/**/*.test.{ts,tsx}',
            'editor/**/*.test.{ts,tsx}',
            'demo/**/*.test.{ts,tsx}',
          ],
          environment: 'jsdom',
          setupFiles: ['tests/setup/unit.ts'],
          // The run's PostgreSQL test server, started when a test first asks for it (tests/setup/postgres.ts).
          globalSetup: ['tests/setup/postgres-global.ts'],
          // A hang detector, not a speed check (speed is the benches'): the default 5 s was
          // reached by jsdom renders and property tests on a busy 2-core machine.
          testTimeout: 20_000,
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
