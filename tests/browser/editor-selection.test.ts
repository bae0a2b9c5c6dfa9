/**
 * Selecting in the editor's outline, in headless Chromium: several blocks are selected
 * (Ctrl+click, Shift+click, Ctrl+click in the preview), removed in one undo step, copied
 * to another page and dragged together; Tab enters the outline at the selected row only
 * (roving focus) and the arrow keys move focus between rows; after Delete focus is on the
 * next block's row, and after Ctrl+Z on the restored block's.
 *
 * Starts from the site editor.test.ts builds (editor-kit.ts: siteAsEdited), saved as a
 * draft, on this file's own server and copy of sites/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { openEditedSite, root, SLUG, useEditor } from './editor-kit.ts';
import { queuedTasks } from './waits.ts';

const editor = useEditor();
const { preview, rowsAt, previewSettled, neutralFocus, focused, selectedRowIds } = editor;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await openEditedSite(editor.state);
});

describe('selecting in the editor', () => {
  it('selects several blocks: Ctrl+click, Shift+click, highlighted in the preview, removed in one step, copied to another page and dragged together', async () => {
    const selectedRows = () =>
      page
        .locator('.fc-tree > li[aria-selected="true"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-row')));
    const highlighted = () =>
      preview()
        .locator('.fc-editor-outline.is-selected')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-outline-block')).sort());
    const announcer = page.locator('[data-announcer]');
    const main = (id: string) => page.locator(`[data-row="${id}"] .fc-row-main`);
    await page.locator('[data-page="home"]').click();
    await page.locator('[data-row="home-hero"]').waitFor();
    await previewSettled();
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);

    // Ctrl+click two blocks: both selected, announced, summed up in the Inspector, highlighted in the preview.
    await main('home-hero').click();
    await main('why-us').click({ modifiers: ['Control'] });
    await expect.poll(selectedRows).toEqual(['home-hero', 'why-us']);
    await expect.poll(() => announcer.textContent()).toBe('2 blocks selected.');
    await page.getByRole('tab', { name: 'Block' }).click();
    await page
      .locator('.fc-multi-inspector', {
        hasText: '2 blocks selected: Hero home-hero, Section why-us',
      })
      .waitFor();
    await expect.poll(highlighted).toEqual(['home-hero', 'why-us']);
    // Ctrl+click in the preview toggles too.
    await preview()
      .getByRole('heading', { name: 'Why buy from us?' })
      .click({ modifiers: ['Control'] });
    await expect.poll(selectedRows).toEqual(['home-hero']);
    await expect.poll(highlighted).toEqual(['home-hero']);

    // Shift+click: the range of visible rows from the anchor.
    await main('home-features').click({ modifiers: ['Shift'] });
    await expect.poll(selectedRows).toEqual(['home-hero', 'hero', 'home-features']);
    await expect.poll(highlighted).toEqual(['hero', 'home-features', 'home-hero']);

    // Delete removes all three as one step; Ctrl+Z brings them (and the selection) back.
    await page.keyboard.press('Delete');
    await expect.poll(() => rowsAt(0)).toEqual(['why-us']);
    await expect.poll(() => announcer.textContent()).toContain('Removed 3 blocks');
    expect(await page.locator('.fc-status').textContent()).toContain('Remove 3 blocks');
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await expect.poll(selectedRows).toEqual(['home-hero', 'hero', 'home-features']);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => rowsAt(0)).toEqual(['why-us']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);

    // Copy two blocks, paste both on another page (in order, fresh ids, one step).
    await main('hero').click();
    await main('why-us').click({ modifiers: ['Control'] });
    await page.keyboard.press('Control+c');
    await expect.poll(() => announcer.textContent()).toContain('Copied 2 blocks');
    await page.locator('[data-page="service-specials"]').click();
    await page.locator('[data-row="hero-2"]').waitFor();
    await page.keyboard.press('Control+v');
    await expect.poll(() => rowsAt(0)).toEqual(['hero-2', 'hero-3', 'why-us-2']);
    expect(await rowsAt(1)).toContain('why-us-columns-2');
    await expect.poll(selectedRows).toEqual(['hero-3', 'why-us-2']);
    await expect.poll(highlighted).toEqual(['hero-3', 'why-us-2']);
    await preview().getByRole('heading', { name: 'Why buy from us?' }).waitFor();

    // Dragging one of the selected rows moves both, as one step.
    const handle = page.locator('[data-row="hero-3"] .fc-handle');
    const from = (await handle.boundingBox())!;
    const to = (await page.locator('[data-row="hero-2"]').boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.locator('.fc-drag-overlay', { hasText: '2 blocks' }).waitFor();
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    // The outline has worked out the drop place under the pointer (and says it).
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').textContent())
      .toContain('The 2 selected blocks will go to positions 1 to 2');
    await page.mouse.up();
    await expect.poll(() => rowsAt(0)).toEqual(['hero-3', 'why-us-2', 'hero-2']);
    expect(await page.locator('.fc-status').textContent()).toContain('Move 2 blocks');
    await expect.poll(selectedRows).toEqual(['hero-3', 'why-us-2']);
    // And by keyboard, with announcements naming the group.
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.locator('[data-row="hero-3"] .fc-handle').focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => live.textContent())
      .toContain('Picked up the 2 selected blocks: Hero hero-3, Section why-us-2');
    // dnd-kit starts listening for the arrow keys in a task queued at pick-up: a key pressed
    // before that task ran would be lost (as in editor.test.ts's single-block keyboard test).
    await page.locator('.fc-drag-overlay', { hasText: '2 blocks' }).waitFor();
    await queuedTasks(page);
    await page.keyboard.press('ArrowDown');
    await expect
      .poll(() => live.textContent(), { timeout: 5_000 })
      .toContain('The 2 selected blocks will go to positions 2 to 3 of 3');
    await page.keyboard.press('Space');
    await expect.poll(() => rowsAt(0)).toEqual(['hero-2', 'hero-3', 'why-us-2']);
    await expect
      .poll(() => live.textContent())
      .toContain('Dropped the 2 selected blocks. They are now at positions 2 to 3');

    await neutralFocus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['hero-3', 'why-us-2', 'hero-2']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['hero-2', 'hero-3', 'why-us-2']);
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['hero-2']);
  });

  it('keyboard focus: Tab enters the outline at the selected row and leaves it after that row; ↓ moves to the next row', async () => {
    /** The rows with a button in the Tab order. */
    const tabbableRows = () =>
      page
        .locator('.fc-tree button:not([tabindex="-1"])')
        .evaluateAll((els) => [
          ...new Set(els.map((e) => e.closest('[data-row]')!.getAttribute('data-row'))),
        ]);
    await page.locator('[data-page="home"]').click();
    await page.locator('[data-row="home-hero"]').waitFor();
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await neutralFocus();
    await expect.poll(tabbableRows).toEqual(['hero']);

    // From the toolbar above the outline: one Tab lands on the selected row (its handle),
    // its buttons follow, and the next Tab leaves the outline without visiting other rows.
    await page.locator('.fc-outline [role="toolbar"] button', { hasText: 'Remove' }).focus();
    const visited: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      visited.push(await focused());
    }
    expect(visited).toEqual(['hero fc-handle', 'hero fc-row-main', 'outside']);
    // Shift+Tab comes back to the same row.
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('hero fc-row-main');

    // ↓ moves focus (and the selection) to the next row, which becomes the entry row.
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('home-features fc-row-main');
    await expect
      .poll(() =>
        page
          .locator('.fc-tree > li[aria-selected="true"]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-row'))),
      )
      .toEqual(['home-features']);
    await expect.poll(tabbableRows).toEqual(['home-features']);
    // ←/→ between the row's buttons; Tab then leaves the outline from there.
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('home-features fc-handle');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('home-features fc-row-main');
    await page.keyboard.press('Tab');
    expect(await focused()).toBe('outside');
    await page.keyboard.press('Shift+Tab');
    expect(await focused()).toBe('home-features fc-row-main');
    // While a block is dragged by keyboard, ←/→ still go to dnd-kit (they change the nesting:
    // the dragged block moves sideways) and focus stays on the handle.
    const live = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('ArrowLeft');
    expect(await focused()).toBe('home-features fc-handle');
    await page.keyboard.press('Space');
    await expect.poll(() => live.textContent()).toContain('Picked up');
    const overlayX = async () => (await page.locator('.fc-drag-overlay').boundingBox())?.x ?? NaN;
    const x0 = await overlayX();
    await page.keyboard.press('ArrowRight');
    await expect.poll(overlayX).toBe(x0 + 18);
    expect(await focused()).toBe('home-features fc-handle');
    await page.keyboard.press('ArrowLeft');
    await expect.poll(overlayX).toBe(x0);
    expect(await focused()).toBe('home-features fc-handle');
    await page.keyboard.press('Escape');
    await expect.poll(() => live.textContent()).toContain('was cancelled');
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
  });

  it('keyboard focus after Delete: on the next block’s row (↓ goes on from there); after Ctrl+Z on the restored block’s', async () => {
    const announcer = page.locator('[data-announcer]');
    await page.locator('[data-page="home"]').click();
    await page.locator('[data-row="home-hero"]').waitFor();
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    // Select "hero" by keyboard: Tab into the outline from its toolbar, Home, ↓.
    await page.locator('.fc-outline [role="toolbar"] button', { hasText: 'Remove' }).focus();
    await page.keyboard.press('Tab');
    expect(await focused()).toMatch(/ fc-handle$/);
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('hero fc-handle');
    await expect.poll(selectedRowIds).toEqual(['hero']);

    // Delete: the block that takes its place has focus (on the same button) and is selected.
    await page.keyboard.press('Delete');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'home-features', 'why-us']);
    await expect.poll(focused).toBe('home-features fc-handle');
    expect(
      await page.evaluate(() => !!document.activeElement?.closest('[data-row="home-features"]')),
    ).toBe(true);
    await expect.poll(selectedRowIds).toEqual(['home-features']);
    await expect.poll(() => announcer.textContent()).toBe('Removed Hero hero. Undo with Ctrl+Z.');
    // It is the entry row (Tab order), and ↓ goes on from there.
    expect(
      await page
        .locator('.fc-tree button:not([tabindex="-1"])')
        .evaluateAll((els) => [
          ...new Set(els.map((e) => e.closest('[data-row]')!.getAttribute('data-row'))),
        ]),
    ).toEqual(['home-features']);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('why-us fc-handle');
    await expect.poll(selectedRowIds).toEqual(['why-us']);

    // Ctrl+Z: the block is back, selected, and focus is on its row.
    await page.keyboard.press('Control+z');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await expect.poll(focused).toBe('hero fc-handle');
    await expect.poll(selectedRowIds).toEqual(['hero']);
    // Redo removes it again: focus on the block that took its place, as after the Delete.
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'home-features', 'why-us']);
    await expect.poll(focused).toBe('home-features fc-handle');
    await page.keyboard.press('Control+z');
    // Whether the undo was made first, then where focus went, so a failure says which.
    await expect.poll(() => announcer.textContent()).toBe('Undid: Remove Hero hero');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await expect.poll(focused).toBe('hero fc-handle');
  });

  it('logged no errors in the editor', () => {
    expect(errors.filter((e) => !/Failed to load resource.*(404|500)/.test(e))).toEqual([]);
  });

  it('writes nothing outside its sites folder', () => {
    expect(existsSync(join(root, 'sites', `${SLUG}.json`))).toBe(false);
  });
});
