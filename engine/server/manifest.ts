/**
 * Reads Vite's build manifest to link exactly the code and styles a page uses: the
 * runtime entry plus the modules of the block types on the page (blocks/{type}/index.tsx).
 */
import { readFileSync } from 'node:fs';
import type { PageAssets } from './html.ts';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

export const CLIENT_ENTRY = 'blocks/entry-client.tsx';

export function createAssetResolver(manifestFile: string, base = '/') {
  const manifest: Manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const cache = new Map<string, PageAssets>();
  const url = (file: string) => base + file;

  function collect(key: string, css: Set<string>, js: Set<string>, seen: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(url(chunk.file));
    chunk.css?.forEach((c) => css.add(url(c)));
    chunk.imports?.forEach((i) => collect(i, css, js, seen));
  }

  return function assetsFor(blockTypes: string[]): PageAssets {
    const key = blockTypes.join(',');
    const hit = cache.get(key);
    if (hit) return hit;
    const css = new Set<string>();
    const js = new Set<string>();
    const seen = new Set<string>();
    collect(CLIENT_ENTRY, css, js, seen);
    for (const type of blockTypes) collect(`blocks/${type}/index.tsx`, css, js, seen);
    const entry = url(manifest[CLIENT_ENTRY].file);
    js.delete(entry);
    const assets = { css: [...css], preload: [...js], entry };
    cache.set(key, assets);
    return assets;
  };
}
