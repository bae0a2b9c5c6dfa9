/**
 * Before and after pictures (`diff:sites --render`): both sides served, every touched page
 * screenshot at each width in headless Chromium, and the index.md written.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocSet } from '../../engine/document/diff-sets.ts';
import { scrubSecrets } from '../../engine/document/diff-git.ts';
import { pictureIndex, planPictures, WIDTHS, type Picture } from './picture-plan.ts';
import { ensureBuild, materialise, ROOT, startServer } from './side-server.ts';

/**
 * Screenshots every touched page, before and after, at each width, into `outDir`, and
 * writes outDir/index.md. Returns the pictures taken.
 */
export async function renderPictures(
  before: DocSet,
  after: DocSet,
  outDir: string,
  root = ROOT,
): Promise<Picture[]> {
  const restore = quietConsole();
  try {
    return await takePictures(before, after, outDir, root);
  } finally {
    restore();
  }
}

/**
 * While the servers run, whatever they log goes to stderr (stdout is the report, which CI
 * may post), with secrets from the environment blanked.
 */
function quietConsole(): () => void {
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error };
  const toStderr = (...args: unknown[]) =>
    process.stderr.write(
      `${scrubSecrets(args.map((a) => (typeof a === 'string' ? a : a instanceof Error ? (a.stack ?? a.message) : JSON.stringify(a))).join(' '))}\n`,
    );
  Object.assign(console, { log: toStderr, info: toStderr, warn: toStderr, error: toStderr });
  return () => Object.assign(console, saved);
}

async function takePictures(
  before: DocSet,
  after: DocSet,
  outDir: string,
  root: string,
): Promise<Picture[]> {
  const plans = planPictures(before, after);
  mkdirSync(outDir, { recursive: true });
  const pictures: Picture[] = [];
  if (plans.length) {
    ensureBuild(root);
    const tmp = mkdtempSync(join(tmpdir(), 'forecourt-diff-'));
    const { chromium } = await import('playwright-core');
    const servers: Array<{ url: string; close(): Promise<void> }> = [];
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
    try {
      const sides = { before, after };
      const urls: Record<string, string> = {};
      for (const side of ['before', 'after'] as const) {
        materialise(sides[side], join(tmp, side));
        const s = await startServer(join(tmp, side), root, join(tmp, `${side}-data`));
        servers.push(s);
        urls[side] = s.url;
      }
      for (const width of WIDTHS) {
        const context = await browser.newContext({
          viewport: { width, height: 900 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        const page = await context.newPage();
        for (const plan of plans) {
          for (const side of ['before', 'after'] as const) {
            const path = plan[side];
            if (path === undefined) continue;
            const file = join(plan.site, `${plan.page}--${side}--${width}.png`);
            mkdirSync(join(outDir, plan.site), { recursive: true });
            const res = await page.goto(`${urls[side]}/sites/${plan.site}${path}`, {
              waitUntil: 'networkidle',
              timeout: 30_000,
            });
            await page.screenshot({ path: join(outDir, file), fullPage: true });
            pictures.push({
              site: plan.site,
              page: plan.page,
              side,
              width,
              file,
              status: res?.status() ?? 0,
            });
          }
        }
        await context.close();
      }
    } finally {
      await browser.close();
      for (const s of servers) await s.close();
      rmSync(tmp, { recursive: true, force: true });
    }
  }
  writeFileSync(
    join(outDir, 'index.md'),
    scrubSecrets(pictureIndex(plans, pictures, before.label, after.label)),
  );
  return pictures;
}
