/**
 * Editor responsiveness on a 300-block page: frame times in headless Chromium while
 *   1. a block is dragged by mouse down and up the whole outline (300 rows), and
 *   2. a prop is edited by typing into its form field (each keystroke: store update,
 *      outline row, server check and preview re-render), and
 *   3. blocks are selected: 20 rows Ctrl+clicked one by one, a Shift+click range over the
 *      whole page (300 rows), Escape, Ctrl+A and Escape (outline rows, Inspector summary
 *      and preview highlights follow each), and
 *   4. the outline is walked by keyboard: ↓ held over 40 rows (each selects its row and
 *      moves focus, so the entry row of the roving tabindex moves too), Tab out and back.
 *
 *   npx tsx scripts/bench/editor.ts           (env: FORECOURT_DIST=<built app> to skip the build)
 *
 * Frame time = the gap between consecutive requestAnimationFrame callbacks in the editor
 * window: 16.7 ms is a smooth 60 fps; anything above ~50 ms is a visible hitch. Printed
 * as median / p95 / max, with the count of long tasks (> 50 ms) the browser reported.
 * Runs against the production build, served with the editor API on a temporary copy of
 * sites/ plus a generated 300-block site, so nothing in sites/ changes.
 */
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Block } from '../../schemas/types.gen.ts';
import { editorDist } from './editor-speed/serve.ts';
import { BENCH_DEALER } from './editor-speed/pages.ts';
import { revealRow } from './editor-speed/probes.ts';

const root = join(import.meta.dirname, '../..');
const SLUG = 'bench-three-hundred';

/** 300 blocks: 60 sections, each holding a hero and three rich-text blocks. */
export function benchSite(total = 300): Record<string, unknown> {
  const blocks: Block[] = [];
  let n = 0;
  for (let s = 1; n < total; s++) {
    const section: Block = {
      type: 'section',
      id: `section-${s}`,
      props: { heading: `Section ${s}` },
      children: [],
    };
    n++;
    for (let c = 0; c < 4 && n < total; c++, n++) {
      section.children!.push(
        c === 0
          ? {
              type: 'hero',
              id: `hero-${s}`,
              props: {
                heading: `Offer ${s}`,
                text: 'Drive away pricing on selected stock.',
                tone: 'light',
              },
            }
          : {
              type: 'rich-text',
              id: `text-${s}-${c}`,
              props: {
                html: `<p>Paragraph ${c} of section ${s}: servicing, finance and trade-ins.</p>`,
              },
            },
      );
    }
    blocks.push(section);
  }
  return {
    $schema: '../schemas/site.schema.json',
    schemaVersion: 2,
    slug: SLUG,
    name: 'Bench Motors',
    region: 'AU',
    ...BENCH_DEALER,
    layout: {
      header: [{ type: 'header', id: 'site-header' }],
      footer: [{ type: 'footer', id: 'site-footer' }],
    },
    pages: [{ id: 'home', path: '/', title: '{site}', blocks }],
  };
}

export interface FrameStats {
  frames: number;
  median: number;
  p95: number;
  max: number;
  longTasks: number;
}

export function frameStats(gaps: number[], longTasks: number): FrameStats {
  const sorted = [...gaps].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0;
  return {
    frames: gaps.length,
    median: at(0.5),
    p95: at(0.95),
    max: sorted[sorted.length - 1] ?? 0,
    longTasks,
  };
}

function line(label: string, s: FrameStats) {
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  return `  ${label.padEnd(34)} median ${f(s.median).padStart(8)}   p95 ${f(s.p95).padStart(8)}   max ${f(s.max).padStart(8)}   (${s.frames} frames, ${s.longTasks} long tasks)`;
}

