/**
 * The draft / review / publish loop of docs/publishing.md in headless Chromium, against
 * the real server on a TEMPORARY copy of sites/ (a git repository the server creates)
 * with a bare repository as FORECOURT_GIT_REMOTE: staff say who is editing, edit a
 * heading and save (a commit on forecourt/draft/{slug}; visitors still see the published
 * page, the staff draft preview shows the change), request a review (the branch is on
 * the remote, the Markdown shown), publish (visitors see it), find the version in
 * History, restore the version before it as a draft (draft preview old, visitors still
 * new), and settle a conflict with someone else's save by keyboard. axe checks the bar
 * and the dialogs.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { startServer } from '../setup/browser-global.ts';
import { stopServer } from './waits.ts';

const root = join(import.meta.dirname, '../..');
const SLUG = 'kiwi-car-yard';
const BRANCH = `forecourt/draft/${SLUG}`;
const OLD = 'Quality used cars, Kiwi owned';
const NEW = 'Kiwi owned, Kiwi loved';
const STAFF = 'Pat Tester';
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let dir: string;
let sitesDir: string;
let remote: string;
let server: { url: string; proc: ChildProcess; output: () => string };
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

/** expect.poll with room for git and a reload on a loaded machine. */
const poll = <T>(fn: () => Promise<T> | T, timeout = 15_000) => expect.poll(fn, { timeout });
const git = (args: string[], cwd = sitesDir) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const text = async (path: string) => (await fetch(`${server.url}${path}`)).text();
const notice = () => page.locator('.fc-publishbar [data-notice]');
const draftStatus = () => page.locator('[data-draft-status]');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'forecourt-publish-'));
  sitesDir = join(dir, 'sites');
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  remote = join(dir, 'remote.git');
  execFileSync('git', ['init', '--bare', '--quiet', remote]);
  server = await startServer({
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_DIST: inject('distDir'),
    FORECOURT_DATA_DIR: join(dir, 'data'),
    FORECOURT_GIT_REMOTE: remote,
  });
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1500, height: 950 }, bypassCSP: true });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stopServer(server?.proc);
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Selects the home hero and types a heading into its form. */
async function typeHeading(value: string) {
  await page.locator('[data-row="home-hero"] .fc-row-main').click();
  await page.locator('#root_heading').fill(value);
  await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
}

async function reviewAndSave() {
  const button = page.getByRole('button', { name: 'Review and save' });
  await poll(() => button.isEnabled()).toBe(true);
  await button.click();
  await page.locator('dialog.fc-review').getByRole('button', { name: 'Save', exact: true }).click();
}

