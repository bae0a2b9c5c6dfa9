/**
 * The dealer runtime's bundle, checked on the production build the browser tests use:
 * per-page JavaScript under budget, and nothing of the editor in it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { createAssetResolver, CLIENT_ENTRY } from '../../engine/server/manifest.ts';
import { pageBlockTypes } from '../../engine/render/registry.ts';
import { prepared, readSite, SITES_DIR } from '../unit/helpers.ts';

/** Runtime JavaScript for a dealer page ≤ 120 KB gzip (docs/cars.md, "Page weight"). */
export const PAGE_JS_BUDGET_GZIP = 120 * 1024;
const EDITOR_ONLY = /node_modules\/(@rjsf|@dnd-kit|@tiptap|prosemirror-[a-z-]+|ajv|ajv-formats|json-schema-to-typescript)\/|(^|\/)editor\//;

const clientDir = join(inject('distDir'), 'client');
const manifest: Record<string, { file: string; imports?: string[]; dynamicImports?: string[] }> = JSON.parse(
  readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8'),
);
const modules: Record<string, string[]> = JSON.parse(readFileSync(join(clientDir, '.vite/modules.json'), 'utf8'));
/** The editor's own build (vite.config.ts): its chunks never mix with the runtime's. */
const editorModules: Record<string, string[]> = JSON.parse(readFileSync(join(clientDir, '.vite/editor-modules.json'), 'utf8'));
const gzipSize = (file: string) => gzipSync(readFileSync(join(clientDir, file))).length;
const slugs = readdirSync(SITES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace('.json', ''));

describe('runtime bundle', () => {
  const assetsFor = createAssetResolver(join(clientDir, '.vite/manifest.json'), { base: '' });

  it.each(slugs)('every page of %s loads at most 120 KB of gzipped JavaScript', (slug) => {
    const site = prepared(readSite(slug));
    for (const page of site.pages) {
      const assets = assetsFor(pageBlockTypes(site, page));
      const files = [assets.entry, ...assets.preload];
      const total = files.reduce((sum, f) => sum + gzipSize(f), 0);
      expect(total, `${slug} ${page.path}: ${(total / 1024).toFixed(1)} KB`).toBeLessThanOrEqual(PAGE_JS_BUDGET_GZIP);
    }
  });

  it('contains none of the editor or its dependencies (rjsf, dnd-kit, Tiptap, ajv)', () => {
    // Everything a dealer page can ever load: the entry, every block module and what they import.
    const reachable = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || reachable.has(chunk.file)) return;
      reachable.add(chunk.file);
      chunk.imports?.forEach(visit);
      chunk.dynamicImports?.forEach(visit);
    };
    visit(CLIENT_ENTRY);
    expect(reachable.size).toBeGreaterThan(5);
    const offenders = [...reachable].flatMap((file) => (modules[file] ?? []).filter((m) => EDITOR_ONLY.test(m)).map((m) => `${file}: ${m}`));
    expect(offenders).toEqual([]);
  });

  it('keeps React in the entry chunk, so no page loads it as a chunk of its own', () => {
    // A block importing a module of the entry (engine/render/routes.ts) once made the bundler
    // split React off; blocks match routes through blocks/_shared/page-at.ts instead.
    const entry = manifest[CLIENT_ENTRY].file;
    const react = /^node_modules\/(react|react-dom|react-router)\//;
    const elsewhere = Object.entries(modules).flatMap(([file, mods]) => (file === entry ? [] : mods.filter((m) => react.test(m)).map((m) => `${file}: ${m}`)));
    expect(elsewhere).toEqual([]);
    expect(modules[entry]).toContain('node_modules/react/index.js');
  });

  it('ships the en-AU words only: a page of another region brings its own in its payload', () => {
    const shipped = Object.values(modules).flat();
    expect(shipped).toContain('engine/messages/en-AU.ts');
    expect(shipped.filter((m) => /^engine\/messages\/en-(NZ|US)\.ts$/.test(m))).toEqual([]);
  });

  it('leaves out the parts of React Router the site does not use (NavLink, Form, ScrollRestoration)', () => {
    const entry = readFileSync(join(clientDir, manifest[CLIENT_ENTRY].file), 'utf8');
    // Their production code names its errors in plain text: present only if the code is.
    expect(entry).not.toMatch(/useScrollRestoration|unstable_usePrompt|useFormAction/);
    expect(entry).toContain('useHref');
  });

  it('is built apart from the editor, so no editor need shapes the chunks a dealer page loads', () => {
    const entries = Object.entries(manifest as Record<string, { isEntry?: boolean }>).filter(([, c]) => c.isEntry);
    expect(entries.map(([key]) => key)).toEqual([CLIENT_ENTRY]);
    expect(Object.keys(editorModules).length).toBeGreaterThan(0);
  });

  it('the check can see editor dependencies where they are (the editor bundle)', () => {
    const editorChunks = Object.entries(editorModules).filter(([, mods]) => mods.some((m) => EDITOR_ONLY.test(m)));
    expect(editorChunks.length).toBeGreaterThan(0);
  });
});
