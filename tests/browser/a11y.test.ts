/**
 * axe-core on each demo site's main pages in Chromium: no serious or critical violations.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch } from './chromium.ts';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const base = inject('baseURL');
const SITES = ['gold-coast-ford', 'southern-motor-group', 'kiwi-car-yard', 'lakeside-chevrolet'];
const PAGES = [
  '/',
  '/search/new-used-and-demo-cars',
  '/contact',
  '/finance',
  '/trade-in',
  '/service',
];

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(url: string, width: number): Promise<AxeViolation[]> {
  // axe is injected as a script; the production CSP allows only the site's own scripts.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => (window as any).__forecourtHydrated);
  await page.addScriptTag({ content: axeSource });
  const result = (await page.evaluate(async () => {
    const axe = (window as any).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  })) as { violations: AxeViolation[] };
  await context.close();
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const describeViolations = (list: AxeViolation[]) =>
  list.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );

describe('accessibility (axe-core)', () => {
  for (const slug of SITES) {
    it(`${slug}: main pages have no serious or critical violations on desktop and phone`, async () => {
      const found: string[] = [];
      for (const path of PAGES) {
        for (const width of [1280, 400]) {
          const list = await violations(`${base}/sites/${slug}${path}`, width);
          found.push(...describeViolations(list).map((d) => `${path} @${width}px: ${d}`));
        }
      }
      expect(found).toEqual([]);
    }, 180_000);
  }

  it('a car detail page has no serious or critical violations', async () => {
    const res = await fetch(`${base}/1/indexes/Car_production/query`, {
      method: 'POST',
      body: JSON.stringify({
        hitsPerPage: 1,
        filters: 'dealership_slug:"gold-coast-ford" AND status:in_stock',
      }),
    });
    const { hits } = (await res.json()) as { hits: { slug: string }[] };
    expect(hits.length).toBe(1);
    const list = await violations(`${base}/sites/gold-coast-ford/cars/${hits[0].slug}`, 1280);
    expect(describeViolations(list)).toEqual([]);
  }, 60_000);
});
