/**
 * Typing in the editor's fields, in headless Chromium: a cleared field with a default
 * stays empty and takes exactly what is typed; Ctrl+Z in a field goes through the editor's
 * history; undo works after a reload; a block with an invalid prop stays in the preview,
 * marked; a reopened draft with a half-filled location previews without it, as its banner
 * says (docs/editor-design.md, "Undo and redo" and
 * "Validation and the preview").
 *
 * Starts from the site editor.test.ts builds (editor-kit.ts), on this file's own server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { draftKey } from '../../editor/lib/autosave.ts';
import { openEditedSite, SLUG, useEditor } from './editor-kit.ts';

const editor = useEditor();
const { preview, previewSettled } = editor;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await openEditedSite(editor.state);
});

const storedDraft = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), draftKey(SLUG));
const heroProps = async () =>
  (await storedDraft())?.doc.pages
    .find((p: { id: string }) => p.id === 'home')
    .blocks.find((b: { id: string }) => b.id === 'hero').props;

describe('typing in the editor’s fields', () => {
  it('clear a defaulted field and type', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('[data-palette="promo-tile"]').click();
    await page.locator('.fc-block-inspector[data-block="promo-tile"]').waitFor();
    const colour = page.locator('#root_backgroundColour');
    // Shown with its default, which the block does not store.
    await expect.poll(() => colour.inputValue()).toBe('#1f3a93');
    await colour.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    expect(await colour.inputValue()).toBe('');
    await page.keyboard.type('#0a0');
    await expect.poll(() => colour.inputValue()).toBe('#0a0');
    const tile = async () =>
      (await storedDraft())?.doc.pages
        .find((p: { id: string }) => p.id === 'home')
        .blocks.find((b: { id: string }) => b.id === 'promo-tile')?.props;
    await expect.poll(async () => (await tile())?.backgroundColour).toBe('#0a0');
    // Cleared again and left: the block leaves the colour out (its default applies).
    await colour.click();
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.locator('.fc-topbar h1').click();
    expect(await colour.inputValue()).toBe('');
    await expect
      .poll(async () => (await tile()) && 'backgroundColour' in (await tile()))
      .toBe(false);
    await page.locator('[data-row="promo-tile"] .fc-row-main').click();
    await page.getByRole('button', { name: 'Remove', exact: true }).first().click();
    await page.locator('[data-row="promo-tile"]').waitFor({ state: 'detached' });
  });

  it('Ctrl+Z and Ctrl+Shift+Z in a field go through the editor’s history, the caret after the change', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    const heading = page.locator('#root_heading');
    await heading.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' now');
    await expect.poll(() => heading.inputValue()).toBe('Drive away today now');
    await expect.poll(() => page.locator('.fc-status').textContent()).toContain('Edit Hero hero');
    await page.keyboard.press('Control+z');
    await expect.poll(() => heading.inputValue()).toBe('Drive away today');
    await expect
      .poll(() =>
        heading.evaluate((el: HTMLInputElement) => [
          el.selectionStart,
          document.activeElement === el,
        ]),
      )
      .toEqual([16, true]);
    expect(await page.locator('.fc-status').textContent()).toContain('Undid: Edit Hero hero');
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => heading.inputValue()).toBe('Drive away today now');
    // The toolbar's Undo is the same history.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => heading.inputValue()).toBe('Drive away today');
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => heading.inputValue()).toBe('Drive away today now');
  });

  it('fast keys, a field switch and an undo before the pause: field, preview and draft agree', async () => {
    await page.locator('[data-row="home-hero"] .fc-row-main').click();
    const heading = page.locator('#root_heading');
    const label = page.locator('#root_actions_0_label');
    const block = preview().locator('[data-editor-block="home-hero"]');
    const was = { heading: await heading.inputValue(), label: await label.inputValue() };
    const shown = async () => ({
      heading: await heading.inputValue(),
      label: await label.inputValue(),
      previewHeading: (await block.getByRole('heading').first().textContent())?.trim(),
      previewHasLabel: await block.getByText(await label.inputValue(), { exact: true }).count(),
    });
    const draftHero = async () =>
      (await storedDraft())?.doc.pages
        .find((p: { id: string }) => p.id === 'home')
        .blocks.find((b: { id: string }) => b.id === 'home-hero').props;
    await heading.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' fast', { delay: 5 });
    // Another field of the block, straight away: its keys must not lose the first field's.
    await label.click();
    await page.keyboard.press('End');
    await page.keyboard.type(' now', { delay: 5 });
    const typed = { heading: `${was.heading} fast`, label: `${was.label} now` };
    expect(await heading.inputValue()).toBe(typed.heading);
    expect(await label.inputValue()).toBe(typed.label);
    await expect
      .poll(shown)
      .toEqual({ ...typed, previewHeading: typed.heading, previewHasLabel: 1 });
    // Undo at once, before the keys' pause: the block's one typing step goes, in both fields.
    await page.keyboard.type('!', { delay: 5 });
    await page.keyboard.press('Control+z');
    await expect.poll(shown).toEqual({ ...was, previewHeading: was.heading, previewHasLabel: 1 });
    await expect.poll(async () => (await draftHero())?.actions[0].label).toBe(was.label);
    await page.keyboard.press('Control+Shift+z');
    const redone = { ...typed, label: `${typed.label}!` };
    await expect
      .poll(shown)
      .toEqual({ ...redone, previewHeading: redone.heading, previewHasLabel: 1 });
    await expect
      .poll(async () => [(await draftHero())?.heading, (await draftHero())?.actions[0].label])
      .toEqual([redone.heading, redone.label]);
    // Left as it was for the tests after this one.
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await draftHero())?.heading).toBe(was.heading);
  });

  it('keeps the undo history across a reload', async () => {
    await expect.poll(async () => (await heroProps())?.heading).toBe('Drive away today now');
    await expect
      .poll(async () => (await storedDraft())?.history?.past.length ?? 0)
      .toBeGreaterThan(0);
    await page.reload();
    await page.locator('[data-notice="restored"]').waitFor();
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    await expect.poll(() => undo.isEnabled()).toBe(true);
    await undo.click();
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await expect.poll(() => page.locator('#root_heading').inputValue()).toBe('Drive away today');
    // Back to the saved document (so no draft is kept); redo works too.
    await page.locator('.fc-status[data-dirty="no"]').waitFor();
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect
      .poll(() => page.locator('#root_heading').inputValue())
      .toBe('Drive away today now');
    await expect.poll(async () => (await heroProps())?.heading).toBe('Drive away today now');
  });

  it('an invalid prop keeps its block in the preview, marked, with its last valid value', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await previewSettled();
    await page.locator('#root_heading').fill('');
    await page.locator('.fc-problems-badge', { hasText: '1 problem' }).waitFor();
    await preview().locator('[data-editor-block="hero"] .fc-editor-invalid').waitFor();
    await preview()
      .locator('[data-editor-block="hero"]')
      .getByRole('heading', { name: 'Drive away today' })
      .waitFor();
    // Said in plain words, once, beside the field (not the engine's "is required"),
    // and the preview's note names the field by its label (docs/editor-design.md, "Forms").
    const field = page.locator('.form-group', { has: page.locator('#root_heading') }).last();
    await field.getByText('This is required', { exact: true }).waitFor();
    expect(await page.getByText('This is required', { exact: true }).count()).toBe(1);
    expect(await page.getByText(/must NOT/).count()).toBe(0);
    await preview()
      .locator('[data-editor-block="hero"] .fc-editor-invalid')
      .getByText('Heading: This is required')
      .waitFor();
    await page.locator('#root_heading').fill('Drive away today');
    await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
    await preview().locator('.fc-editor-invalid').waitFor({ state: 'detached' });
  });

  it('a reopened draft with a half-filled location previews without it, as the banner says', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('Drive away soon');
    await expect.poll(async () => (await heroProps())?.heading).toBe('Drive away soon');
    // The draft is changed while no editor is open (one leaving writes what it holds).
    const editorUrl = page.url();
    await page.goto(new URL('/healthz/live', editorUrl).href);
    await page.evaluate((key) => {
      const draft = JSON.parse(localStorage.getItem(key)!);
      draft.doc.locations = [{ id: 77, location_type: 'sales' }];
      delete draft.history;
      localStorage.setItem(key, JSON.stringify(draft));
    }, draftKey(SLUG));
    await page.goto(editorUrl);
    await page.locator('[data-notice="restored"]').waitFor();
    await page.locator('.fc-problems-badge', { hasText: /problem/ }).waitFor();
    await previewSettled();
    const banner = preview().locator('.fc-editor-stale');
    // Named as staff see it, not as a JSON path.
    await expect
      .poll(() => banner.textContent())
      .toMatch(
        /^Left out of the preview until fixed: Settings › Locations › 1st item › \S.*: This is required/,
      );
    expect(await banner.getAttribute('data-stale-shown')).toBe('left-out');
    expect(await preview().locator('[data-block-error], [data-preview-error]').count()).toBe(0);
    await preview()
      .locator('[data-editor-block="site-header"], [data-editor-type="header"]')
      .first()
      .waitFor();
    // The rest of the draft is current: an edit shows at once.
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('Drive away this week');
    await preview().getByRole('heading', { name: 'Drive away this week' }).waitFor();
    expect(errors.filter((e) => !/failed to render|could not be shown/.test(e))).toEqual([]);
  });
});
