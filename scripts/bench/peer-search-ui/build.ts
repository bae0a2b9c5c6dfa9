/**
 * Builds the search page's peer (main.tsx) with Vite's defaults and React's plugin, as a
 * developer starting from react-instantsearch's documentation would, and serves the build
 * on a free local port. `trimmed`: with the dealer build's library trims too (the qs
 * stand-in and the stubs of InstantSearch parts no search UI runs, vite.config.ts), so
 * that the two differ only by the code each page adds to the same libraries.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { QS_STAND_IN, unusedInstantSearchParts } from '../../../vite.config.ts';

const root = join(import.meta.dirname, '../../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
};

export interface PeerPage {
  /** The page's address, without its query string. */
  url: string;
  stop(): Promise<void>;
}

export async function startPeerPage(options: { trimmed?: boolean } = {}): Promise<PeerPage> {
  const outDir = mkdtempSync(join(root, '.data', 'peer-search-ui-'));
  await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: options.trimmed ? [react(), unusedInstantSearchParts()] : [react()],
    resolve: options.trimmed ? { alias: [QS_STAND_IN] } : {},
    build: { outDir, emptyOutDir: true, target: 'es2022' },
  });
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://peer').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) return void res.writeHead(403).end();
    try {
      const body = readFileSync(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
