/**
 * axe-core on every screen of the editor (issue 33: 0 serious or critical violations), the
 * whole document each time, with the screen open as staff see it: the sign-in, "Who is
 * editing?", the site list with "New site from a template" (and its problems shown), the
 * site editor with each inspector tab (a block's form for a hero with buttons, a
 * locations block and columns; the page; switches; settings with locations, theme and
 * offers open; problems), the image library, the review, history and stock feeds dialogs,
 * the palette with a preset of the site's own, and the two-tab notice. The conflict choice
 * and the publish and request-review dialogs are checked where they are made, in
 * editor-publish.test.ts. The preview is a dealer page, which a11y.test.ts checks.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeSource, seriousLines, type AxeViolation } from './axe.ts';
import { useEditor } from './editor-kit.ts';
import { TAB_WORDS } from '../../editor/components/TabNotice.tsx';
import { OWN_PRESET } from '../../editor/components/BlocksPanel/Palette.tsx';
import { PRESET_WORDS } from '../../editor/components/Inspector/SavePreset.tsx';
import { STAFF_KEY } from '../../editor/lib/auth.ts';

const SITE = 'kiwi-car-yard';

const { state } = useEditor();
beforeAll(() => state.page.setDefaultTimeout(60_000));

/** Each serious or critical violation in the editor's document (not inside the preview's frame), as one line. */
async function axe(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(() =>
    (window as any).axe.run(document, { resultTypes: ['violations'], iframes: false }),
  );
  return seriousLines(violations.violations as AxeViolation[]);
}

async function openSite(page: Page, pageId: string) {
  await page.goto(`${state.base}/editor/?site=${SITE}&page=${pageId}`);
  await page.locator('.fc-tree [data-row]').first().waitFor();
}

async function selectBlock(page: Page, id: string) {
  await page.locator(`[data-row="${id}"] .fc-row-main`).click();
  await page.getByRole('tab', { name: 'Block' }).click();
  await page.locator(`.fc-block-inspector[data-block="${id}"]`).waitFor();
  // Its settings form is open (not "Opening its settings…").
  await page.locator('.fc-block-inspector [aria-busy="true"]').waitFor({ state: 'detached' });
}

/** A screen's steps wait for the editor's answers, and axe reads a large document: slow on a busy machine. */
const SLOW = 240_000;