export async function run(): Promise<string> {
  // FORECOURT_DIST: an existing build to measure. Otherwise build now (once per run, shared
  // with editor-speed.ts), so the figures are always for the current code.
  const dist = editorDist();
  const sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-bench-editor-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  writeFileSync(join(sitesDir, `${SLUG}.json`), `${JSON.stringify(benchSite(), null, 2)}\n`);

  const { default: express } = await import('express');
  const { createApp } = await import(pathToFileURL(join(root, 'engine/server/app.ts')).href);
  const { demo } = await import(pathToFileURL(join(root, 'demo/defaults.ts')).href);
  const { createEditorRouter } = await import(
    pathToFileURL(join(root, 'engine/server/editor-api.ts')).href
  );
  const { launch } = await import(pathToFileURL(join(root, 'tests/browser/chromium.ts')).href);
  const { app, sites } = await createApp({
    mode: 'production',
    root,
    sitesDir,
    distDir: dist,
    providers: demo,
  });
  const outer = express();
  outer.use('/api/editor', createEditorRouter({ sites, sitesDir }));
  outer.use(app);
  const server: Server = await new Promise((resolve) => {
    const s = outer.listen(0, '127.0.0.1', () => resolve(s));
  });
  const address = server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const browser = await launch();
  try {
    // bypassCSP: the measuring scripts are strings (see below), which the production CSP refuses.
    const context = await browser.newContext({
      viewport: { width: 1500, height: 950 },
      bypassCSP: true,
    });
    // The editor asks who is editing before anything else (docs/editor-design.md, "Who can
    // use it (access)").
    const { STAFF_KEY } = await import('../../editor/lib/auth.ts');
    await context.addInitScript(
      ([key, name]: string[]) => localStorage.setItem(key, name),
      [STAFF_KEY, 'Bench'],
    );
    const page = await context.newPage();
    await page.goto(`${base}/editor/?site=${SLUG}&page=home`);
    // The last row is always rendered (long outlines render the rows near the view, BlocksPanel/row-window.ts).
    await page.locator('[data-row="text-60-3"]').waitFor({ state: 'attached', timeout: 60_000 });
    const settled = `!/Updating|Starting/.test(document.querySelector('[data-preview-revision]')?.textContent ?? 'Updating')`;
    await page.waitForFunction(settled, undefined, { timeout: 60_000 });
    const rows = Number(await page.locator('.fc-tree').getAttribute('aria-rowcount'));

    // Frame recorder in the editor window (a string: tsx would wrap named functions in helpers
    // that do not exist in the page).
    await page.evaluate(`(() => {
      window.__frames = { on: false, last: 0, gaps: [], long: 0 };
      const tick = (t) => {
        const f = window.__frames;
        if (f.on) {
          if (f.last) f.gaps.push(t - f.last);
          f.last = t;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      try {
        new PerformanceObserver((list) => {
          if (window.__frames.on) window.__frames.long += list.getEntries().length;
        }).observe({ type: 'longtask', buffered: false });
      } catch (e) {}
    })()`);
    const start = () =>
      page.evaluate(`Object.assign(window.__frames, { on: true, last: 0, gaps: [], long: 0 })`);
    const stop = async (): Promise<FrameStats> => {
      const f = (await page.evaluate(
        `(() => { window.__frames.on = false; return { gaps: window.__frames.gaps, long: window.__frames.long }; })()`,
      )) as { gaps: number[]; long: number };
      return frameStats(f.gaps, f.long);
    };

    // 1. Drag hero-1 down over the whole outline and back up (the outline scrolls as it goes).
    const handle = page.locator('[data-row="hero-1"] .fc-handle');
    const box = (await handle.boundingBox())!;
    const wrap = (await page.locator('.fc-tree-wrap').boundingBox())!;
    await start();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 + 12, { steps: 3 });
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(box.x + box.width / 2, wrap.y + wrap.height - 4, { steps: 60 });
      await page.waitForTimeout(600); // auto-scroll near the bottom edge
      await page.mouse.move(box.x + box.width / 2, wrap.y + 40, { steps: 60 });
    }
    await page.keyboard.press('Escape');
    await page.mouse.up();
    const drag = await stop();

    // 2. Edit a prop by typing, with the block selected in a 300-block page.
    await page.evaluate(revealRow('hero-30'));
    await page.locator('[data-row="hero-30"] .fc-row-main').scrollIntoViewIfNeeded();
    await page.locator('[data-row="hero-30"] .fc-row-main').click();
    const field = page.locator('#root_heading');
    await field.click();
    await field.press('End');
    await start();
    await page.keyboard.type(' with free servicing for three years', { delay: 35 });
    await page.waitForFunction(settled, undefined, { timeout: 30_000 });
    const edit = await stop();
    const seen = await page
      .frameLocator('iframe[title^="Preview"]')
      .getByText('Offer 30 with free servicing for three years')
      .count();

    // 3. Multi-select: Ctrl+click 20 rows, click the first, Shift+click the last, Escape, Ctrl+A, Escape.
    // Counted by the Inspector's summary: not every selected row is rendered.
    const selectedIs = (n: number) =>
      `document.querySelector('[data-selection-count]')?.getAttribute('data-selection-count') === '${n}'`;
    const selectedCount = async () =>
      Number(await page.locator('[data-selection-count]').getAttribute('data-selection-count'));
    const main = (id: string) => page.locator(`[data-row="${id}"] .fc-row-main`);
    const first20 = [1, 2, 3, 4].flatMap((n) => [
      `section-${n}`,
      `hero-${n}`,
      `text-${n}-1`,
      `text-${n}-2`,
      `text-${n}-3`,
    ]);
    await main('section-1').scrollIntoViewIfNeeded();
    await main('section-1').click();
    await start();
    for (const id of first20.slice(1)) await main(id).click({ modifiers: ['Control'] });
    await page.evaluate(revealRow('section-1'));
    await main('section-1').click(); // the anchor of the range
    await main('text-60-3').scrollIntoViewIfNeeded();
    await main('text-60-3').click({ modifiers: ['Shift'] });
    await page.waitForFunction(selectedIs(300));
    const ranged = await selectedCount();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+a');
    await page.waitForFunction(selectedIs(60));
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
    const select = await stop();

    // 4. Keyboard: ↓ over 40 rows (about a key repeat's pace), then Tab out and Shift+Tab back in.
    await page.evaluate(revealRow('section-10'));
    await main('section-10').scrollIntoViewIfNeeded();
    await main('section-10').click();
    await start();
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForTimeout(30);
    }
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await page.waitForTimeout(300);
    const keys = await stop();
    const landed = await page.evaluate(
      `document.activeElement?.closest('[data-row]')?.getAttribute('data-row') ?? ''`,
    );
    const tabbable = await page.evaluate(
      `new Set([...document.querySelectorAll('.fc-tree button:not([tabindex="-1"])')].map((b) => b.closest('[data-row]').getAttribute('data-row'))).size`,
    );

    return [
      `Editor frame times, ${rows} outline rows (300-block page), headless Chromium, production build:`,
      line('drag over the outline (mouse)', drag),
      line('prop edit (typing 36 characters)', edit),
      `  preview showed the edit: ${seen ? 'yes' : 'NO'}`,
      line('select (20 clicks, range, Ctrl+A)', select),
      `  Shift+click range selected ${ranged} rows`,
      line('keyboard (↓ over 40 rows, Tab)', keys),
      `  focus after ↓×40, Tab, Shift+Tab: ${landed || 'outside the outline'}; rows in the Tab order: ${tabbable}`,
    ].join('\n');
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
    rmSync(sitesDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.NODE_ENV ??= 'production';
  console.log(await run());
  process.exit(0);
}
