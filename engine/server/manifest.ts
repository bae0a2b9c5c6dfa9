/**
 * Reads Vite's build manifest to link exactly the code and styles a page uses: the
 * runtime entry plus the modules of the block types on the page (blocks/{type}/index.tsx).
 *
 * With `inlineCssFrom` (the production server) the page's stylesheets are also read so
 * the document can carry them inline: a page uses 8–10 small per-block stylesheets, and
 * on a phone network each render-blocking request costs a round trip before first paint.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
/** The page's first script, which runs the entry after the first paint (docs/render.md). */
export const START_SCRIPT = 'engine/render/start.ts';

export interface AssetResolverOptions {
  /** URL prefix of the built files. Default '/'. */
  base?: string;
  /** The client build folder: when given, the page's stylesheets are inlined from it. */
  inlineCssFrom?: string;
}

export function createAssetResolver(
  manifestFile: string,
  { base = '/', inlineCssFrom }: AssetResolverOptions = {},
) {
  const manifest: Manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const cache = new Map<string, PageAssets>();
  const url = (file: string) => base + file;
  const cssText = new Map<string, string>();
  const readCss = (href: string, dir: string) => {
    let text = cssText.get(href);
    if (text === undefined) {
      text = readFileSync(join(dir, href.slice(base.length)), 'utf8');
      cssText.set(href, text);
    }
    return text;
  };

  function collect(key: string, css: Set<string>, js: Set<string>, seen: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    js.add(url(chunk.file));
    chunk.css?.forEach((c) => css.add(url(c)));
    chunk.imports?.forEach((i) => collect(i, css, js, seen));
  }

  // A block's lazily loaded UI (blocks/_search/lazy-block.tsx) is in the server HTML from
  // the first paint, so its stylesheets are the page's too; its code waits for the visitor.
  function collectCss(key: string, css: Set<string>, seen: Set<string>) {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.css?.forEach((c) => css.add(url(c)));
    chunk.imports?.forEach((i) => collectCss(i, css, seen));
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
    for (const type of blockTypes)
      manifest[`blocks/${type}/index.tsx`]?.dynamicImports?.forEach((d) =>
        collectCss(d, css, new Set()),
      );
    const entry = url(manifest[CLIENT_ENTRY].file);
    js.delete(entry);
    const start = manifest[START_SCRIPT] && url(manifest[START_SCRIPT].file);
    const assets: PageAssets = { css: [...css], preload: [...js], entry, ...(start && { start }) };
    if (inlineCssFrom)
      assets.inlineCss = assets.css.map((href) => ({ href, text: readCss(href, inlineCssFrom) }));
    cache.set(key, assets);
    return assets;
  };
}
