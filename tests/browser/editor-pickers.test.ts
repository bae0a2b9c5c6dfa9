/**
 * The editor's pickers in headless Chromium (docs/editor-design.md, "Pickers"): an image uploaded
 * into the site's asset library and picked shows in the preview and is stored in the draft
 * as its address; a mistaken upload is deleted (asked first, refused while shown); a page picked for a button by keyboard is stored as its route, and the
 * server's site check accepts the draft.
 *
 * Starts from the site editor.test.ts builds (editor-kit.ts), on this file's own server
 * (uploads are committed to its copy of sites/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { draftKey } from '../../editor/lib/autosave.ts';
import { openEditedSite, SLUG, useEditor } from './editor-kit.ts';
import { resend } from './resend.ts';

const editor = useEditor();
const { preview, previewSettled } = editor;
let page: Page;
let errors: string[];
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await openEditedSite(editor.state);
});

type Block = { id: string; props?: Record<string, any> };
const storedDraft = () =>
  page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null')?.doc, draftKey(SLUG));
const homeBlock = async (id: string): Promise<Block | undefined> =>
  (await storedDraft())?.pages
    .find((p: { id: string }) => p.id === 'home')
    ?.blocks.find((b: Block) => b.id === id);

/** A real picture, drawn by the browser: 64 × 40 pixels, PNG. */
async function drawnPng(square = '#f5c400'): Promise<Buffer> {
  const dataUrl = await page.evaluate((square) => {
    const canvas = document.createElement('canvas');
    canvas.width = 64;
    canvas.height = 40;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#1f3a93';
    ctx.fillRect(0, 0, 64, 40);
    ctx.fillStyle = square;
    ctx.fillRect(8, 8, 24, 24);
    return canvas.toDataURL('image/png');
  }, square);
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

describe('the editor’s pickers', () => {
  it('upload an image and pick it: the preview shows it, the draft stores its address', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('.fc-block-inspector[data-block="hero"]').waitFor();
    const src = page.locator('#root_image_src');
    const choose = page.getByRole('button', { name: 'Choose image…' });
    await choose.click();
    const library = page.getByRole('group', { name: /images of this site/ });
    await library.getByText('This site has no images yet').waitFor();
    await library.getByLabel(/Upload an image/).setInputFiles({
      name: 'Showroom Front.png',
      mimeType: 'image/png',
      buffer: await drawnPng(),
    });
    await library
      .getByRole('status')
      .filter({ hasText: 'Uploaded Showroom Front.png and chose it.' })
      .waitFor();
    const url = await src.inputValue();
    // Its name: the upload's, its content's hash and its dominant colour (docs/cars.md, "Photos").
    expect(url).toMatch(
      new RegExp(`^/assets/sites/${SLUG}/showroom-front-[0-9a-f]{12}-c[0-9a-f]{6}\\.png$`),
    );
    const name = url.split('/').pop()!;
    // Committed with the sites, on the site's draft branch, by the staff member (docs/publishing.md).
    expect(
      execFileSync('git', ['log', '-1', '--format=%an %s', `forecourt/draft/${SLUG}`], {
        cwd: editor.state.sitesDir,
        encoding: 'utf8',
      }).trim(),
    ).toBe(`Editor Test Image ${name} for ${SLUG}`);

    // Picked from the grid (by keyboard), it is the field's value; the library closes and focus returns.
    await page.locator('#root_image_alt').fill('Our showroom');
    await choose.focus();
    const tile = library.getByRole('button', { name, exact: true });
    expect(await tile.getAttribute('aria-pressed')).toBe('true');
    await src.fill('');
    await expect.poll(() => tile.getAttribute('aria-pressed')).toBe('false');
    await tile.focus();
    await page.keyboard.press('Enter');
    await library.waitFor({ state: 'detached' });
    expect(await src.inputValue()).toBe(url);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choose image…');

    await expect
      .poll(async () => (await homeBlock('hero'))?.props?.image)
      .toEqual({ src: url, alt: 'Our showroom' });
    await previewSettled();
    // Shown at a width of the photo ladder (?w=), the photo the draft names.
    const shown = preview().locator(`[data-editor-block="hero"] img[src^="${url}?w="]`);
    await shown.waitFor();
    await expect
      .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    // The grid lists it when opened again.
    await choose.click();
    await library.getByRole('button', { name, exact: true }).waitFor();
    await choose.click();
  });

  it('delete a mistaken upload: asked first, refused while the draft shows it, then gone', async () => {
    const src = page.locator('#root_image_src');
    const kept = await src.inputValue();
    const choose = page.getByRole('button', { name: 'Choose image…' });
    await choose.click();
    const library = page.getByRole('group', { name: /images of this site/ });
    await library.getByLabel(/Upload an image/).setInputFiles({
      name: 'Mistake.png',
      mimeType: 'image/png',
      buffer: await drawnPng('#c0392b'),
    });
    await library.getByRole('status').filter({ hasText: 'Uploaded Mistake.png' }).waitFor();
    const name = (await src.inputValue()).split('/').pop()!;
    const remove = library.getByRole('button', { name: `Delete ${name}` });

    // The draft shows it (the field was just set to it): named, nothing sent.
    await remove.click();
    const dialog = page.getByRole('dialog', { name: 'Delete this image?' });
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    expect(await dialog.getByRole('alert').textContent()).toMatch(
      /still shows this image \(.*Hero/,
    );
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Back to the first picture, then deleted for good.
    await library.getByRole('button', { name: kept.split('/').pop()!, exact: true }).click();
    expect(await src.inputValue()).toBe(kept);
    await choose.click();
    await remove.click();
    await dialog.getByRole('button', { name: 'Delete image' }).click();
    await library
      .getByRole('status')
      .filter({ hasText: `Deleted ${name}.` })
      .waitFor();
    expect(await library.getByRole('button', { name, exact: true }).count()).toBe(0);
    // Focus is not lost with the button that went.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Choose image…');
    const tree = execFileSync(
      'git',
      ['ls-tree', '-r', '--name-only', `forecourt/draft/${SLUG}`, '--', `assets/${SLUG}/`],
      { cwd: editor.state.sitesDir, encoding: 'utf8' },
    );
    expect(tree).not.toContain(name);
    expect(tree).toContain(kept.split('/').pop()!);
    await choose.click();

    // The uploads moved the draft's version, not its document: reopened, the unsaved changes
    // come back without a warning that someone saved since.
    await page.reload();
    const restored = page.locator('[data-notice="restored"]');
    await restored.waitFor();
    expect(await restored.textContent()).not.toContain('saved by someone since');
  });

  it('pick a page for a button: the draft stores the route and the site check accepts it', async () => {
    await page.locator('[data-row="home-hero"] .fc-row-main').click();
    await page.locator('.fc-block-inspector[data-block="home-hero"]').waitFor();
    const href = page.locator('#root_actions_1_href');
    expect(await href.getAttribute('role')).toBe('combobox');
    expect(await href.inputValue()).toBe('/trade-in');
    await href.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type('service offers');
    const listbox = page.locator(`#${await href.getAttribute('aria-controls')}`);
    const wanted = listbox.getByRole('option', { name: /^Service offers\s*\/service-specials$/ });
    await wanted.waitFor();
    const wantedId = await wanted.getAttribute('id');
    // Down the list by keyboard to the page, then Enter.
    for (let i = 0; i < 20 && (await href.getAttribute('aria-activedescendant')) !== wantedId; i++)
      await page.keyboard.press('ArrowDown');
    expect(await href.getAttribute('aria-activedescendant')).toBe(wantedId);
    expect(await wanted.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    expect(await href.inputValue()).toBe('/service-specials');
    expect(await href.getAttribute('aria-expanded')).toBe('false');

    await expect
      .poll(async () => (await homeBlock('home-hero'))?.props?.actions?.[1])
      .toEqual({ label: 'Value my trade-in', href: '/service-specials' });
    const draft = await storedDraft();
    const checked = await page.request.post(`${editor.state.base}/api/editor/check`, {
      ...resend,
      data: { document: draft },
    });
    expect((await checked.json()).issues).toEqual([]);
    await previewSettled();
    await preview()
      .locator('[data-editor-block="home-hero"] a[href$="/service-specials"]')
      .first()
      .waitFor();
    expect(errors).toEqual([]);
  });
});
