/**
 * Data files are found from one project root, the nearest folder above a module holding
 * package.json, so the compiled server (a flat folder of chunks in dist/) finds the same
 * files as the source (engine/project-root.ts; docs/deploy.md, "Memory and start-up").
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT, projectFolderAbove } from '../../../engine/project-root.ts';
import { readMigrations } from '../../../engine/api/db/migrate.ts';
import { readPostgresMigrations } from '../../../engine/api/db/migrate-postgres.ts';

const dir = mkdtempSync(join(tmpdir(), 'forecourt-root-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the project root', () => {
  it('is the nearest folder above holding package.json, however deep the build sits', () => {
    writeFileSync(join(dir, 'package.json'), '{}');
    const chunks = join(dir, 'dist', 'node');
    mkdirSync(chunks, { recursive: true });
    expect(projectFolderAbove(chunks)).toBe(dir);
    expect(projectFolderAbove(dir)).toBe(dir);
  });

  it('is an error naming the folder when no package.json is above it', () => {
    const outside = mkdtempSync(join(tmpdir(), 'forecourt-no-root-'));
    try {
      expect(() => projectFolderAbove(outside)).toThrow(
        `no package.json in ${outside} or above it`,
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('is this repository from the source, and both sets of migrations are found from it', () => {
    expect(PROJECT_ROOT).toBe(join(import.meta.dirname, '../../..'));
    expect(readMigrations().length).toBeGreaterThan(0);
    expect(readPostgresMigrations().length).toBeGreaterThan(0);
  });
});
