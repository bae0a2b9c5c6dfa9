/**
 * The canvas and the workspace in headless Chromium (docs/editor-design.md, "The canvas" and
 * "The workspace"): the preview laid out at a device's true width and zoomed to fit (or 100 %),
 * side columns resized by keyboard and mouse and remembered, palette blocks dropped on the
 * preview at a chosen place (on the page, inside a section), a heading edited in place, and
 * rich text made bold and linked in place, stored as the sanitiser's HTML.
 *
 * Starts from the site editor.test.ts builds (editor-kit.ts: home is home-hero, hero
 * "Drive away today", home-features, why-us; why-us begins with a rich-text block holding
 * "<p>New text</p>"), on this file's own server and copy of sites/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { draftKey } from '../../editor/lib/autosave.ts';
import { PANELS } from '../../editor/components/Canvas/panel-widths.ts';
import { previewScale, scaleLabel } from '../../editor/components/Canvas/scale.ts';
import {
  dragFromPalette,
  openEditedSite,
  pointOnBlock,
  previewFrame,
  SLUG,
  useEditor,
} from './editor-kit.ts';

const editor = useEditor();
const { preview, previewSettled, rowsAt } = editor;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await openEditedSite(editor.state);
});

const frame = () => previewFrame(page);
const storedDraft = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.doc, draftKey(SLUG));
/** The home page's blocks in the draft kept in the browser (none until the draft is first stored). */
const homeBlocks = async () =>
  ((await storedDraft())?.pages?.find((p: { id: string }) => p.id === 'home')?.blocks ??
    []) as Array<{
    id: string;
    props?: Record<string, unknown>;
    children?: Array<{ id: string; props?: Record<string, unknown> }>;
  }>;
/** The text whose in-place button has focus in the preview. */
const focusedSpot = async () =>
  (await frame()).evaluate(() => document.activeElement?.getAttribute('data-inline-prop'));
const scaleShown = () => page.locator('.fc-preview-scale').textContent();

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
/** axe on one element of the editor: no serious or critical violations. */
async function axe(selector: string) {
  // Evaluated by the browser's devtools protocol: the editor's CSP refuses inline script tags.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    async (sel) =>
      (window as any).axe.run(document.querySelector(sel), { resultTypes: ['violations'] }),
    selector,
  )) as {
    violations: Array<{
      id: string;
      impact: string;
      help: string;
      nodes: Array<{ target: string[] }>;
    }>;
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Drags a palette block to a point by mouse, waits for the canvas's drop line there, and drops it. */
async function dropFromPalette(
  type: string,
  to: { x: number; y: number },
  expected: { list: string; index: number },
) {
  await dragFromPalette(page, type, to);
  const line = preview().locator('.fc-editor-drop');
  await expect.poll(() => line.getAttribute('data-drop-list')).toBe(expected.list);
  expect(await line.getAttribute('data-drop-index')).toBe(String(expected.index));
  expect(await line.getAttribute('class')).not.toContain('is-refused');
  // The outline shows the same place.
  await page.locator('.fc-insert-marker').waitFor();
  await page.mouse.up();
  await expect.poll(() => line.count()).toBe(0);
}

/** Selects `word` inside an editable of the preview as a mouse drag would. */
async function selectInPreview(selector: string, word: string) {
  const f = await frame();
  await f.evaluate(
    ([sel, w]) => {
      const el = document.querySelector<HTMLElement>(sel)!;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf(w);
        if (at < 0) continue;
        el.focus();
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + w.length);
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
        return;
      }
      throw new Error(`"${w}" is not in ${sel}`);
    },
    [selector, word],
  );
  await f.waitForFunction((w) => getSelection()?.toString() === w, word);
}

