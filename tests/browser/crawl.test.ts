/**
 * Every same-site link of every demo site leads somewhere (docs/site-documents.md, "Whole-site rules"). Starting at
 * /sites/{slug}/, the crawler (crawl.ts) follows the links of each rendered page and fails
 * on any 4xx/5xx (the page, its resources, or a linked URL), any console error, any link
 * that leaves the site's base path, and any #fragment with no element behind it, listing
 * every problem with the page(s) it was found on.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './chromium.ts';
import { crawlIndex, crawlSite } from './crawl.ts';

const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const base = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('crawl: every link of every demo site', () => {
  it('the platform index loads with no console error and no dead link', async () => {
    const problems = await crawlIndex(browser, base);
    if (problems.length)
      expect.fail(`${problems.length} problems on the index page /:\n${problems.join('\n')}`);
  });

  it.each(SITES)(
    '%s: no dead link, no console error, no link out of the base path, no anchor to nowhere',
    async (slug) => {
      const report = await crawlSite(browser, base, slug);
      const { skipped } = report;
      const notFetched = Object.entries(skipped)
        .filter(([, n]) => n)
        .map(([what, n]) => `${n} ${what}`);
      console.log(
        `[crawl] ${slug}: ${report.loaded.length} pages loaded in Chromium, ${report.readOnly} more read from their server HTML, ` +
          `${report.checked} URLs status-checked${notFetched.length ? ` (over the caps, not fetched: ${notFetched.join(', ')})` : ''}; ` +
          `car pages loaded: ${[...report.carStates.keys()].join('; ') || 'none'}; ` +
          `${report.problems.length} problems; ${(report.ms / 1000).toFixed(1)} s`,
      );
      if (report.problems.length)
        expect.fail(
          `${report.problems.length} problems on ${slug}:\n${report.problems.join('\n')}`,
        );
    },
    240_000,
  );
});
