/**
 * Links checked in the browser (docs/editor-design.md, "Links checked as staff type"): a
 * button's link typed to a route the site does not have is marked at its field while the
 * server's check is held back, and no check is sent while the keys are typed; the server,
 * once it answers, says the same; a link put back to a page of the site clears the mark.
 *
 * On a demo site as it is in sites/ (a copy, editor-kit.ts), on this file's own server.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { useEditor } from './editor-kit.ts';

const editor = useEditor();
let page: Page;
let errors: string[];
/** The preview shows the latest checked draft (a whole demo site checks slower than the kit's test site). */
const previewSettled = () =>
  page.waitForFunction(
    () => {
      const s = document.querySelector('[data-preview-revision]');
      return s && !/Updating|Starting/.test(s.textContent ?? '');
    },
    undefined,
    { timeout: 90_000 },
  );
beforeAll(async () => {
  ({ page, errors } = editor.state);
  await page.goto(`${editor.state.base}/editor/?site=gold-coast-ford&page=home`);
  await page.locator('[data-row="home-hero"]').waitFor({ timeout: 60_000 });
});

const isCheck = (r: Request) => r.method() === 'POST' && r.url().endsWith('/api/editor/check');

describe('links checked as staff type', () => {
  it('marks a link to a route the site does not have before any check is sent', async () => {
    await previewSettled();
    await page.locator('[data-row="home-hero"] .fc-row-main').click();
    await page.locator('.fc-block-inspector[data-block="home-hero"]').waitFor();
    const href = page.locator('#root_actions_1_href');
    const was = await href.inputValue();
    expect(was).toBe('/search/used-cars');
    expect(await href.getAttribute('aria-invalid')).toBeNull();

    // Every check is held until the field has shown its mark: only the browser can mark it.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const sent: number[] = [];
    await page.route('**/api/editor/check', async (route) => {
      if (isCheck(route.request())) sent.push(Date.now());
      await released;
      await route.continue();
    });
    await href.focus();
    await page.keyboard.press('Control+a');
    const from = Date.now();
    await page.keyboard.type('/no-such-page', { delay: 20 });
    const typed = Date.now();
    await expect.poll(() => href.getAttribute('aria-invalid')).toBe('true');
    const inspector = page.locator('.fc-block-inspector[data-block="home-hero"]');
    await expect
      .poll(() => inspector.textContent())
      .toContain('"/no-such-page", which is not a route of this site');
    expect(sent.filter((t) => t >= from && t <= typed)).toEqual([]);

    // The server's check, when it comes, finds the same problem.
    const answered = page.waitForResponse((r) => isCheck(r.request()));
    release();
    // Waits for the held handlers to hand their requests on (a handler still running when its
    // route is taken away finds the request already handled).
    await page.unrouteAll({ behavior: 'wait' });
    const answer = await answered;
    const { issues } = (await answer.json()) as {
      issues: Array<{ path: string; message: string }>;
    };
    expect(issues.map((i) => i.message).join('\n')).toContain('"/no-such-page"');
    await previewSettled();
    expect(await href.getAttribute('aria-invalid')).toBe('true');

    // Back to a page of the site: the mark goes at once.
    await href.focus();
    await page.keyboard.press('Control+a');
    await page.keyboard.type(was, { delay: 20 });
    await expect.poll(() => href.getAttribute('aria-invalid')).toBeNull();
    await previewSettled();
    expect(await href.getAttribute('aria-invalid')).toBeNull();
    expect(errors).toEqual([]);
  });
});
