/**
 * axe-core in Chromium, as the accessibility tests run it: a page loaded at a width, made
 * ready by the caller, then checked; serious and critical violations fail a test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';

export const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

export interface AxeCheck {
  /** Waits until the page shows what is to be checked (hydrated, opened, …). */
  ready(page: Page): Promise<void>;
  /** The element checked; the whole document when not given. */
  scope?: string;
}

/** Each serious or critical violation on the page, as one readable line. */
export async function seriousViolations(
  browser: Browser,
  url: string,
  width: number,
  check: AxeCheck,
): Promise<string[]> {
  // axe is injected as a script; the production CSP allows only the site's own scripts.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await check.ready(page);
    await page.addScriptTag({ content: axeSource });
    const { violations } = (await page.evaluate(
      (scope) =>
        (window as any).axe.run(scope ? document.querySelector(scope) : document, {
          resultTypes: ['violations'],
        }),
      check.scope ?? null,
    )) as { violations: AxeViolation[] };
    return seriousLines(violations);
  } finally {
    await context.close();
  }
}

/** The serious and critical violations of an axe run, one readable line each. */
export function seriousLines(violations: AxeViolation[]): string[] {
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
