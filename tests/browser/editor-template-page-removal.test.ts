/**
 * A template page removed from a site in the editor: gone from the page list and the checked
 * draft (undo and redo), listed under "Removed template pages", saved as `withoutPages` (its
 * route then 404 in the draft) and restored. Starts from the site editor.test.ts builds
 * (editor-kit.ts: openEditedSite), on this file's own server (a COPY of sites/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatSiteDocument } from '../../engine/document/canonical.ts';
import { draftKey } from '../../editor/lib/autosave.ts';
import { openEditedSite, SLUG, useEditor } from './editor-kit.ts';
import { resend } from './resend.ts';

const editor = useEditor();
const { savedText, preview, neutralFocus } = editor;
let page: Page;
let errors: string[];
let base: string;
beforeAll(async () => {
  ({ page, errors, base } = editor.state);
  await openEditedSite(editor.state);
});

describe('the editor', () => {
  it('removes a template page from this site, saves it as withoutPages, and restores it', async () => {
    const status = page.locator('[data-preview-revision]');
    const pageRow = page.locator('[data-page="service"]');
    await pageRow.click();
    await page.getByRole('tab', { name: 'Page' }).click();
    await preview().getByRole('heading', { name: 'Book a service' }).waitFor();
    await page.getByRole('button', { name: 'Remove from this site' }).click();
    // Gone from the page list; the preview moves to the first page.
    await expect.poll(() => pageRow.count()).toBe(0);
    await expect.poll(() => status.textContent()).toBe('Showing /');
    // Undoable like every change.
    await neutralFocus();
    await page.keyboard.press('Control+z');
    await pageRow.waitFor();
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => pageRow.count()).toBe(0);
    // The draft as the preview gets it (checked by the server) has no such route.
    const storedDraft = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.doc, draftKey(SLUG));
    await expect.poll(async () => (await storedDraft())?.withoutPages ?? null).toEqual(['service']);
    const checked = await (
      await page.request.post(`${base}/api/editor/check`, {
        ...resend,
        data: { document: await storedDraft() },
      })
    ).json();
    expect(checked.issues).toEqual([]);
    expect(checked.site.pages.map((p: { path: string }) => p.path)).not.toContain('/service');
    expect(checked.site.pages.map((p: { path: string }) => p.path)).toContain('/about-us');
    // Listed as removed, collapsed, with its route.
    const removed = page.locator('.fc-removed-pages');
    await removed.getByText('Removed template pages (1)').click();
    expect(await removed.locator('[data-removed-page="service"]').textContent()).toContain(
      '/service',
    );

    await page.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('dialog');
    // The file view (a <details>) keeps its open state between reviews.
    const openFileView = async () => {
      const details = dialog.locator('details');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
        await details.locator('summary').click();
    };
    // The review's list names the page as the editor does (engine/document/words/change-words.ts).
    await dialog
      .getByText(/^Page .+ \(\/service\) removed, with \d+ blocks?$/)
      .first()
      .waitFor();
    await openFileView();
    await dialog
      .getByText(
        'Page service removed (template page at /service titled "Book a service | {site}")',
      )
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('.fc-status').textContent())
      .toContain('All changes saved');
    const text = savedText();
    expect(text).toBe(formatSiteDocument(JSON.parse(text)));
    expect(JSON.parse(text).withoutPages).toEqual(['service']);
    expect(text.indexOf('"withoutPages"')).toBeLessThan(text.indexOf('"pages"'));
    // In the draft (what staff preview). Visitors see none of it: this site, created in the
    // editor, is a draft until it is published (docs/publishing.md).
    expect((await page.request.get(`${base}/drafts/${SLUG}/service`, resend)).status()).toBe(404);
    expect((await page.request.get(`${base}/drafts/${SLUG}/about-us`, resend)).status()).toBe(200);
    expect((await page.request.get(`${base}/sites/${SLUG}/about-us`, resend)).status()).toBe(404);

    // Restore: back in the list (in the template's place), shown, and saved without the list.
    await removed.getByRole('button', { name: 'Restore service' }).click();
    await pageRow.waitFor();
    await expect.poll(() => removed.count()).toBe(0);
    await expect
      .poll(() => page.locator('[data-page="service"]').getAttribute('aria-current'))
      .toBe('page');
    await preview().getByRole('heading', { name: 'Book a service' }).waitFor();
    await page.getByRole('button', { name: 'Review and save' }).click();
    await openFileView();
    await dialog
      .getByText(/Page service restored \(template page at \/service/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => JSON.parse(savedText()).withoutPages ?? null).toBeNull();
    expect((await page.request.get(`${base}/drafts/${SLUG}/service`, resend)).status()).toBe(200);
  });

  it('logged no errors in the editor', () => {
    expect(errors.filter((e) => !/Failed to load resource.*(404|500)/.test(e))).toEqual([]);
  });
});
