/**
 * The production build and server the editor benches measure: `npm run build` once per
 * process (FORECOURT_DIST: an existing build instead), and server.ts on a free port over a
 * temporary copy of sites/ plus the bench's own sites, so nothing in sites/ changes.
 */
import { execSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../../tests/setup/browser-global.ts';
import type { Browser, Page } from 'playwright-core';
import { STAFF_KEY } from '../../../editor/lib/auth.ts';
import { compiledServer } from '../../build-server.ts';

const root = join(import.meta.dirname, '../../..');
let built: string | undefined;

/** The build to measure: FORECOURT_DIST when it holds one, else a fresh build of the current code. */
export function editorDist(): string {
  if (built) return built;
  const given = process.env.FORECOURT_DIST;
  // The compiled server is the build's last step: there, the build is whole.
  if (given && existsSync(compiledServer(given))) return (built = given);
  const dist = given ?? join(root, '.data', 'dist-bench-editor');
  mkdirSync(join(root, '.data'), { recursive: true });
  execSync('npm run -s build', {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', FORECOURT_DIST: dist },
  });
  return (built = dist);
}

export interface EditorBenchServer {
  base: string;
  stop(): Promise<void>;
}

/** server.ts serving `sites` (slug → document) beside a copy of sites/. */
export async function startEditorServer(
  sites: Record<string, unknown>,
): Promise<EditorBenchServer> {
  const dist = editorDist();
  const sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-bench-sites-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'forecourt-bench-data-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  for (const [slug, doc] of Object.entries(sites))
    writeFileSync(join(sitesDir, `${slug}.json`), `${JSON.stringify(doc, null, 2)}\n`);
  const { url, proc } = await startServer({
    FORECOURT_DIST: dist,
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_DATA_DIR: dataDir,
  });
  return {
    base: url,
    async stop() {
      await stopProcess(proc);
      rmSync(sitesDir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

async function stopProcess(proc: ChildProcess) {
  if (proc.exitCode !== null || proc.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGTERM');
  const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * A page of a new browser context where the editor knows who is editing (it asks before
 * anything else: docs/editor-design.md, "Who can use it (access)"), with the benches' viewport.
 */
export async function editorPage(
  browser: Browser,
  options: { timeout: number; bypassCSP?: boolean },
): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 1600, height: 1000 },
    bypassCSP: options.bypassCSP,
  });
  await context.addInitScript(
    ([key, name]) => localStorage.setItem(key, name),
    [STAFF_KEY, 'Bench'],
  );
  const page = await context.newPage();
  page.setDefaultTimeout(options.timeout);
  return page;
}
