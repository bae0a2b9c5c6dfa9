/**
 * Many dealer sites for the platform bench: N documents made the way the editor makes a
 * new site from a starter template (engine/server/editor-api.ts, POST /sites: slug, name,
 * template, region and its dealerships, nothing else), each with a host name of its own
 * and its own dealership, so each gets the stock a new site gets (docs/editor-design.md, "A new
 * site's stock"). Written into a copy of a sites folder beside the demo sites.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Region } from '../../../schemas/types.gen.ts';
import { CURRENT_SCHEMA_VERSION } from '../../../engine/site/migrations.ts';

/** The brand-neutral starters (demo/pages/starter-templates.ts), their market and the make a franchise sells. */
const STARTERS: { template: string; region: Region; make?: string }[] = [
  { template: 'single-brand-franchise', region: 'AU', make: 'Toyota' },
  { template: 'used-car-yard', region: 'NZ' },
  { template: 'us-franchise', region: 'US', make: 'Chevrolet' },
  { template: 'multi-brand-group', region: 'AU', make: 'Mazda' },
];

/** Dealership ids of generated sites start here, clear of the demo sites' ids. */
export const FIRST_BENCH_DEALERSHIP_ID = 1000;

export function benchSlug(n: number): string {
  return `bench-dealer-${n}`;
}

export function benchHost(n: number): string {
  return `bench-dealer-${n}.example.com`;
}

/** The document of generated site n (0-based), as the editor's new-site form would send it, plus its host name. */
export function benchSiteDocument(n: number): Record<string, unknown> {
  const starter = STARTERS[n % STARTERS.length];
  const slug = benchSlug(n);
  const id = FIRST_BENCH_DEALERSHIP_ID + n;
  const name = `Bench Motors ${n}`;
  return {
    $schema: '../schemas/site.schema.json',
    schemaVersion: CURRENT_SCHEMA_VERSION,
    slug,
    name,
    template: starter.template,
    region: starter.region,
    hostnames: [benchHost(n)],
    dealership_id: id,
    dealerships: [{ id, slug, name, ...(starter.make ? { manufacturers: [starter.make] } : {}) }],
  };
}

/** Writes `count` generated sites into `dir` (a sites folder). */
export function writeBenchSites(dir: string, count: number): void {
  for (let n = 0; n < count; n++)
    writeFileSync(
      join(dir, `${benchSlug(n)}.json`),
      `${JSON.stringify(benchSiteDocument(n), null, 2)}\n`,
    );
}

/** A temporary copy of a sites folder (documents, templates, shared data, assets) with `count` generated sites added. */
export function sitesFolderWith(sourceDir: string, count: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'forecourt-platform-sites-'));
  cpSync(sourceDir, dir, { recursive: true });
  writeBenchSites(dir, count);
  // A platform's sites are a git repository (a deploy clones its remote), so the server starts
  // on one, as it restarts in production. A folder never served before gets its first commit
  // from the server's first start instead (docs/publishing.md, "The git layout"): once, and
  // not start-up.
  const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '-b', 'main');
  git('add', '-A', '.');
  git(
    '-c',
    'user.name=Bench',
    '-c',
    'user.email=bench@forecourt.invalid',
    'commit',
    '-qm',
    'Sites',
  );
  return dir;
}
