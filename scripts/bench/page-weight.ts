/**
 * Page weight (docs/cars.md, "Page weight"): the gzipped JavaScript of every page of every
 * demo site, read from a production build's manifest, twice:
 * - at load: the runtime entry and the modules of the page's blocks (what the server links);
 * - after the buyer has used the page: that plus every chunk the page's blocks load later
 *   (the search UI when pointed at, the search client, the enquiry form a card opens, a
 *   block's data on the next client-side page), followed through their imports.
 * Aim: 120 KB for both. The bundle budget test checks the first and measures the second
 * (tests/browser/bundle-budget.test.ts); this bench prints both, and where the bytes of the
 * heaviest page after use go, by package.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createAssetResolver, CLIENT_ENTRY } from '../../engine/server/manifest.ts';
import { pageBlockTypes } from '../../engine/render/registry.ts';
import type { Page, ResolvedSite } from '../../engine/site/types.ts';
import { prepared, readSite, SITES_DIR } from '../../tests/unit/helpers.ts';

/** The aim for a dealer page's JavaScript, at load and after use (docs/cars.md, "Page weight"). */
export const PAGE_JS_AIM_GZIP = 120 * 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
}

export interface PageWeight {
  path: string;
  /** Files the page loads, entry first. */
  load: string[];
  /** Files the page's blocks may load later. */
  lazy: string[];
  loadBytes: number;
  afterBytes: number;
}

/** Weighs pages against one client build (`{dist}/client`). */
export function createPageWeigher(clientDir: string) {
  const manifest: Record<string, ManifestChunk> = JSON.parse(
    readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'),
  );
  const assetsFor = createAssetResolver(join(clientDir, '.vite/manifest.json'), { base: '' });
  const sizes = new Map<string, number>();
  const gzipSize = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined)
      sizes.set(file, (size = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length));
    return size;
  };

  return function weigh(site: ResolvedSite, page: Page): PageWeight {
    const types = pageBlockTypes(site, page);
    const assets = assetsFor([...types]);
    const load = [...(assets.start ? [assets.start] : []), assets.entry, ...assets.preload];
    const loaded = new Set(load);
    const lazy = new Set<string>();
    const seen = new Set<string>();
    // The entry's own dynamic imports are the other blocks, loaded on the way to another page.
    const visit = (key: string) => {
      if (seen.has(key) || key === CLIENT_ENTRY) return;
      seen.add(key);
      const chunk = manifest[key];
      if (!chunk) return;
      if (!loaded.has(chunk.file)) lazy.add(chunk.file);
      chunk.imports?.forEach(visit);
      chunk.dynamicImports?.forEach(visit);
    };
    for (const type of types) {
      const chunk = manifest[`blocks/${type}/index.tsx`];
      chunk?.imports?.forEach(visit);
      chunk?.dynamicImports?.forEach(visit);
    }
    const sum = (files: Iterable<string>) =>
      [...files].reduce((total, f) => total + gzipSize(f), 0);
    const loadBytes = sum(load);
    return { path: page.path, load, lazy: [...lazy], loadBytes, afterBytes: loadBytes + sum(lazy) };
  };
}

/** The demo sites, as the server serves them. */
export function demoSites(): ResolvedSite[] {
  return readdirSync(SITES_DIR)
    .filter((f) => f.endsWith('.json'))
    .map((f) => prepared(readSite(f.replace(/\.json$/, ''))));
}

/** Where `files`' gzipped bytes go, by package (node_modules/x) or source folder, largest first; a chunk's bytes are shared out by its modules' rendered lengths. */
export function bytesByOrigin(clientDir: string, files: string[]): [string, number][] {
  const moduleSizes: Record<string, Record<string, number>> = JSON.parse(
    readFileSync(join(clientDir, '.vite/module-sizes.json'), 'utf8'),
  );
  const totals = new Map<string, number>();
  for (const file of files) {
    const mods = Object.entries(moduleSizes[file] ?? {});
    const rendered = mods.reduce((s, [, n]) => s + n, 0) || 1;
    const gz = gzipSync(readFileSync(join(clientDir, file)), { level: 9 }).length;
    for (const [id, n] of mods) {
      const origin = id.startsWith('node_modules/')
        ? id
            .split('/')
            .slice(0, id.split('/')[1].startsWith('@') ? 3 : 2)
            .join('/')
        : id.split('/').slice(0, 2).join('/');
      totals.set(origin, (totals.get(origin) ?? 0) + (gz * n) / rendered);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

export async function run(): Promise<string> {
  const root = join(import.meta.dirname, '../..');
  mkdirSync(join(root, '.data'), { recursive: true });
  const dist = mkdtempSync(join(root, '.data', 'bench-weight-'));
  try {
    // The dealer runtime's build alone (the first of `npm run build`'s three).
    execSync('npx vite build', {
      cwd: root,
      stdio: 'ignore',
      env: { ...process.env, NODE_ENV: 'production', FORECOURT_DIST: dist },
    });
    const clientDir = join(dist, 'client');
    const weigh = createPageWeigher(clientDir);
    const lines = [
      `${'site'.padEnd(22)} ${'pages'.padStart(5)} ${'load max KB'.padStart(12)} ${'after use max KB'.padStart(17)}  pages over ${kb(PAGE_JS_AIM_GZIP)} KB after use`,
    ];
    let heaviest: PageWeight | undefined;
    let loadMisses = 0;
    let afterMisses = 0;
    for (const site of demoSites()) {
      const weights = site.pages.map((page) => weigh(site, page));
      const over = weights.filter((w) => w.afterBytes > PAGE_JS_AIM_GZIP);
      loadMisses += weights.filter((w) => w.loadBytes > PAGE_JS_AIM_GZIP).length;
      afterMisses += over.length;
      for (const w of weights) if (!heaviest || w.afterBytes > heaviest.afterBytes) heaviest = w;
      const maxOf = (k: 'loadBytes' | 'afterBytes') => Math.max(...weights.map((w) => w[k]));
      lines.push(
        `${site.slug.padEnd(22)} ${String(weights.length).padStart(5)} ${kb(maxOf('loadBytes')).padStart(12)} ${kb(maxOf('afterBytes')).padStart(17)}  ${over.map((w) => `${w.path} ${kb(w.afterBytes)}`).join(', ') || '-'}`,
      );
    }
    if (heaviest) {
      lines.push(
        '',
        `Heaviest after use: ${heaviest.path}, ${kb(heaviest.loadBytes)} KB at load + ${kb(heaviest.afterBytes - heaviest.loadBytes)} KB later. Where the later bytes go:`,
      );
      for (const [origin, bytes] of bytesByOrigin(clientDir, heaviest.lazy).slice(0, 12))
        lines.push(`  ${kb(bytes).padStart(6)} KB  ${origin}`);
    }
    lines.push(
      '',
      `Aim: ≤ ${kb(PAGE_JS_AIM_GZIP)} KB at load (every page: ${loadMisses ? `missed on ${loadMisses}` : 'met'}) and after use (${afterMisses ? `missed on ${afterMisses} pages` : 'met on every page'}).`,
    );
    return lines.join('\n');
  } finally {
    rmSync(dist, { recursive: true, force: true });
  }
}
