/**
 * The rich-text field in headless Chromium, as staff use it (docs/editor-design.md, "Rich text"):
 * select words, make them bold and link them from the field's toolbar; the preview shows
 * the <strong> and the link; an unsafe link is refused; saving a draft stores the HTML.
 *
 * Starts from the site editor.test.ts builds (editor-kit.ts: siteAsEdited, whose "why-us"
 * section begins with a rich-text block holding "<p>New text</p>"), on this file's own
 * server and copy of sites/.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openEditedSite, useEditor } from './editor-kit.ts';

const editor = useEditor();
const { preview, previewSettled, savedText } = editor;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await openEditedSite(editor.state);
});

/** Selects `word` inside the field's text as a mouse drag would (a DOM selection ProseMirror reads). */
async function selectWord(word: string) {
  await page.locator('#root_html').evaluate((el, w) => {
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent!.indexOf(w);
      if (at < 0) continue;
      (el as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + w.length);
      const sel = getSelection()!;
      sel.removeAllRanges();
      sel.addRange(range);
      return;
    }
    throw new Error(`"${w}" is not in the field`);
  }, word);
  await page.waitForFunction((w) => getSelection()?.toString() === w, word);
}

describe('the rich-text field', () => {
  it('makes selected text bold and links it; the preview shows both and the saved draft stores the HTML', async () => {
    await page.locator('[data-row="rich-text"] .fc-row-main').click();
    const field = page.getByRole('textbox', { name: 'Text', exact: true });
    await field.waitFor();
    expect(await field.getAttribute('id')).toBe('root_html');
    expect(await page.getByText('Html', { exact: true }).count()).toBe(0);

    await selectWord('text');
    const bold = page.getByRole('button', { name: 'Bold', exact: true });
    expect(await bold.getAttribute('aria-pressed')).toBe('false');
    await bold.click();
    await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
    await previewSettled();
    await preview().locator('.fc-rich-text__body strong', { hasText: 'text' }).waitFor();

    // An unsafe address is refused, with the reason, and nothing changes.
    await selectWord('New');
    await page.getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByRole('textbox', { name: 'Link address' });
    await address.fill('javascript:alert(1)');
    await address.press('Enter');
    await page.getByRole('alert').filter({ hasText: 'cannot be a link here' }).waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');

    await address.fill('/finance');
    await page.getByRole('button', { name: 'Add link', exact: true }).click();
    await expect.poll(() => address.count()).toBe(0);
    await expect
      .poll(() => field.innerHTML())
      .toBe('<p><a href="/finance">New</a> <strong>text</strong></p>');
    await previewSettled();
    const link = preview().locator('.fc-rich-text__body a', { hasText: 'New' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/finance$/);

    // Undo inside the field (toolbar and keys) is the field's own, then redo brings it back.
    await page.getByRole('button', { name: 'Undo in this field' }).click();
    await expect.poll(() => field.innerHTML()).toBe('<p>New <strong>text</strong></p>');
    await field.press('Control+Shift+z');
    await expect
      .poll(() => field.innerHTML())
      .toBe('<p><a href="/finance">New</a> <strong>text</strong></p>');

    await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-notice="ok"]').waitFor();
    const doc = JSON.parse(savedText());
    const why = doc.pages
      .find((p: { id: string }) => p.id === 'home')
      .blocks.find((b: { id: string }) => b.id === 'why-us');
    expect(why.children[0]).toEqual({
      type: 'rich-text',
      id: 'rich-text',
      props: { html: '<p><a href="/finance">New</a> <strong>text</strong></p>' },
    });
    expect(errors).toEqual([]);
  });

  it('reaches every toolbar button from the keyboard (one Tab stop, arrow keys between buttons)', async () => {
    const field = page.locator('#root_html');
    await field.focus();
    await page.keyboard.press('Shift+Tab');
    // The toolbar's one Tab stop: the button last focused there, Bold at first.
    const focusedLabel = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focusedLabel()).toBe('Bold');
    await page.keyboard.press('ArrowRight');
    expect(await focusedLabel()).toBe('Italic');
    await page.keyboard.press('End');
    expect(await focusedLabel()).toBe('Undo in this field');
    await page.keyboard.press('Home');
    expect(await focusedLabel()).toBe('Bold');
    expect(errors).toEqual([]);
  });
});
