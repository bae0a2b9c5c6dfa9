/**
 * Two tabs of one browser on one site (docs/editor-guide.md, "Two tabs on one site"): the
 * second follows the first read-only and shows its edits; "Edit here instead" takes over
 * with everything the first had, the first then follows; a save in the editing tab keeps
 * both tabs' edits, and the following tab shows the saved document.
 */
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { useEditor } from './editor-kit.ts';
import { watchErrors } from './chromium.ts';
import { TAB_WORDS } from '../../editor/components/TabNotice.tsx';
import { STATUS_WORDS } from '../../editor/components/TopBarStatus.tsx';

const SITE = 'kiwi-car-yard';
const FROM_A = 'Heading typed in the first tab';
const FROM_B = 'Text typed in the second tab';

const { state } = useEditor();
const poll = <T>(fn: () => Promise<T> | T) => expect.poll(fn, { timeout: 15_000 });

async function open(page: Page) {
  await page.goto(`${state.base}/editor/?site=${SITE}&page=home`);
  await page.locator('[data-row="home-hero"]').waitFor({ state: 'attached' });
}

/** Errors of the editor itself (a resource the loaded machine failed to serve is not one). */
const editorErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource|Failed to fetch dynamically imported/.test(e));

const notice = (page: Page) => page.locator('[data-notice="tab"]');

describe('two tabs on one site', () => {
  it('one edits, the other follows, takes over, and a save keeps both edits', async () => {
    const a = state.page;
    await open(a);
    const b = await a.context().newPage();
    b.setDefaultTimeout(15_000);
    const errorsB = watchErrors(b);
    await open(b);
    await notice(b).getByText(TAB_WORDS.following).waitFor();
    expect(await b.locator('.fc-workspace').getAttribute('inert')).not.toBeNull();
    expect(await notice(a).count()).toBe(0);

    // The first tab edits; the second shows it in its preview. (Staff look at one tab at a
    // time: a tab in the background draws no frames, so each is brought to the front.)
    await a.bringToFront();
    await a.locator('[data-row="home-hero"] .fc-row-main').click();
    await a.locator('#root_heading').fill(FROM_A);
    await b.bringToFront();
    await b.frameLocator('iframe[title^="Preview"]').getByText(FROM_A).waitFor();

    // The second takes over, with the first tab's heading; the first now follows.
    await notice(b).getByRole('button', { name: TAB_WORDS.takeOver }).click();
    await notice(b).getByText(TAB_WORDS.tookOver).waitFor();
    await a.bringToFront();
    await notice(a).getByText(TAB_WORDS.following).waitFor();
    expect(await a.locator('.fc-workspace').getAttribute('inert')).not.toBeNull();
    expect(await b.locator('.fc-workspace').getAttribute('inert')).toBeNull();
    await b.bringToFront();
    await b.locator('[data-row="home-hero"] .fc-row-main').click();
    await poll(() => b.locator('#root_heading').inputValue()).toBe(FROM_A);
    await b.locator('#root_text').fill(FROM_B);
    await b.locator('.fc-problems-badge', { hasText: STATUS_WORDS.none }).waitFor();

    // Saved from the second tab: both edits are in the draft, and the first tab shows it saved.
    const save = b.getByRole('button', { name: 'Review and save' });
    await poll(() => save.isEnabled()).toBe(true);
    await save.click();
    await b.locator('dialog.fc-review').getByRole('button', { name: 'Save', exact: true }).click();
    await b.locator('.fc-publishbar [data-notice]', { hasText: 'Draft saved' }).waitFor();
    const saved = execFileSync('git', ['show', `forecourt/draft/${SITE}:${SITE}.json`], {
      cwd: state.sitesDir,
      encoding: 'utf8',
    });
    expect(saved).toContain(FROM_A);
    expect(saved).toContain(FROM_B);
    await a.bringToFront();
    await a.locator('.fc-status[data-dirty="no"]').waitFor();
    await a.frameLocator('iframe[title^="Preview"]').getByText(FROM_B).waitFor();
    expect(editorErrors(state.errors)).toEqual([]);
    expect(editorErrors(errorsB)).toEqual([]);
  });
});
