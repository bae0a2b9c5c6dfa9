/**
 * Shared setup of the editor's browser tests (editor.test.ts, editor-selection.test.ts, …),
 * and where a point of a preview block is for a real mouse.
 * The editor saves documents, so each file runs its own server on a COPY of sites/ (the
 * production build from the browser project's global setup, plus the editor API router),
 * and a Chromium page whose staff have said who is editing (the "Who is editing?" prompt
 * is editor-publish.test.ts's).
 */
import { afterAll, beforeAll, inject } from 'vitest';
import express from 'express';
import type { Server } from 'node:http';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Frame, FrameLocator, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { STAFF_KEY } from '../../editor/lib/auth.ts';
import { SANITIZED_FILE } from '../../engine/sanitize/sanitized-file.ts';
import { resend } from './resend.ts';

export const root = join(import.meta.dirname, '../..');
export const SLUG = 'test-motors';

/** Starts the server and the browser before the file's tests (and stops them after); the returned helpers act on its page. */
export function useEditor() {
  let browser: Browser;
  let server: Server;
  const state = {} as {
    page: Page;
    errors: string[];
    base: string;
    sitesDir: string;
    dataDir: string;
  };

  beforeAll(async () => {
    state.sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-editor-sites-'));
    // A database of its own: the project's .data/ is the developer's `npm start`'s.
    state.dataDir = mkdtempSync(join(tmpdir(), 'forecourt-editor-data-'));
    cpSync(join(root, 'sites'), state.sitesDir, { recursive: true });
    // The validators compiled once for the run (browser-global.ts) and the rich text the build
    // sanitised ahead (a file that names its sanitiser, ignored under another one): each file's
    // server compiled every schema again, and waited for jsdom to start in the sanitiser worker
    // for the demo sites' text, about 3 s of CPU.
    const validators = inject('sourceValidators');
    if (validators) process.env.FORECOURT_VALIDATORS_FILE ??= validators;
    process.env.FORECOURT_SANITIZED_FILE ??= join(inject('distDir'), 'node', SANITIZED_FILE);
    const { createApp } = await import('../../engine/server/app.ts');
    const { createEditorRouter } = await import('../../engine/server/editor-api.ts');
    const { demo } = await import('../../demo/defaults.ts');
    const { app, sites } = await createApp({
      mode: 'production',
      root,
      sitesDir: state.sitesDir,
      dataDir: state.dataDir,
      distDir: inject('distDir'),
      providers: demo,
    });
    const outer = express();
    outer.use('/api/editor', createEditorRouter({ sites, sitesDir: state.sitesDir }));
    outer.use(app);
    server = await new Promise<Server>((resolve) => {
      const s = outer.listen(0, '127.0.0.1', () => resolve(s));
    });
    const address = server.address();
    state.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    browser = await launch();
    const context = await browser.newContext({ viewport: { width: 1500, height: 950 } });
    await context.addInitScript(
      ([key, name]) => localStorage.setItem(key, name),
      [STAFF_KEY, 'Editor Test'],
    );
    state.page = await context.newPage();
    state.page.setDefaultTimeout(15_000);
    state.errors = watchErrors(state.page);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((r) => server?.close(r));
    for (const dir of [state.sitesDir, state.dataDir])
      if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  const page = () => state.page;
  const file = () => join(state.sitesDir, `${SLUG}.json`);
  return {
    state,
    file,
    readDoc: () => JSON.parse(readFileSync(file(), 'utf8')),
    /** The latest saved version: the site's draft branch when it has one (saves are drafts), else the published file. */
    savedText: () => {
      try {
        return execFileSync('git', ['show', `forecourt/draft/${SLUG}:${SLUG}.json`], {
          cwd: state.sitesDir,
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
      } catch {
        return readFileSync(file(), 'utf8');
      }
    },
    preview: (): FrameLocator => page().frameLocator('iframe[title^="Preview"]'),
    /** Ids of the outline rows at one depth, top to bottom. */
    rowsAt: (depth: number): Promise<string[]> =>
      page()
        .locator(`.fc-tree > li[data-depth="${depth}"]:not(.fc-row-head)`)
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row')!)),
    /** The preview has rendered the latest checked draft. */
    previewSettled: async () => {
      await page().waitForFunction(() => {
        const s = document.querySelector('[data-preview-revision]');
        return s && !/Updating|Starting/.test(s.textContent ?? '');
      });
    },
    neutralFocus: async () => {
      await page().locator('.fc-topbar h1').click();
    },
    /** Where focus is: "row class" inside the outline, "outside" elsewhere. */
    focused: () =>
      page().evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const row = el?.closest('.fc-tree [data-row]');
        return row ? `${row.getAttribute('data-row')} ${el!.className}` : 'outside';
      }),
    /** The selected rows of the outline, top to bottom. */
    selectedRowIds: () =>
      page()
        .locator('.fc-tree > li[aria-selected="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row'))),
  };
}