describe('the workspace', () => {
  it('lays the page out at a desktop’s true width, zoomed to fit, and at 100 % with scrolling', async () => {
    const f = await frame();
    await page.locator('[data-device="laptop"]').click();
    expect(await f.evaluate(() => innerWidth)).toBe(1280);
    const stage = page.locator('.fc-preview-stage');
    const stageWidth = await stage.evaluate((el) => el.clientWidth);
    const fit = previewScale(1280, stageWidth, 'fit');
    expect(fit).toBeLessThan(1);
    await expect.poll(scaleShown).toBe(scaleLabel(fit));
    const shown = (await page.locator('iframe[title^="Preview"]').boundingBox())!;
    expect(Math.abs(shown.width - 1280 * fit)).toBeLessThan(2);

    await page.getByRole('button', { name: '100 %' }).click();
    await expect.poll(scaleShown).toBe('100 %');
    expect((await page.locator('iframe[title^="Preview"]').boundingBox())!.width).toBeCloseTo(
      1280,
      0,
    );
    expect(await stage.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    // A phone fits as it is.
    await page.locator('[data-device="phone"]').click();
    await expect.poll(() => f.evaluate(() => innerWidth)).toBe(390);
    await page.getByRole('button', { name: 'Fit' }).click();
    await expect.poll(scaleShown).toBe('100 %');
    await page.locator('[data-device="laptop"]').click();
    await expect.poll(scaleShown).toBe(scaleLabel(fit));
    expect(await axe('.fc-preview-bar')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('resizes the side columns by keyboard and mouse, remembers them, and zooms the preview to the room left', async () => {
    const left = page.getByRole('separator', { name: 'Width of pages and blocks' });
    const leftWidth = () =>
      page.locator('.fc-left').evaluate((el) => Math.round(el.getBoundingClientRect().width));
    expect(await leftWidth()).toBe(PANELS.left.initial);
    await left.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowRight');
    const wider = PANELS.left.initial + 16 + 64;
    expect(await left.getAttribute('aria-valuenow')).toBe(String(wider));
    expect(await leftWidth()).toBe(wider);

    const before = await scaleShown();
    const right = page.getByRole('separator', { name: 'Width of the inspector' });
    const handle = (await right.boundingBox())!;
    await page.mouse.move(handle.x + 3, handle.y + 200);
    await page.mouse.down();
    await page.mouse.move(handle.x - 97, handle.y + 200, { steps: 6 });
    await page.mouse.up();
    const inspectorWidth = () =>
      page.locator('.fc-inspector').evaluate((el) => Math.round(el.getBoundingClientRect().width));
    expect(await inspectorWidth()).toBe(PANELS.right.initial + 100);
    expect(await right.getAttribute('aria-valuenow')).toBe(String(PANELS.right.initial + 100));
    // Less room for the preview: it is scaled down further.
    await expect
      .poll(async () => parseInt((await scaleShown())!, 10))
      .toBeLessThan(parseInt(before!, 10));

    await page.reload();
    await page.locator('[data-row="home-hero"]').waitFor();
    expect(await leftWidth()).toBe(wider);
    expect(await inspectorWidth()).toBe(PANELS.right.initial + 100);
    expect(await axe('.fc-splitter.is-left')).toEqual([]);
    // Back as it was, for the canvas tests.
    await page.evaluate(() => localStorage.removeItem('forecourt:editor:panels'));
    await page.reload();
    await page.locator('[data-row="home-hero"]').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the canvas', () => {
  it('drops a palette block on the preview where the line shows: on the page, and inside a section', async () => {
    await previewSettled();
    // The upper half of the hero: just before it on the page.
    await dropFromPalette('call-to-action', await pointOnBlock(page, 'hero', 0.25), {
      list: 'page:home',
      index: 1,
    });
    await expect
      .poll(() => rowsAt(0))
      .toEqual(['home-hero', 'call-to-action', 'hero', 'home-features', 'why-us']);
    await preview().locator('[data-editor-block="call-to-action"]').waitFor({ state: 'attached' });
    await expect
      .poll(() => page.locator('.fc-block-inspector').getAttribute('data-block'))
      .toBe('call-to-action');

    // The lower half of the section's first block: second in the section.
    await previewSettled();
    await dropFromPalette('rich-text', await pointOnBlock(page, 'rich-text', 0.75), {
      list: 'why-us',
      index: 1,
    });
    await expect.poll(() => rowsAt(1)).toEqual(['rich-text', 'rich-text-2', 'why-us-columns']);
    await preview()
      .locator('[data-editor-block="why-us"] [data-editor-block="rich-text-2"]')
      .waitFor({ state: 'attached' });

    // One undo step each.
    await page.locator('.fc-topbar h1').click();
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(1)).toEqual(['rich-text', 'why-us-columns']);
    expect(errors).toEqual([]);
  });

  it('edits a heading in place: the form shows it, Enter keeps it, Escape puts it back, focus returns', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    const spot = preview().getByRole('button', { name: 'Edit Heading of Hero hero here' });
    await spot.click();
    const inPlace = preview().getByRole('textbox', { name: 'Heading of Hero hero' });
    await inPlace.waitFor();
    // The text starts selected: typing replaces it.
    await page.keyboard.type('Service today');
    await expect.poll(() => page.locator('#root_heading').inputValue()).toBe('Service today');
    await page.keyboard.press('Enter');
    await expect.poll(() => inPlace.count()).toBe(0);
    await expect.poll(focusedSpot).toBe('heading');
    await previewSettled();
    await preview().getByRole('heading', { name: 'Service today' }).waitFor();

    await page.keyboard.press('Enter');
    await inPlace.waitFor();
    await page.keyboard.type('Oops');
    await expect.poll(() => page.locator('#root_heading').inputValue()).toBe('Oops');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#root_heading').inputValue()).toBe('Service today');
    await expect.poll(focusedSpot).toBe('heading');
    // The draft is stored a moment after the edit (docs/editor-design.md, "Autosave and
    // clipboard").
    await expect
      .poll(async () => (await homeBlocks()).find((b) => b.id === 'hero')?.props?.heading)
      .toBe('Service today');
    expect(errors).toEqual([]);
  });

  it('makes rich text bold and links it in place; the document holds the sanitised HTML', async () => {
    await page.locator('[data-row="rich-text"] .fc-row-main').click();
    await preview().getByRole('button', { name: 'Edit Text of Rich text rich-text here' }).click();
    const editable = '.fc-inline-rich .fc-rt-editable';
    await preview().locator(editable).waitFor();
    await selectInPreview(editable, 'text');
    const bold = preview().getByRole('button', { name: 'Bold', exact: true });
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');

    await selectInPreview(editable, 'New');
    await preview().getByRole('button', { name: 'Link', exact: true }).click();
    const address = preview().getByRole('textbox', { name: 'Link address' });
    // An unsafe address is refused with the reason.
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await preview().getByRole('alert').filter({ hasText: 'cannot be a link here' }).waitFor();
    await address.fill('/finance');
    await address.press('Enter');
    await expect.poll(() => address.count()).toBe(0);

    const stored = '<p><a href="/finance">New</a> <strong>text</strong></p>';
    const richText = async () =>
      (await homeBlocks())
        .find((b) => b.id === 'why-us')
        ?.children?.find((b) => b.id === 'rich-text')?.props?.html;
    await expect.poll(richText).toBe(stored);
    // The form's field shows the same text.
    await expect.poll(() => page.locator('#root_html').innerHTML()).toBe(stored);

    await preview().locator(editable).press('Escape');
    await expect.poll(() => preview().locator(editable).count()).toBe(0);
    await expect.poll(focusedSpot).toBe('html');
    await previewSettled();
    const link = preview().locator('[data-editor-block="rich-text"] .fc-rich-text__body a', {
      hasText: 'New',
    });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/finance$/);
    await preview()
      .locator('[data-editor-block="rich-text"] .fc-rich-text__body strong', { hasText: 'text' })
      .waitFor();
    await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
    expect(errors).toEqual([]);
  });
});
