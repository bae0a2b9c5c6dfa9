/**
 * axe-core in Chromium, as the accessibility tests run it: a page loaded at a width, made
 * ready by the caller, then checked; serious and critical violations fail a test.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { limiter, tabs } from './pool.ts';

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
  const context = await axeContext(browser, width);
  try {
    return await violationsIn(await context.newPage(), url, check);
  } finally {
    await context.close();
  }
}

/**
 * For many pages at a few widths: one context per width, whose tabs are navigated again
 * rather than opened for each page (pool.ts, `tabs`). `close()` closes the contexts.
 */
export function axeChecker(browser: Browser, pagesAtOnce: number) {
  const byWidth = new Map<
    number,
    Promise<{ context: BrowserContext; lend: ReturnType<typeof tabs> }>
  >();
  const slot = limiter(pagesAtOnce);
  const at = (width: number) => {
    let entry = byWidth.get(width);
    if (!entry) {
      entry = axeContext(browser, width).then((context) => ({
        context,
        lend: tabs(context, pagesAtOnce),
      }));
      byWidth.set(width, entry);
    }
    return entry;
  };
  return {
    /** Each serious or critical violation on `url` at `width`, as one readable line. */
    serious: (url: string, width: number, check: AxeCheck) =>
      slot(async () => (await at(width)).lend((page) => violationsIn(page, url, check))),
    close: async () => {
      for (const entry of byWidth.values()) await (await entry).context.close();
    },
  };
}

// axe is injected as a script; the production CSP allows only the site's own scripts.
const axeContext = (browser: Browser, width: number) =>
  browser.newContext({ bypassCSP: true, viewport: { width, height: 900 } });

async function violationsIn(page: Page, url: string, check: AxeCheck): Promise<string[]> {
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
