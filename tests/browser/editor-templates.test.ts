/**
 * The starter templates (docs/site-documents.md, "Starter templates") through the editor's
 * "New site" form, as onboarding staff use it: a site created from each is valid, every
 * page route it has answers 200, and every same-site link those pages render reaches a
 * page (no dead links). Editing one block of a template page saves that change alone
 * (docs/editor-design.md, "The document model"). The editor saves documents, so this file runs its
 * own server on a COPY of sites/ (editor-kit.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { STARTER_TEMPLATES } from '../../demo/pages/starter-templates.ts';
import { useEditor } from './editor-kit.ts';
import { check, Problems, show } from './crawl-check.ts';
import { resend } from './resend.ts';

const editor = useEditor();
const { preview } = editor;
let page: Page;
let errors: string[];
let base: string;
beforeAll(() => {
  ({ page, errors, base } = editor.state);
});

const REGION: Record<string, string> = { 'us-franchise': 'US' };
const MAKES: Record<string, string> = {
  'used-car-yard': '',
  'multi-brand-group': 'Toyota, Mazda',
  'us-franchise': 'Chevrolet',
};

async function createThroughForm(template: string, slug: string) {
  await page.goto(`${base}/editor/`);
  await page.getByLabel('Dealer or group name').fill('City Motors');
  await page.getByLabel('Site name (in addresses and the file name)').fill(slug);
  await page.locator('select[name="template"]').selectOption(template);
  await page.locator('select[name="region"]').selectOption(REGION[template] ?? 'AU');
  await page.locator('input[name="dealership-0-id"]').fill('91');
  await page.locator('input[name="dealership-0-name"]').fill('City Motors');
  await page.locator('input[name="dealership-0-makes"]').fill(MAKES[template] ?? 'Mazda');
  await page.getByRole('button', { name: 'Create site' }).click();
  await page.waitForURL(new RegExp(`site=${slug}\\b`));
  await page.locator('[data-row="home-hero"]').waitFor();
}

describe('starter templates in the editor', () => {
  it.each(Object.keys(STARTER_TEMPLATES))(
    '%s: creates a valid site whose pages answer 200 with no dead links',
    async (template) => {
      const slug = `city-motors-${template}`;
      await createThroughForm(template, slug);

      const opened = await (
        await page.request.get(`${base}/api/editor/sites/${slug}`, resend)
      ).json();
      expect(opened.issues).toEqual([]);
      // A new site is a draft until it is published (docs/publishing.md): visitors get it then.
      expect((await page.request.get(`${base}/sites/${slug}`, resend)).status()).toBe(404);
      const publish = await page.request.post(`${base}/api/editor/sites/${slug}/publish`, {
        ...resend,
        headers: { 'X-Forecourt-Staff': 'Template Test' },
      });
      expect(publish.status(), await publish.text()).toBe(200);
      expect(opened.document.template).toBe(template);
      const paths: string[] = opened.resolved.pages
        .map((p: { path: string }) => p.path)
        .filter((p: string) => !/[:*]/.test(p));

      // Every page with a fixed route, then every same-site link those pages render.
      const site = `${base}/sites/${slug}`;
      const inBase = (u: URL) =>
        u.pathname === `/sites/${slug}` || u.pathname.startsWith(`/sites/${slug}/`);
      const problems = new Problems();
      const links = new Map<string, Set<string>>();
      for (const path of paths) {
        const url = `${site}${path === '/' ? '' : path}`;
        const got = await check(url, inBase, problems, () => ['(page list)']);
        if (got.status !== 200)
          problems.add(`page answers ${got.status}: ${show(url)} ←`, '(page list)');
        for (const link of got.links ?? []) {
          const target = new URL(link.url);
          target.hash = '';
          if (!inBase(target)) continue;
          if (!links.has(target.href)) links.set(target.href, new Set());
          links.get(target.href)!.add(show(url));
        }
      }
      for (const [url, from] of links) {
        const got = await check(url, inBase, problems, () => [...from]);
        if (got.status !== 200)
          for (const where of from)
            problems.add(`dead link (${got.status}) ${show(url)} ← linked from`, where);
      }
      expect(problems.lines()).toEqual([]);
      expect(links.size).toBeGreaterThan(paths.length / 2);
      expect(errors).toEqual([]);
    },
  );
});

describe('editing a template page', () => {
  it('one block edit of a template page saves only that change, and the review reads it as the block edit', async () => {
    const slug = 'city-motors-one-edit';
    await createThroughForm('multi-brand-group', slug);
    const opened = await (
      await page.request.get(`${base}/api/editor/sites/${slug}`, resend)
    ).json();
    const before = opened.document;
    expect(before.pages).toBeUndefined();
    const heading = opened.resolved.pages[0].blocks.find(
      (b: { id: string }) => b.id === 'home-hero',
    ).props.heading;

    await page.locator('[data-row="home-hero"] .fc-row-main').click();
    await page.locator('#root_heading').fill('Drive away today');
    await page.locator('.fc-problems-badge', { hasText: 'No problems' }).waitFor();
    await preview().getByRole('heading', { name: 'Drive away today' }).waitFor();
    const button = page.getByRole('button', { name: 'Review and save' });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    const dialog = page.getByRole('dialog');
    const details = dialog.locator('details');
    if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open)))
      await details.locator('summary').click();
    await details
      .getByText(
        `Block hero home-hero on page home: props/heading ${JSON.stringify(heading)} → "Drive away today"`,
      )
      .waitFor();
    expect(await details.getByText(/Page home added/).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('.fc-status').textContent())
      .toContain('All changes saved');

    const saved = (
      await (await page.request.get(`${base}/api/editor/sites/${slug}`, resend)).json()
    ).document;
    expect(saved.pages).toEqual([
      { id: 'home', blockChanges: { 'home-hero': { props: { heading: 'Drive away today' } } } },
    ]);
    const { pages: _pages, ...rest } = saved;
    expect(rest).toEqual(before);
    // The draft preview shows the change on the template's page.
    expect(await (await page.request.get(`${base}/drafts/${slug}/`, resend)).text()).toContain(
      'Drive away today',
    );
    expect(errors).toEqual([]);
  });
});
