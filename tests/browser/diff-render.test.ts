/**
 * `diff:sites --render`: before/after pictures of the pages a change touches, at phone
 * and desktop widths, plus index.md. Self-contained: builds dist/ if it is missing and
 * lets the command start its own servers (one per side) on free ports.
 */
import { spawnSync } from 'node:child_process';
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
import { ensureBuild } from '../../scripts/diff-sites/side-server.ts';

const ROOT = join(import.meta.dirname, '../..');
const TSX = join(ROOT, 'node_modules/.bin/tsx');

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string) {
  const b = readFileSync(file);
  expect(b.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

let tmp: string;
/** The browser project's global setup may already have built into its own folder. */
let env: NodeJS.ProcessEnv = process.env;
beforeAll(() => {
  const provided = (inject as (key: string) => string | undefined)('distDir');
  if (provided && existsSync(join(provided, 'server/entry-server.js')))
    env = { ...process.env, FORECOURT_DIST: provided };
  else ensureBuild(ROOT);
  tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-render-'));
}, 300_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('diff:sites --render', () => {
  it('renders only the touched page, before and after, at 400 px and 1400 px, with an index', () => {
    const before = join(tmp, 'before');
    const after = join(tmp, 'after');
    const out = join(tmp, 'out');
    cpSync(join(ROOT, 'sites'), before, { recursive: true });
    cpSync(join(ROOT, 'sites'), after, { recursive: true });
    const file = join(after, 'kiwi-car-yard.json');
    const doc = JSON.parse(readFileSync(file, 'utf8'));
    const home = doc.pages.find((p: { id: string }) => p.id === 'home');
    const hero = home.blocks.find((b: { type: string }) => b.type === 'hero');
    hero.props.heading = 'A completely different heading for the picture test';
    writeFileSync(file, JSON.stringify(doc, null, 2));

    // Secrets in the environment: the editor token, a key, and no staff token (so the
    // local API would generate one and print it, were it not given one that is never printed).
    const secretEnv: NodeJS.ProcessEnv = {
      ...env,
      FORECOURT_EDITOR_TOKEN: 'editor-token-5f8a2c9e1b7d',
      MAPS_API_KEY: 'maps-key-3c1e9a7b5d',
    };
    delete secretEnv.FORECOURT_STAFF_TOKEN;
    hero.props.heading += ' maps-key-3c1e9a7b5d';
    writeFileSync(file, JSON.stringify(doc, null, 2));
    const r = spawnSync(
      TSX,
      [join(ROOT, 'scripts/diff-sites.ts'), '--render', '--out', out, before, after],
      {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 180_000,
        env: secretEnv,
      },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('props/heading');
    // Nothing printed or written holds a token or key.
    const printed = `${r.stdout}\n${r.stderr}\n${readFileSync(join(out, 'index.md'), 'utf8')}`;
    for (const secret of ['editor-token-5f8a2c9e1b7d', 'maps-key-3c1e9a7b5d', 'ford-au-service'])
      expect(printed).not.toContain(secret);
    expect(printed).not.toMatch(/staff lead view|token=|Bearer [0-9a-f]/);
    expect(r.stdout).toContain('(secret $MAPS_API_KEY)');
    expect(r.stderr).toContain('4 pictures and index.md written');

    // Only the one touched page of the one changed site.
    expect(readdirSync(out).sort()).toEqual(['index.md', 'kiwi-car-yard']);
    expect(readdirSync(join(out, 'kiwi-car-yard')).sort()).toEqual([
      'home--after--1400.png',
      'home--after--400.png',
      'home--after.html',
      'home--before--1400.png',
      'home--before--400.png',
      'home--before.html',
    ]);
    for (const side of ['before', 'after']) {
      expect(pngSize(join(out, 'kiwi-car-yard', `home--${side}--400.png`)).width).toBe(400);
      expect(pngSize(join(out, 'kiwi-car-yard', `home--${side}--1400.png`)).width).toBe(1400);
    }
    // The pictures show the change.
    expect(
      readFileSync(join(out, 'kiwi-car-yard/home--before--1400.png')).equals(
        readFileSync(join(out, 'kiwi-car-yard/home--after--1400.png')),
      ),
    ).toBe(false);

    const index = readFileSync(join(out, 'index.md'), 'utf8');
    expect(index).toContain('## kiwi-car-yard');
    expect(index).toContain(
      '| 400 px | ![home before 400px](kiwi-car-yard/home--before--400.png) | ![home after 400px](kiwi-car-yard/home--after--400.png) |',
    );
    expect(index).toContain('| 1400 px |');
    expect(existsSync(join(out, 'kiwi-car-yard', 'finance--before--400.png'))).toBe(false);
  }, 240_000);

  it('writes an index saying so when no page looks different', () => {
    const same = join(tmp, 'same');
    const out = join(tmp, 'out-same');
    cpSync(join(ROOT, 'sites'), same, { recursive: true });
    const r = spawnSync(
      TSX,
      [join(ROOT, 'scripts/diff-sites.ts'), '--render', '--out', out, same, same],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env },
    );
    expect(r.status, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['index.md']);
    expect(readFileSync(join(out, 'index.md'), 'utf8')).toContain('No page looks different.');
  }, 60_000);
});
