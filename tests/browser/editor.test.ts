/**
 * The editor in headless Chromium, as onboarding staff use it: create a site from a
 * template, add a block from the palette, move it by mouse and by keyboard, edit a prop
 * and see the preview change, flip a feature switch, undo and redo, reload and find the
 * draft, save and find the canonical document on disk; an invalid prop is refused with
 * the error shown and the draft kept. Removing a template page from the site is
 * editor-template-page-removal.test.ts's; selecting several blocks and keyboard focus in
 * the outline are editor-selection.test.ts's.
 *
 * The editor saves documents, so this file runs its own server on a COPY of sites/
 * (editor-kit.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { formatSiteDocument } from '../../engine/document/canonical.ts';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import { draftKey } from '../../editor/lib/autosave.ts';
import { root, SLUG, useEditor } from './editor-kit.ts';
import heroSchema from '../../schemas/blocks/hero.schema.json';
import { queuedTasks } from './waits.ts';
import { resend } from './resend.ts';

const editor = useEditor();
const { savedText, preview, rowsAt, previewSettled, neutralFocus } = editor;
let page: Page;
let errors: string[];
let base: string;
let sitesDir: string;
beforeAll(() => {
  ({ page, errors, base, sitesDir } = editor.state);
});

describe('the editor', () => {
  it('creates a site from a template (slug, name, region, dealerships)', async () => {
    await page.goto(`${base}/editor/`);
    await page.getByLabel('Dealer or group name').fill('Test Motors');
    expect(await page.getByLabel('Site name (in addresses and the file name)').inputValue()).toBe(
      SLUG,
    );
    // The Ford template is offered once a dealership sells Ford (docs/editor-design.md, "New site").
    await page.locator('input[name="dealership-0-makes"]').fill('Ford');
    await page.locator('select[name="template"]').selectOption('ford');
    await page.locator('select[name="region"]').selectOption('AU');
    await page.locator('input[name="dealership-0-id"]').fill('91');
    await page.locator('input[name="dealership-0-name"]').fill('Test Motors Ford');
    await page.getByRole('button', { name: 'Create site' }).click();
    await page.waitForURL(/site=test-motors/);
    await page.locator('[data-row="home-hero"]').waitFor();
    // Saved canonically and valid straight away, as the site's draft (a new site is a draft
    // until it is published: docs/publishing.md).
    const text = savedText();
    expect(text).toBe(formatSiteDocument(JSON.parse(text)));
    expect(JSON.parse(text)).toMatchObject({
      slug: SLUG,
      name: 'Test Motors',
      template: 'ford',
      region: 'AU',
      dealerships: [
        { id: 91, slug: 'test-motors-ford', name: 'Test Motors Ford', manufacturers: ['Ford'] },
      ],
    });
    await previewSettled();
    await preview().getByText('Welcome to your local Ford dealer').first().waitFor();
  });

  it('refuses slugs that are not plain names', async () => {
    const res = await page.request.put(`${base}/api/editor/sites/..%2Fescape`, {
      ...resend,
      data: { document: {} },
    });
    expect(res.status()).toBe(400);
    const create = await page.request.post(`${base}/api/editor/sites`, {
      ...resend,
      data: { slug: '../x', name: 'X' },
    });
    expect(create.status()).toBe(422);
  });

  it('adds a block from the palette', async () => {
    await page.getByRole('searchbox', { name: 'Search blocks' }).fill('hero');
    await page.getByRole('button', { name: 'Add Hero' }).click();
    await page.locator('[data-row="hero"]').waitFor();
    expect(await rowsAt(0)).toEqual(['home-hero', 'home-features', 'why-us', 'hero']);
    // The new block is selected and its form is open.
    await page.locator('#root_heading').waitFor();
    // Its heading is the schema's placeholder, shown greyed (as the input's placeholder) until typed over.
    expect(await page.locator('#root_heading').inputValue()).toBe('');
    expect(await page.locator('#root_heading').getAttribute('placeholder')).toBe(
      heroSchema.properties.heading['x-placeholder'],
    );
    await page.getByRole('searchbox', { name: 'Search blocks' }).fill('');
  });

  it('drags the block to a new position with the mouse', async () => {
    const handle = page.locator('[data-row="hero"] .fc-handle');
    const target = page.locator('[data-row="home-hero"]');
    // The outline scrolls on its own: the new site's status lines above it push its last rows
    // below the window.
    await handle.scrollIntoViewIfNeeded();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 4 });
    await page.mouse.move(from.x + from.width / 2, to.y + 4, { steps: 15 });
    // The outline has worked out the drop place under the pointer (and says it).
    await expect
      .poll(() => page.locator('[id^="DndLiveRegion"]').textContent())
      .toContain('Hero hero will go to position 1');
    await page.mouse.up();
    await expect.poll(() => rowsAt(0)).toEqual(['hero', 'home-hero', 'home-features', 'why-us']);
  });

  it('moves it again by keyboard, with announcements naming the block', async () => {
    await page.locator('[data-row="hero"] .fc-handle').focus();
    await page.keyboard.press('Space');
    const live = page.locator('[id^="DndLiveRegion"]');
    await expect.poll(() => live.textContent()).toContain('Picked up Hero hero');
    await queuedTasks(page); // dnd-kit starts listening for the arrow keys in a task queued at pick-up
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => live.textContent()).toContain('Hero hero will go to position 2');
    await page.keyboard.press('Space');
    await expect.poll(() => rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await expect.poll(() => live.textContent()).toContain('Dropped Hero hero');
  });

  it('drags a new block from the palette into a container', async () => {
    const item = page.locator('[data-palette="rich-text"]');
    await item.scrollIntoViewIfNeeded();
    await page.locator('[data-row="why-us"]').scrollIntoViewIfNeeded();
    const from = (await item.boundingBox())!;
    const section = (await page.locator('[data-row="why-us"]').boundingBox())!;
    await page.mouse.move(from.x + 10, from.y + 10);
    await page.mouse.down();
    await page.mouse.move(from.x + 20, from.y + 30, { steps: 4 });
    // Just below the middle of the section's row: the first place inside it.
    await page.mouse.move(section.x + 60, section.y + section.height * 0.8, { steps: 15 });
    await page.locator('.fc-insert-marker').waitFor();
    await page.mouse.up();
    await page.locator('[data-row="rich-text"]').waitFor();
    expect(await page.locator('[data-row="rich-text"]').getAttribute('data-depth')).toBe('1');
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    expect(await rowsAt(1)).toEqual(['rich-text', 'why-us-columns']);
  });

  it('edits a prop and the preview shows it', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('Drive away today');
    await preview().getByRole('heading', { name: 'Drive away today' }).waitFor();
    // Selecting a block in the preview selects it in the editor.
    await preview().getByText('Welcome to your local Ford dealer').first().click();
    await expect
      .poll(() => page.locator('.fc-block-inspector').getAttribute('data-block'))
      .toBe('home-hero');
  });

  it('flips a feature switch and the preview follows at once', async () => {
    // (Counted, not looked at: at this width the banner is a carousel showing one item.)
    const offer = preview().getByText('Get an instant offer in 2 minutes');
    await expect.poll(() => offer.count()).toBe(1);
    await page.getByRole('tab', { name: 'Switches' }).click();
    await page.getByRole('searchbox', { name: 'Search feature switches' }).fill('instant');
    const sw = page.locator('#feature-hideInstantOfferText');
    expect(await sw.isChecked()).toBe(false);
    await sw.check();
    await expect.poll(() => offer.count()).toBe(0);
    expect(
      await page.locator('[data-feature="hideInstantOfferText"] .fc-badge').textContent(),
    ).toBe('Set for this site');
  });

  it('undoes and redoes with the keyboard', async () => {
    const offer = preview().getByText('Get an instant offer in 2 minutes');
    await neutralFocus();
    await page.keyboard.press('Control+z');
    await expect.poll(() => offer.count()).toBe(1);
    expect(await page.locator('#feature-hideInstantOfferText').isChecked()).toBe(false);
    await page.keyboard.press('Control+Shift+z');
    await expect.poll(() => offer.count()).toBe(0);
    expect(await page.locator('#feature-hideInstantOfferText').isChecked()).toBe(true);
  });

  it('keeps the draft across a reload', async () => {
    // The autosave (after a pause) has kept the last change, the redone switch.
    await expect
      .poll(() =>
        page.evaluate(
          (key) =>
            JSON.parse(localStorage.getItem(key) ?? 'null')?.doc.features?.hideInstantOfferText,
          draftKey(SLUG),
        ),
      )
      .toBe(true);
    await page.reload();
    await page.locator('[data-notice="restored"]').waitFor();
    await page.locator('[data-row="hero"]').waitFor();
    expect(await rowsAt(0)).toEqual(['home-hero', 'hero', 'home-features', 'why-us']);
    await preview().getByRole('heading', { name: 'Drive away today' }).waitFor();
    // Nothing was written to disk yet.
    expect(JSON.parse(savedText()).pages).toBeUndefined();
  });

  it('adds and renames a page, and pastes a block copied from another page', async () => {
    await page.getByRole('button', { name: 'Add page' }).click();
    await page
      .getByRole('form', { name: 'Add a page' })
      .getByLabel('Title')
      .fill('Service specials');
    expect(
      await page.getByRole('form', { name: 'Add a page' }).getByLabel('Route').inputValue(),
    ).toBe('/service-specials');
    await page
      .getByRole('form', { name: 'Add a page' })
      .getByRole('button', { name: 'Add' })
      .click();
    await page.getByText('This page has no blocks yet').waitFor();
    await page.getByRole('tab', { name: 'Page' }).click();
    await page.locator('#page-title').fill('Service offers');
    await page.locator('[data-page="service-specials"]', { hasText: 'Service offers' }).waitFor();
    // Copy on the home page, paste on the new one (Ctrl+C / Ctrl+V).
    await page.locator('[data-page="home"]').click();
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.keyboard.press('Control+c');
    await page.locator('[data-page="service-specials"]').click();
    await page.keyboard.press('Control+v');
    await page.locator('[data-row="hero-2"]').waitFor();
    await preview().getByRole('heading', { name: 'Drive away today' }).waitFor();
    await page.locator('[data-page="home"]').click();
    await page.locator('[data-row="hero"]').waitFor();
  });

  it('refuses to save an invalid prop, shows the error, keeps the draft', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('');
    await page.locator('.fc-problems-badge', { hasText: '1 problem' }).waitFor();
    await page
      .locator('.fc-block-inspector .error-detail', { hasText: 'This is required' })
      .waitFor();
    await expect
      .poll(() => page.getByRole('button', { name: 'Review and save' }).isDisabled())
      .toBe(true);
    expect(await page.locator('#fc-save-why').textContent()).toContain('Fix 1 problem');
    // The problem links to the field.
    await page.getByRole('tab', { name: /Problems/ }).click();
    await page.getByRole('button', { name: /Hero hero › Heading/ }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_heading');
    // The preview keeps showing the rest of the page.
    await preview().locator('.fc-editor-invalid').waitFor();
    // The server refuses the same document too, and writes nothing.
    const before = savedText();
    const storedDraft = () =>
      page.evaluate((key) => JSON.parse(localStorage.getItem(key)!).doc, draftKey(SLUG));
    // (the autosave has kept the emptied heading)
    await expect
      .poll(async () => (await storedDraft()).pages[0].blocks[1].props?.heading ?? null)
      .toBeNull();
    const draft = await storedDraft();
    const res = await page.request.put(`${base}/api/editor/sites/${SLUG}`, {
      ...resend,
      data: { document: draft },
    });
    expect(res.status()).toBe(422);
    expect((await res.json()).issues).toEqual([
      expect.objectContaining({
        path: expect.stringMatching(/\/props\/heading$/),
        message: 'is required',
      }),
    ]);
    expect(savedText()).toBe(before);
    await page.reload();
    await page.locator('[data-notice="restored"]').waitFor();
    await page.locator('.fc-problems-badge', { hasText: '1 problem' }).waitFor();
  });

  it('a save that fails keeps the draft and says why', async () => {
    await page.locator('[data-row="hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('Drive away today');
    await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
    await page.route(`**/api/editor/sites/${SLUG}`, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ error: 'the disk is full' }),
          })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Review and save' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByText('Not saved: the disk is full').waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await page.locator('[data-notice="error"]', { hasText: 'the disk is full' }).waitFor();
    await page.unroute(`**/api/editor/sites/${SLUG}`);
    expect(await page.evaluate((key) => !!localStorage.getItem(key), draftKey(SLUG))).toBe(true);
    expect(JSON.parse(savedText()).pages).toBeUndefined();
  });

  it('reviews the semantic diff, saves, and the document on disk is canonical and valid', async () => {
    await page.getByRole('button', { name: 'Review and save' }).click();
    const dialog = page.getByRole('dialog');
    // "On the site" first, in staff words with the risky changes (a switch) first; the file
    // view (details) says it as reviewers will read it.
    const onSite = dialog.locator('[data-staff-changes] li');
    await onSite.getByText(/› Hero hero: added$/).waitFor();
    expect(await onSite.first().textContent()).toMatch(
      /Feature switches › Hide the instant offer wording: turned on$/,
    );
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await page.locator('[data-notice="ok"]').waitFor();
    expect(await page.locator('.fc-status').textContent()).toContain('All changes saved');
    const text = savedText();
    expect(text).toBe(formatSiteDocument(JSON.parse(text)));
    const doc = JSON.parse(text);
    expect(doc.features).toEqual({ hideInstantOfferText: true });
    expect(doc.pages[0].blocks.map((b: { id: string }) => b.id)).toEqual([
      'home-hero',
      'hero',
      'home-features',
      'why-us',
    ]);
    expect(doc.pages[0].blocks[1]).toEqual({
      type: 'hero',
      id: 'hero',
      props: { heading: 'Drive away today' },
    });
    expect(doc.pages[0].blocks[3].children.map((b: { id: string }) => b.id)).toEqual([
      'rich-text',
      'why-us-columns',
    ]);
    expect(doc.pages[1]).toEqual({
      id: 'service-specials',
      path: '/service-specials',
      title: 'Service offers',
      blocks: [{ type: 'hero', id: 'hero-2', props: { heading: 'Drive away today' } }],
    });
    const prepare = createSitePreparer({
      loadTemplate: (n) =>
        JSON.parse(readFileSync(join(sitesDir, 'templates', `${n}.json`), 'utf8')),
    });
    expect(prepare(doc).ok).toBe(true);
    // The browser's unsaved copy is gone; the staff draft preview shows the saved draft, visitors do not see it yet.
    expect(await page.evaluate((key) => localStorage.getItem(key), draftKey(SLUG))).toBeNull();
    expect(await (await page.request.get(`${base}/drafts/${SLUG}/`, resend)).text()).toContain(
      'Drive away today',
    );
    expect(await (await page.request.get(`${base}/sites/${SLUG}/`, resend)).text()).not.toContain(
      'Drive away today',
    );
    // Round trip: saving again without a change writes the same bytes.
    const { version } = await (
      await page.request.get(`${base}/api/editor/sites/${SLUG}`, resend)
    ).json();
    const again = await page.request.put(`${base}/api/editor/sites/${SLUG}`, {
      ...resend,
      data: { document: doc, baseVersion: version },
    });
    expect((await again.json()).changed).toBe(false);
    expect(savedText()).toBe(text);
    // Reopening shows no restored draft.
    await page.reload();
    await page.locator('[data-row="hero"]').waitFor();
    expect(await page.locator('[data-notice="restored"]').count()).toBe(0);
  });

  it('logged no errors in the editor', () => {
    expect(errors.filter((e) => !/Failed to load resource.*(404|500)/.test(e))).toEqual([]);
  });

  it('writes nothing outside its sites folder', () => {
    expect(existsSync(join(root, 'sites', `${SLUG}.json`))).toBe(false);
  });
});