describe('axe on every editor screen', () => {
  it(
    '"Who is editing?" and the sign-in',
    async () => {
      const context = await state.page.context().browser()!.newContext();
      try {
        const page = await context.newPage();
        // No name remembered in this browser: the editor asks who is editing.
        await page.goto(`${state.base}/editor/`);
        await page.getByRole('heading', { name: 'Who is editing?' }).waitFor();
        expect(await axe(page), 'who is editing').toEqual([]);
        await page.getByLabel('Your name').fill('Axe Test');
        // A server that wants a token answers 401 until staff sign in.
        await page.route('**/api/editor/**', (route) =>
          route.fulfill({ status: 401, json: { error: 'A staff token is needed.' } }),
        );
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
        expect(await axe(page), 'sign-in').toEqual([]);
      } finally {
        await context.close();
      }
    },
    SLOW,
  );

  it(
    'the site list and "New site from a template", also with its problems shown',
    async () => {
      const { page } = state;
      await page.goto(`${state.base}/editor/`);
      await page.locator(`[data-site="${SITE}"]`).waitFor();
      await page.locator('select[name="template"] option').nth(1).waitFor({ state: 'attached' });
      expect(await axe(page), 'site list').toEqual([]);
      await page.getByRole('button', { name: 'Create site' }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      expect(await axe(page), 'new site with problems').toEqual([]);
    },
    SLOW,
  );

  it(
    'the site editor: block forms of a hero with buttons and columns',
    async () => {
      const { page } = state;
      await openSite(page, 'home');
      await selectBlock(page, 'home-hero');
      await page.locator('#root_heading').waitFor();
      expect(await axe(page), 'hero').toEqual([]);
      await selectBlock(page, 'why-us-columns');
      expect(await axe(page), 'columns').toEqual([]);
    },
    SLOW,
  );

  // Rich text's toolbar (each button's name holds what it shows: label-content-name-mismatch)
  // and the locations block's anyOf field, whose choice of option rjsf draws as a select of
  // its own (select-name, label-title-only): docs/editor-design.md, "Accessibility".
  it(
    "the site editor: a rich-text block's and a locations block's forms",
    async () => {
      const { page } = state;
      await openSite(page, 'contact');
      await selectBlock(page, 'contact-text');
      await page.locator('.fc-tabpanel [contenteditable="true"]').first().waitFor();
      expect(await axe(page), 'rich text').toEqual([]);
      const before = state.errors.length;
      await selectBlock(page, 'contact-locations');
      await page.getByRole('combobox', { name: 'Locations shown' }).waitFor();
      expect(await axe(page), 'locations').toEqual([]);
      // Its form compiles no schema in the browser, so the editor's CSP (no 'unsafe-eval') logs nothing.
      expect(state.errors.slice(before)).toEqual([]);
    },
    SLOW,
  );

  it(
    'the page, switches, settings (locations, theme, offers) and problems tabs, and the image library',
    async () => {
      const { page } = state;
      await openSite(page, 'home');
      for (const tab of ['Page', 'Switches', 'Problems']) {
        await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
        await page.locator(`[role="tab"][aria-selected="true"]`, { hasText: tab }).waitFor();
        expect(await axe(page), tab).toEqual([]);
      }
      await page.getByRole('tab', { name: 'Settings' }).click();
      // One settings section is open at a time: each is opened and checked in turn.
      for (const section of ['locations', 'theme', 'offers']) {
        const details = page.locator(`details[data-section="${section}"]`);
        if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
        await page.locator(`details[data-section="${section}"][open] button`).first().waitFor();
        expect(await axe(page), `settings: ${section}`).toEqual([]);
        if (section !== 'theme') continue;
        await details.getByRole('button', { name: 'Choose image…' }).first().click();
        await page.getByRole('group', { name: /images of this site/ }).waitFor();
        expect(await axe(page), 'image library').toEqual([]);
      }
    },
    SLOW,
  );

  it(
    'the review, history and stock feeds dialogs',
    async () => {
      const { page } = state;
      await openSite(page, 'home');
      await selectBlock(page, 'home-hero');
      await page.locator('#root_heading').fill('A heading for the review');
      const save = page.getByRole('button', { name: 'Review and save' });
      await expect.poll(() => save.isEnabled(), { timeout: 15_000 }).toBe(true);
      await save.click();
      await page.locator('dialog[open]').getByText('A heading for the review').first().waitFor();
      expect(await axe(page), 'review').toEqual([]);
      await page.keyboard.press('Escape');
      await page.locator('dialog[open]').waitFor({ state: 'detached' });
      for (const name of ['History', 'Stock feeds']) {
        await page.getByRole('button', { name, exact: true }).click();
        const dialog = page.locator('dialog[open]');
        await dialog.waitFor();
        // Loaded: the dialog no longer says it is loading.
        await expect.poll(() => dialog.textContent(), { timeout: 15_000 }).not.toMatch(/Loading…/);
        expect(await axe(page), name).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
    },
    SLOW,
  );

  it(
    "the palette with one of this site's own presets (its add and remove buttons)",
    async () => {
      // A context of its own: the preset stays in its autosaved draft (localStorage), out of
      // the other tests' way.
      const context = await state.page.context().browser()!.newContext();
      try {
        await context.addInitScript(
          ([key, name]) => localStorage.setItem(key, name),
          [STAFF_KEY, 'Axe Test'],
        );
        const page = await context.newPage();
        page.setDefaultTimeout(60_000);
        await openSite(page, 'home');
        await selectBlock(page, 'home-hero');
        await page.getByText(PRESET_WORDS.open).click();
        await page.getByLabel(PRESET_WORDS.name).fill('Our welcome');
        await page.getByRole('button', { name: PRESET_WORDS.save }).click();
        await page
          .getByRole('button', { name: `Remove preset Our welcome, ${OWN_PRESET}` })
          .waitFor();
        expect(await axe(page), 'palette with own preset').toEqual([]);
      } finally {
        await context.close();
      }
    },
    SLOW,
  );

  it(
    'the notice of a second tab following the first',
    async () => {
      const { page } = state;
      await openSite(page, 'home');
      const second = await page.context().newPage();
      try {
        await openSite(second, 'home');
        await second.locator('[data-notice="tab"]').getByText(TAB_WORDS.following).waitFor();
        expect(await axe(second), 'two-tab notice').toEqual([]);
      } finally {
        await second.close();
      }
    },
    SLOW,
  );
});
