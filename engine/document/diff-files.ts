/**
 * Node-only: the files of a sites folder beyond site documents and templates, for the
 * review of a change set (docs/publishing.md, "Review in a pull request"): shared data
 * (`sites/shared/*.json`, the catalogue) diffed value by value, assets (`sites/assets/**`)
 * compared by content, and a site or template that was renamed (a file removed and one
 * added with mostly the same lines, as git counts a rename) paired into one entry.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { SiteChange } from './diff-types.ts';
import { valueChanges } from './diff-values.ts';
import type { FileDiff } from './diff-render.ts';

/** A file known by its content: git's blob id and its size in bytes. */
export interface AssetEntry {
  file: string;
  hash: string;
  size: number;
}

/** git's blob id of some content, so files on disk compare with files in a revision. */
export function blobHash(content: Buffer): string {
  return createHash('sha1').update(`blob ${content.length}\0`).update(content).digest('hex');
}

/** Every file under `dir` (recursive), by its path relative to `dir`, with `/` separators. */
export function folderAssets(dir: string, display: (f: string) => string): Map<string, AssetEntry> {
  const out = new Map<string, AssetEntry>();
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const full = join(d, name);
      if (statSync(full).isDirectory()) walk(full);
      else {
        const content = readFileSync(full);
        out.set(relative(dir, full).split('\\').join('/'), {
          file: display(full),
          hash: blobHash(content),
          size: content.length,
        });
      }
    }
  };
  if (existsSync(dir) && statSync(dir).isDirectory()) walk(dir);
  return out;
}

/** The files under `folder` in a git revision, from `git ls-tree -r -l` output. */
export function parseLsTree(output: string, folder: string): Map<string, AssetEntry> {
  const out = new Map<string, AssetEntry>();
  for (const line of output.split('\n')) {
    // <mode> blob <hash> <size>\t<path>
    const m = /^\d+ blob ([0-9a-f]+)\s+(\d+)\t(.+)$/.exec(line);
    if (m) out.set(m[3], { file: `${folder}/${m[3]}`, hash: m[1], size: Number(m[2]) });
  }
  return out;
}

const kb = (n: number) => (n < 1024 ? `${n} bytes` : `${(n / 1024).toFixed(1)} KB`);

/** Assets added, removed or changed (by content), with their sizes. */
export function diffAssets(
  before: Map<string, AssetEntry>,
  after: Map<string, AssetEntry>,
): FileDiff[] {
  const out: FileDiff[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(name);
    const b = after.get(name);
    if (a && b && a.hash === b.hash) continue;
    const file = (b ?? a)!.file;
    const status = !a ? 'added' : !b ? 'removed' : 'modified';
    const summary = !a
      ? `asset, ${kb(b!.size)}`
      : !b
        ? `asset, was ${kb(a.size)}`
        : `asset replaced: ${kb(a.size)} → ${kb(b.size)}`;
    out.push({ file, status, kind: 'asset', summary, changes: [] });
  }
  return out;
}

/** Shared data files (the catalogue) compared value by value; a list item is named by its label. */
export function diffData(
  before: Map<string, { file: string; text: string }>,
  after: Map<string, { file: string; text: string }>,
): FileDiff[] {
  const out: FileDiff[] = [];
  for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    const a = before.get(name);
    const b = after.get(name);
    if (a && b && a.text === b.text) continue;
    const file = (b ?? a)!.file;
    if (!a || !b) {
      out.push({
        file,
        status: a ? 'removed' : 'added',
        kind: 'data',
        summary: 'shared data',
        changes: [],
      });
      continue;
    }
    let da: unknown;
    let db: unknown;
    try {
      da = JSON.parse(a.text);
      db = JSON.parse(b.text);
    } catch (err) {
      out.push({
        file,
        status: 'unreadable',
        kind: 'data',
        problem: `not readable JSON: ${(err as Error).message}`,
        changes: [],
      });
      continue;
    }
    const changes: SiteChange[] = valueChanges(da, db, '').map((d) => ({
      kind: 'setting',
      section: 'other',
      ...d,
    }));
    out.push({ file, status: 'modified', kind: 'data', changes });
  }
  return out;
}

/** The share of lines two texts have in common (git's rename score, 0 to 1). */
export function similarity(a: string, b: string): number {
  const count = new Map<string, number>();
  const la = a.split('\n').map((l) => l.trim());
  const lb = b.split('\n').map((l) => l.trim());
  for (const l of la) count.set(l, (count.get(l) ?? 0) + 1);
  let common = 0;
  for (const l of lb) {
    const n = count.get(l) ?? 0;
    if (n > 0) {
      common++;
      count.set(l, n - 1);
    }
  }
  return common / Math.max(la.length, lb.length, 1);
}

/** git's default: a file is renamed when at least half of it is the same. */
export const RENAME_SIMILARITY = 0.5;

/**
 * Pairs removed names with added ones whose text is at least RENAME_SIMILARITY alike,
 * best match first; each name is used once.
 */
export function pairRenames(
  removed: Array<{ name: string; text: string }>,
  added: Array<{ name: string; text: string }>,
): Array<{ from: string; to: string }> {
  const scored: Array<{ from: string; to: string; score: number }> = [];
  for (const r of removed)
    for (const a of added) {
      const score = similarity(r.text, a.text);
      if (score >= RENAME_SIMILARITY) scored.push({ from: r.name, to: a.name, score });
    }
  scored.sort((x, y) => y.score - x.score);
  const used = new Set<string>();
  const pairs: Array<{ from: string; to: string }> = [];
  for (const s of scored) {
    if (used.has(`-${s.from}`) || used.has(`+${s.to}`)) continue;
    used.add(`-${s.from}`);
    used.add(`+${s.to}`);
    pairs.push({ from: s.from, to: s.to });
  }
  return pairs;
}