/** axe on one part of the editor: no serious or critical violations. */
async function axe(selector: string) {
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(
    async (sel) =>
      (window as any).axe.run(document.querySelector(sel), { resultTypes: ['violations'] }),
    selector,
  )) as {
    violations: Array<{
      id: string;
      impact: string;
      help: string;
      nodes: Array<{ target: string[] }>;
    }>;
  };
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('draft, review, publish, history and restore in the editor', () => {
  it('asks who is editing, once', async () => {
    await page.goto(`${server.url}/editor/?site=${SLUG}&page=home`);
    await page.getByRole('heading', { name: 'Who is editing?' }).waitFor();
    await poll(() =>
      page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent,
      ),
    ).toBe('Your name');
    await page.keyboard.type(STAFF);
    await page.keyboard.press('Enter');
    await page.locator('[data-row="home-hero"]').waitFor();
    expect(await page.locator('[data-staff-name]').textContent()).toBe(STAFF);
    expect(await draftStatus().textContent()).toBe('No unpublished changes');
    expect(await axe('.fc-publishbar')).toEqual([]);
  });

  it('saves a draft: a commit on the draft branch, visitors still see the published page, the draft preview shows it', async () => {
    const publishedHead = git(['rev-parse', 'HEAD']);
    await typeHeading(NEW);
    await reviewAndSave();
    await poll(() => notice().textContent()).toMatch(/Draft saved\. It is not live yet/);
    expect(
      await notice().getByRole('link', { name: 'Preview the draft' }).getAttribute('href'),
    ).toBe(`/drafts/${SLUG}/`);
    expect(
      await notice().getByRole('link', { name: 'Open the published site' }).getAttribute('href'),
    ).toBe(`/sites/${SLUG}/`);
    expect(await draftStatus().textContent()).toMatch(
      new RegExp(`^Draft: 1 change not published \\(last saved by ${STAFF}, `),
    );
    // Git: one commit on the draft branch, by the staff member; the published branch and the file are untouched.
    expect(git(['log', '-1', '--format=%an', BRANCH])).toBe(STAFF);
    // In staff words: the page and block by their titles, then the field ("… › Hero home-hero › Heading").
    expect(git(['log', '-1', '--format=%s', BRANCH])).toMatch(/^Page .* › Hero .* › Heading/);
    expect(git(['rev-parse', 'HEAD'])).toBe(publishedHead);
    expect(readFileSync(join(sitesDir, `${SLUG}.json`), 'utf8')).toContain(OLD);
    expect(git(['status', '--porcelain'])).toBe('');
    // Visitors: unchanged. Staff draft preview (this machine): the new heading, not indexed.
    const live = await text(`/sites/${SLUG}/`);
    expect(live).toContain(OLD);
    expect(live).not.toContain(NEW);
    const [preview] = await Promise.all([
      context.waitForEvent('page'),
      notice().getByRole('link', { name: 'Preview the draft' }).click(),
    ]);
    await preview.getByRole('heading', { name: NEW }).waitFor();
    await preview.close();
    const res = await fetch(`${server.url}/drafts/${SLUG}/`);
    expect(res.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('requests a review: the branch is on the remote and the Markdown is shown to copy', async () => {
    await page.getByRole('button', { name: 'Request review' }).click();
    const dialog = page.getByRole('dialog', { name: 'Review requested' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain(`pushed to ${remote} as branch ${BRANCH}`);
    const markdown = await dialog.getByLabel('Review description (Markdown)').inputValue();
    expect(markdown).toContain(NEW);
    expect(markdown).toContain(`/drafts/${SLUG}/`);
    expect(git(['rev-parse', `refs/heads/${BRANCH}`], remote)).toBe(git(['rev-parse', BRANCH]));
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByText(/Copied to the clipboard|Selected: press Ctrl\+C/).waitFor();
    expect(await axe('dialog[open]')).toEqual([]);
    // Escape closes; focus goes back to the button that opened it.
    await page.keyboard.press('Escape');
    await poll(() => dialog.count()).toBe(0);
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Request review',
    );
  });

  it('publishes after a confirmation listing the changes; visitors see it', async () => {
    await page.getByRole('button', { name: 'Publish…' }).click();
    const dialog = page.getByRole('dialog', { name: `Publish ${SLUG}?` });
    await dialog.waitFor();
    expect(await dialog.locator('[data-draft-summary] li').allTextContents()).toEqual([
      expect.stringContaining(NEW),
    ]);
    expect(await axe('dialog[open]')).toEqual([]);
    await dialog.getByRole('button', { name: 'Publish now' }).click();
    await poll(() => notice().textContent()).toMatch(/^Published: visitors see it now\./);
    expect(
      await notice().getByRole('link', { name: 'Open the published site' }).getAttribute('href'),
    ).toBe(`/sites/${SLUG}/`);
    await poll(() => text(`/sites/${SLUG}/`)).toContain(NEW);
    expect(await draftStatus().textContent()).toBe('No unpublished changes');
    expect(readFileSync(join(sitesDir, `${SLUG}.json`), 'utf8')).toContain(NEW);
    expect(git(['branch', '--list', BRANCH])).toBe('');
  });

  it('lists the published version in History and restores the one before as a draft; visitors keep the new one', async () => {
    await page.getByRole('button', { name: 'History' }).click();
    const dialog = page.getByRole('dialog', { name: 'Published versions' });
    const versions = dialog.locator('[data-version]');
    await versions.first().waitFor();
    expect(await versions.count()).toBeGreaterThanOrEqual(2);
    const newest = (await versions.first().textContent()) ?? '';
    expect(newest).toContain(STAFF);
    expect(newest).toContain(NEW);
    expect(await axe('dialog[open]')).toEqual([]);
    await versions.nth(1).getByRole('button', { name: 'Restore as draft' }).click();
    await poll(() => dialog.count()).toBe(0);
    await poll(() => notice().textContent()).toMatch(
      /is now the draft\. Nothing is live until you publish it\./,
    );
    expect(await draftStatus().textContent()).toMatch(/^Draft: 1 change not published/);
    // The editor has the old heading; so does the draft preview; visitors still the new one.
    await page.locator('[data-row="home-hero"] .fc-row-main').click();
    await poll(() => page.locator('#root_heading').inputValue()).toBe(OLD);
    await poll(() => text(`/drafts/${SLUG}/`)).toContain(OLD);
    expect(await text(`/drafts/${SLUG}/`)).not.toContain(NEW);
    const live = await text(`/sites/${SLUG}/`);
    expect(live).toContain(NEW);
    expect(live).not.toContain(OLD);
  });

  it('settles a conflict with someone else’s save: both values shown, the one chosen (by keyboard) is saved', async () => {
    // Someone else saves the same heading from the same draft.
    const site = await (await fetch(`${server.url}/api/editor/sites/${SLUG}`)).json();
    const theirs = structuredClone(site.document);
    theirs.pages[0].blocks[0].props.heading = 'Their heading';
    const res = await fetch(`${server.url}/api/editor/sites/${SLUG}`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'X-Forecourt-Staff': encodeURIComponent('Sam Other'),
      },
      body: JSON.stringify({ document: theirs, baseVersion: site.version }),
    });
    expect(res.status).toBe(200);
    await typeHeading('My heading');
    await reviewAndSave();
    const dialog = page.getByRole('dialog', { name: 'Someone else changed the same value' });
    await dialog.waitFor();
    const group = dialog.getByRole('group').filter({ hasText: 'heading' }).first();
    expect(await group.locator('[data-side="mine"]').textContent()).toBe('My heading');
    expect(await group.locator('[data-side="theirs"]').textContent()).toBe('Their heading');
    expect(await group.locator('[data-side="base"]').textContent()).toBe(OLD);
    expect(await axe('dialog[open]')).toEqual([]);
    // Keyboard only: focus starts on the first choice; Space picks "Yours"; Tab to the save button.
    await poll(() =>
      page.evaluate(
        () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent,
      ),
    ).toBe('Yours');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(
      'Save with these choices',
    );
    await page.keyboard.press('Enter');
    await poll(() => dialog.count()).toBe(0);
    await poll(() => notice().textContent()).toMatch(/Draft saved with the values you chose/);
    expect(git(['log', '-1', '--format=%an', BRANCH])).toBe(STAFF);
    expect(git(['log', '-2', '--format=%an', BRANCH]).split('\n')[1]).toBe('Sam Other');
    await poll(() => text(`/drafts/${SLUG}/`)).toContain('My heading');
    expect(await text(`/sites/${SLUG}/`)).toContain(NEW);
    // Nothing failed but the conflict's own 409.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([]);
  });
});
