/**
 * Slots with the real mouse (docs/editor-guide.md, "Adding blocks from the palette": where a block may go; the rules in
 * engine/site/placement.ts): a content block dragged from the palette onto the preview lands
 * in the column under the pointer; a Hero dragged into a column in the outline is refused, in
 * red with the reason the staff member reads, and dropping it there adds nothing.
 *
 * On the demo site kiwi-car-yard's home page: the section "why-us" holds the columns
 * "why-us-columns", whose First column holds the rich text "why-us-text" and whose Second
 * column "why-us-service". What the preview's dealer blocks log is theirs (a11y.test.ts,
 * the blocks' own tests), not checked here.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { draftKey } from '../../editor/lib/autosave.ts';
import { listRule, refusalOf } from '../../engine/site/placement.ts';
import { dragFromPalette, pointOnBlock, previewFrame, useEditor } from './editor-kit.ts';

const SITE = 'kiwi-car-yard';
const editor = useEditor();
let page: Page;

beforeAll(async () => {
  ({ page } = editor.state);
  // Each drag waits for the editor's answer: slow on a busy machine.
  page.setDefaultTimeout(60_000);
  await page.goto(`${editor.state.base}/editor/?site=${SITE}&page=home`);
  await page.locator('[data-row="why-us-service"]').waitFor();
  await editor.previewSettled();
});

const frame = () => previewFrame(page);

/** The columns block's slots in the draft kept in the browser (its saved form before the first edit). */
async function columnSlots(): Promise<Record<string, string[]>> {
  const doc = await page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.doc,
    draftKey(SITE),
  );
  const section = doc?.pages
    ?.find((p: { id: string }) => p.id === 'home')
    ?.blocks.find((b: { id: string }) => b.id === 'why-us');
  const columns = section?.children?.find((b: { id: string }) => b.id === 'why-us-columns');
  return Object.fromEntries(
    Object.entries((columns?.slots ?? {}) as Record<string, { id: string }[]>).map(([k, v]) => [
      k,
      v.map((b) => b.id),
    ]),
  );
}

describe('slots, with the mouse', () => {
  it('drops a content block from the palette into a column of the preview', async () => {
    expect((await columnSlots()).aside ?? ['why-us-service']).toEqual(['why-us-service']);
    await dragFromPalette(page, 'call-to-action', await pointOnBlock(page, 'why-us-service', 0.8));
    const line = (await frame()).locator('.fc-editor-drop');
    try {
      await expect.poll(() => line.getAttribute('data-drop-list')).toBe('why-us-columns/aside');
      expect(await line.getAttribute('data-drop-index')).toBe('1');
      expect(await line.getAttribute('class')).not.toContain('is-refused');
    } finally {
      await page.mouse.up();
    }
    await expect
      .poll(async () => (await columnSlots()).aside)
      .toEqual(['why-us-service', expect.stringMatching(/^call-to-action/)]);
    const added = (await columnSlots()).aside[1];
    await page.locator(`[data-row="${added}"]`).waitFor();
    await (
      await frame()
    )
      .locator(`[data-editor-block="why-us-columns"] [data-editor-block="${added}"]`)
      .waitFor({ state: 'attached' });
  });

  it('refuses a Hero in a column of the outline, saying why, and drops nothing', async () => {
    const before = await columnSlots();
    const rule = listRule('columns', 'aside')!;
    const reason = refusalOf(rule, 'hero')!;
    expect(reason).toMatch(/full width/);
    // Just above the Second column's first block, under the column's head: only that column is there.
    const row = page.locator('[data-row="why-us-service"]');
    await row.scrollIntoViewIfNeeded();
    const box = (await row.boundingBox())!;
    await dragFromPalette(page, 'hero', { x: box.x + box.width / 2, y: box.y + 3 });
    const overlay = page.locator('.fc-drag-overlay');
    try {
      await expect.poll(() => overlay.textContent()).toContain(reason);
      expect(await overlay.getAttribute('class')).toContain('is-refused');
      expect(await page.locator('.fc-insert-marker').getAttribute('class')).toContain('is-refused');
    } finally {
      await page.mouse.up();
    }
    await overlay.waitFor({ state: 'detached' });
    expect(await columnSlots()).toEqual(before);
    expect(await page.locator('.fc-tree [data-row^="hero"]').count()).toBe(0);
  });
});
