/**
 * Unit project global setup: a folder for the run's PostgreSQL test server (postgres.ts),
 * started only if a test asks for it, and stopped at the end of the run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { postgresBinDir, preparePostgresDir, removePostgresDir } from './postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's PostgreSQL server; '' when no server binaries are installed. */
    postgresDir: string;
  }
}

export default function setup(project: TestProject) {
  if (!postgresBinDir()) {
    project.provide('postgresDir', '');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-pg-'));
  preparePostgresDir(dir);
  project.provide('postgresDir', dir);
  return () => removePostgresDir(dir);
}
