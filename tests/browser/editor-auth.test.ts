/**
 * Staff sign-in for the editor in headless Chromium, against its own server started with
 * FORECOURT_EDITOR_TOKEN (the production build from the browser project's global setup,
 * on a copy of sites/): the public editor page shows the sign-in (name, then token; the
 * name is remembered in localStorage), a wrong token an error,
 * the right one the site list (the token in sessionStorage, drafts in localStorage kept),
 * the API refuses requests without the token, and Sign out returns to the sign-in. The
 * shared server (no editor token) shows remote visitors how to turn remote editing on.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launch, watchErrors } from './chromium.ts';
import { startServer } from '../setup/browser-global.ts';
import { stopServer } from './waits.ts';
import { STAFF_KEY, TOKEN_KEY } from '../../editor/lib/auth.ts';
import { draftKey } from '../../editor/lib/autosave.ts';
import { resend } from './resend.ts';

const root = join(import.meta.dirname, '../..');
const TOKEN = 'browser-test-editor-token-3f9a';
const SLUG = 'gold-coast-ford';
const DRAFT_KEY = draftKey(SLUG);

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let proc: ChildProcess | undefined;
let base: string;
let sitesDir: string;
let dataDir: string;

beforeAll(async () => {
  sitesDir = mkdtempSync(join(tmpdir(), 'forecourt-auth-sites-'));
  cpSync(join(root, 'sites'), sitesDir, { recursive: true });
  dataDir = mkdtempSync(join(tmpdir(), 'forecourt-auth-data-'));
  const server = await startServer({
    FORECOURT_DIST: inject('distDir'),
    FORECOURT_DATA_DIR: dataDir,
    FORECOURT_SITES_DIR: sitesDir,
    FORECOURT_STAFF_TOKEN: 'auth-test-staff-token',
    FORECOURT_EDITOR_TOKEN: TOKEN,
  });
  proc = server.proc;
  base = server.url;
  browser = await launch();
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  errors = watchErrors(page);
});

afterAll(async () => {
  await browser?.close();
  // Let the server close its database before its folder goes.
  await stopServer(proc);
  if (sitesDir) rmSync(sitesDir, { recursive: true, force: true });
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const tokenField = () => page.getByLabel('Editor token');
const signInHeading = () => page.getByRole('heading', { name: 'Staff sign-in' });
const focusedLabel = () =>
  page.evaluate(
    () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? null,
  );
const stored = (storage: 'sessionStorage' | 'localStorage', key: string) =>
  page.evaluate(([s, k]) => window[s as 'localStorage'].getItem(k), [storage, key]);

describe('editor sign-in with FORECOURT_EDITOR_TOKEN', () => {
  it('the API refuses requests without the right token', async () => {
    const none = await page.request.get(`${base}/api/editor/sites`, resend);
    expect(none.status()).toBe(401);
    expect(none.headers()['www-authenticate']).toBe('Bearer realm="forecourt-editor"');
    expect((await none.json()).error).toMatch(/Authorization: Bearer/);
    const wrong = await page.request.get(`${base}/api/editor/sites`, {
      ...resend,
      headers: { Authorization: 'Bearer nope' },
    });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).error).toMatch(/not accepted/);
    const save = await page.request.put(`${base}/api/editor/sites/${SLUG}`, {
      ...resend,
      data: { document: {} },
    });
    expect(save.status()).toBe(401);
    const right = await page.request.get(`${base}/api/editor/sites`, {
      ...resend,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(right.status()).toBe(200);
    expect((await right.json()).sites.map((s: { slug: string }) => s.slug)).toContain(SLUG);
  });

  it('the editor page itself is public and shows the sign-in, focused in the name field, then the token field', async () => {
    const res = await page.goto(`${base}/editor/`);
    expect(res?.status()).toBe(200);
    await signInHeading().waitFor();
    expect(await tokenField().getAttribute('type')).toBe('password');
    // No name remembered yet: staff give it first (drafts and publishes carry it).
    await expect.poll(focusedLabel).toBe('Your name');
    await page.keyboard.type('Auth Tester');
    await page.keyboard.press('Tab');
    await expect.poll(focusedLabel).toBe('Editor token');
  });

  it('a wrong token (typed, Enter) shows the error and keeps the sign-in', async () => {
    // A draft from before: signing in must not lose it.
    const saved = await page.request.get(`${base}/api/editor/sites/${SLUG}`, {
      ...resend,
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    const { document, version } = await saved.json();
    await page.evaluate(
      ([key, draft]) => localStorage.setItem(key, draft),
      [
        DRAFT_KEY,
        JSON.stringify({
          v: 1,
          slug: SLUG,
          doc: { ...document, name: 'Gold Coast Ford (draft)' },
          baseVersion: version,
          savedAt: Date.now(),
        }),
      ],
    );
    await page.keyboard.type('not-the-token');
    await page.keyboard.press('Enter');
    const error = page.locator('[data-signin-error]');
    await expect.poll(() => error.textContent()).toMatch(/not accepted/);
    expect(await error.getAttribute('aria-live')).toBe('assertive');
    expect(await tokenField().getAttribute('aria-invalid')).toBe('true');
    await expect.poll(focusedLabel).toBe('Editor token');
    expect(await stored('sessionStorage', TOKEN_KEY)).toBeNull();
  });

  it('the right token shows the site list; the token lives in sessionStorage only', async () => {
    // Keyboard only: the field is focused with its text selected after the error.
    await page.keyboard.press('Control+a');
    await page.keyboard.type(TOKEN);
    await page.keyboard.press('Enter');
    await page.locator(`[data-site="${SLUG}"]`).waitFor();
    expect(await signInHeading().count()).toBe(0);
    expect(await stored('sessionStorage', TOKEN_KEY)).toBe(TOKEN);
    expect(await stored('localStorage', TOKEN_KEY)).toBeNull();
    // The name is remembered beyond the session.
    expect(await stored('localStorage', STAFF_KEY)).toBe('Auth Tester');
    expect(await page.locator(`[data-site="${SLUG}"]`).textContent()).toContain(
      'unsaved changes in this browser',
    );
    // A reload in the same tab stays signed in.
    await page.reload();
    await page.locator(`[data-site="${SLUG}"]`).waitFor();
    expect(await signInHeading().count()).toBe(0);
  });

  it('a new browser session has to sign in again', async () => {
    const other = await browser.newContext();
    const p = await other.newPage();
    await p.goto(`${base}/editor/`);
    await p.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
    await other.close();
  });

  it('opens a site with the draft; Sign out in the top bar returns to the sign-in, and signing in reopens it', async () => {
    await page.locator(`[data-site="${SLUG}"]`).click();
    await page.waitForURL(/site=gold-coast-ford/);
    await page.locator('[data-notice="restored"]').waitFor();
    expect(await page.locator('.fc-topbar h1').textContent()).toContain('Gold Coast Ford (draft)');
    await page.locator('.fc-topbar').getByRole('button', { name: 'Sign out' }).click();
    await signInHeading().waitFor();
    // The remembered name is filled in: focus goes to the token.
    await expect.poll(focusedLabel).toBe('Editor token');
    expect(await page.getByLabel('Your name').inputValue()).toBe('Auth Tester');
    expect(await stored('sessionStorage', TOKEN_KEY)).toBeNull();
    // The draft stays in this browser.
    expect(JSON.parse((await stored('localStorage', DRAFT_KEY))!).doc.name).toBe(
      'Gold Coast Ford (draft)',
    );
    // Signing in continues where it was: the same site, its draft restored.
    await page.keyboard.type(TOKEN);
    await page.keyboard.press('Enter');
    await page.locator('[data-notice="restored"]').waitFor();
    expect(await page.locator('.fc-topbar h1').textContent()).toContain('Gold Coast Ford (draft)');
    expect(page.url()).toContain('site=gold-coast-ford');
  });

  it('Sign out from the site list returns to the sign-in', async () => {
    await page.locator('.fc-topbar').getByRole('button', { name: '← All sites' }).click();
    await page.locator(`[data-site="${SLUG}"]`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInHeading().waitFor();
    expect(await stored('sessionStorage', TOKEN_KEY)).toBeNull();
    // Nothing failed but the refused requests themselves.
    expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
  });
});

describe('editor without FORECOURT_EDITOR_TOKEN, from another machine', () => {
  it.skipIf(!!process.env.FORECOURT_EDITOR_TOKEN)(
    'explains how to turn on remote editing',
    async () => {
      // The shared server has no editor token; through a proxy on its machine the client
      // address is the forwarded one, so this browser counts as remote.
      const remote = await browser.newContext({
        extraHTTPHeaders: { 'X-Forwarded-For': '203.0.113.9' },
      });
      const p = await remote.newPage();
      await p.goto(`${inject('baseURL')}/editor/`);
      await p.getByRole('heading', { name: 'Remote editing is off' }).waitFor();
      expect(await p.locator('main').textContent()).toContain('FORECOURT_EDITOR_TOKEN');
      expect(await p.getByLabel('Editor token').count()).toBe(0);
      await remote.close();
    },
  );
});
