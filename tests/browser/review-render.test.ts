/**
 * `review:sites --render`, the command CI runs (docs/publishing.md, "Review in a pull
 * request"): its pictures are real renders by production servers, of the pages a change
 * touches only. A temporary git repository holds the base commit; the change is on top.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { reviewSites } from '../../scripts/review-sites.ts';
import { ensureBuild } from '../../scripts/diff-sites/side-server.ts';

const ROOT = join(import.meta.dirname, '../..');
let repo: string;
const saved = process.env.FORECOURT_DIST;

beforeAll(() => {
  // The browser project's build, when it made one; else dist/ (built when missing).
  const provided = (inject as (key: string) => string | undefined)('distDir');
  if (provided && existsSync(join(provided, 'server/entry-server.js')))
    process.env.FORECOURT_DIST = provided;
  else ensureBuild(ROOT);
  repo = mkdtempSync(join(tmpdir(), 'forecourt-review-render-'));
  cpSync(join(ROOT, 'sites'), join(repo, 'sites'), { recursive: true });
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', ...args], {
      cwd: repo,
    });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-qm', 'base');
}, 600_000);
afterAll(() => {
  rmSync(repo, { recursive: true, force: true });
  if (saved === undefined) delete process.env.FORECOURT_DIST;
  else process.env.FORECOURT_DIST = saved;
});

const file = () => join(repo, 'sites/kiwi-car-yard.json');
function edit(fn: (doc: any) => void) {
  const doc = JSON.parse(readFileSync(file(), 'utf8'));
  fn(doc);
  writeFileSync(file(), `${JSON.stringify(doc, null, 2)}\n`);
}

describe('review:sites --render', () => {
  it('pictures the changed page as the production server renders it', async () => {
    const heading = 'A heading only the review picture test writes';
    edit((d) => (d.pages.find((p: any) => p.id === 'home').blocks[0].props.heading = heading));
    const out = join(repo, 'diff-render');
    const review = await reviewSites({ repo, base: 'main', renderDir: out });
    expect(review.pictureFailures).toEqual([]);
    expect(review.exitCode).toBe(0);
    expect(review.markdown).toContain('4 pictures of the pages these changes touch');
    expect(
      readdirSync(join(out, 'kiwi-car-yard'))
        .filter((f) => f.endsWith('.png'))
        .sort(),
    ).toEqual([
      'home--after--1400.png',
      'home--after--400.png',
      'home--before--1400.png',
      'home--before--400.png',
    ]);
    const after = readFileSync(join(out, 'kiwi-car-yard/home--after.html'), 'utf8');
    const before = readFileSync(join(out, 'kiwi-car-yard/home--before.html'), 'utf8');
    expect(after).toContain(heading);
    expect(before).not.toContain(heading);
    // A real page: the site's own header and the rest of its blocks, no block failed.
    expect(after).toContain('Kiwi Car Yard');
    expect(after).not.toContain('data-block-error');
    execFileSync('git', ['checkout', '-q', '--', 'sites'], { cwd: repo });
  }, 600_000);

  it('pictures only the pages a location change makes look different, none as a 404', async () => {
    edit((d) => (d.locations[0].contact_detail.phone = '09 555 0199'));
    const out = join(repo, 'diff-render-location');
    const review = await reviewSites({ repo, base: 'main', renderDir: out });
    expect(review.pictureFailures).toEqual([]);
    const index = readFileSync(join(out, 'index.md'), 'utf8');
    expect(index).not.toMatch(/HTTP 404/);
    expect(index).not.toContain('/example');
    const pages = JSON.parse(readFileSync(file(), 'utf8')).pages.length;
    const shown = new Set(
      readdirSync(join(out, 'kiwi-car-yard'))
        .filter((f) => f.endsWith('.png'))
        .map((f) => f.split('--')[0]),
    );
    expect(shown.size).toBeGreaterThan(0);
    expect(shown.size).toBeLessThan(pages);
    // The footer's phone differs on every page: pictured once, the other pages named.
    expect(index).toMatch(
      /kiwi-car-yard: \d+ more pages show the same change as \S+, not pictured: /,
    );
    for (const page of shown)
      expect(readFileSync(join(out, `kiwi-car-yard/${page}--after.html`), 'utf8')).toContain(
        '09 555 0199',
      );
    execFileSync('git', ['checkout', '-q', '--', 'sites'], { cwd: repo });
  }, 900_000);
});