/**
 * The site as editor.test.ts leaves it: created from the Ford template, a hero added after
 * the home hero (heading "Drive away today"), a rich-text block first in "why-us", the
 * instant-offer text hidden, and a "Service offers" page holding a copy of the hero.
 */
function siteAsEdited(sitesDir: string) {
  const template = JSON.parse(readFileSync(join(sitesDir, 'templates', 'ford.json'), 'utf8'));
  const home = structuredClone(template.pages.find((p: { id: string }) => p.id === 'home'));
  const hero = (id: string) => ({ type: 'hero', id, props: { heading: 'Drive away today' } });
  home.blocks.splice(1, 0, hero('hero'));
  home.blocks
    .find((b: { id: string }) => b.id === 'why-us')
    .children.unshift({ type: 'rich-text', id: 'rich-text', props: { html: '<p>New text</p>' } });
  return {
    created: {
      slug: SLUG,
      name: 'Test Motors',
      template: 'ford',
      region: 'AU',
      dealerships: [
        { id: 91, slug: 'test-motors-ford', name: 'Test Motors Ford', manufacturers: ['Ford'] },
      ],
    },
    edits: {
      features: { hideInstantOfferText: true },
      pages: [
        home,
        {
          id: 'service-specials',
          path: '/service-specials',
          title: 'Service offers',
          blocks: [hero('hero-2')],
        },
      ],
    },
  };
}

/** Creates the site editor.test.ts builds through the editor API, saves its edits as a draft, and opens it in the editor. */
export async function openEditedSite({
  page,
  base,
  sitesDir,
}: {
  page: Page;
  base: string;
  sitesDir: string;
}) {
  const { created, edits } = siteAsEdited(sitesDir);
  const made = await page.request.post(`${base}/api/editor/sites`, { ...resend, data: created });
  if (made.status() !== 201)
    throw new Error(`creating the site answered ${made.status()}: ${await made.text()}`);
  const { document, version } = await made.json();
  const saved = await page.request.put(`${base}/api/editor/sites/${SLUG}`, {
    ...resend,
    data: { document: { ...document, ...edits }, baseVersion: version },
  });
  if (!saved.ok())
    throw new Error(`saving the edits answered ${saved.status()}: ${await saved.text()}`);
  await page.goto(`${base}/editor/?site=${SLUG}&page=home`);
  await page.locator('[data-row="home-hero"]').waitFor();
}

/** The editor's live preview, as a frame. */
export const previewFrame = async (page: Page): Promise<Frame> =>
  (await page
    .locator('iframe[title^="Preview"]')
    .elementHandle())!.contentFrame() as Promise<Frame>;

/** Where (in the editor's window) a point of a block in the preview is: `fy` from its top, as a share of its height. */
export async function pointOnBlock(page: Page, id: string, fy: number) {
  const f = await previewFrame(page);
  const box = await f.evaluate((blockId) => {
    const el = document.querySelector(`[data-editor-block="${CSS.escape(blockId)}"]`)!;
    el.querySelector('*')?.scrollIntoView({ block: 'center' });
    // The block's marker wraps its content without a box of its own: measure what it holds.
    const range = document.createRange();
    range.selectNodeContents(el);
    const r = range.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  }, id);
  const iframe = (await page.locator('iframe[title^="Preview"]').boundingBox())!;
  const scale = iframe.width / (await f.evaluate(() => innerWidth));
  return {
    x: iframe.x + (box.left + box.width / 2) * scale,
    y: iframe.y + (box.top + box.height * fy) * scale,
  };
}

/** Picks a palette block up with the mouse and moves it to a point (the button still held). */
export async function dragFromPalette(page: Page, type: string, to: { x: number; y: number }) {
  const item = page.locator(`[data-palette="${type}"]`);
  await item.scrollIntoViewIfNeeded();
  const from = (await item.boundingBox())!;
  await page.mouse.move(from.x + 10, from.y + 10);
  await page.mouse.down();
  await page.mouse.move(from.x + 20, from.y + 30, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 15 });
  await page.mouse.move(to.x, to.y + 1);
}
