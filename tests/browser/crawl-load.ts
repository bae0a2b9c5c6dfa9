/** The browser half of the crawl (crawl.ts): one page loaded in Chromium, with what it shows and the problems it reports. */
import type { ConsoleMessage, Page, Request, Response } from 'playwright-core';
import { show, type Link, type Problems } from './crawl-check.ts';
import { trackNetwork } from './waits.ts';

export interface Loaded {
  links: Link[];
  ids: string[];
  icons: string[];
  images: string[];
  /** Same-origin URLs the browser fetched. */
  requested: Set<string>;
}

/**
 * Loads a page in Chromium, in a tab lent to it (pool.ts, `tabs`); reports its bad responses
 * and console errors; returns what it shows. Its listeners leave the tab with it.
 */
export async function load(
  page: Page,
  url: string,
  problems: Problems,
  hydrates = true,
): Promise<Loaded | undefined> {
  const where = show(url);
  const badResponses = new Set<string>();
  const requested = new Set<string>();
  const network = trackNetwork(page);
  const onRequest = (r: Request) => requested.add(r.url());
  const onRequestFailed = (r: Request) => {
    const error = r.failure()?.errorText ?? 'failed';
    if (error.includes('ERR_ABORTED')) return; // a navigation aborts the requests of the page it leaves
    problems.add(`request failed (${error}) ${show(r.url())} ← requested by`, where);
  };
  const onResponse = (r: Response) => {
    if (r.status() < 400) return;
    badResponses.add(r.url());
    const document = r.request().isNavigationRequest() && r.frame() === page.mainFrame();
    problems.add(
      `${r.status()} ${show(r.url())} (${document ? 'the page itself' : r.request().resourceType()}) ← requested by`,
      where,
    );
  };
  const consoleErrors: { text: string; url: string }[] = [];
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error') consoleErrors.push({ text: msg.text(), url: msg.location().url });
  };
  const onPageError = (err: Error) => problems.add(`uncaught error: ${err.message} ← on`, where);
  page.on('request', onRequest);
  page.on('requestfailed', onRequestFailed);
  page.on('response', onResponse);
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  let icons: string[] = [];
  try {
    await page.goto(url, { waitUntil: 'load', timeout: 30_000 });
    if (hydrates) {
      const hydrated = await page
        .waitForFunction(
          () => (window as unknown as { __forecourtHydrated?: boolean }).__forecourtHydrated,
          null,
          { timeout: 15_000 },
        )
        .then(
          () => true,
          () => false,
        );
      if (!hydrated)
        problems.add('page never hydrated (window.__forecourtHydrated not set) ← on', where);
    }
    // Block modules, data and images requested after hydration: wait for 300 ms without a request.
    await network.quiet(300, 5_000);
    const found = await page.evaluate(() => ({
      links: [
        ...document.querySelectorAll<HTMLAnchorElement | HTMLAreaElement>('a[href], area[href]'),
      ].map((a) => ({ href: a.getAttribute('href')!, url: a.href })),
      ids: [...document.querySelectorAll('[id]')]
        .map((e) => e.id)
        .concat([...document.querySelectorAll('a[name]')].map((e) => e.getAttribute('name')!)),
      icons: [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"][href]')].map(
        (l) => l.href,
      ),
      images: [...document.images].map((img) => img.currentSrc || img.src).filter(Boolean),
    }));
    // Chromium asks for /favicon.ico when a page names no icon (a request playwright does not report).
    icons = found.icons.length ? found.icons : [new URL('/favicon.ico', url).href];
    return { ...found, icons, requested };
  } catch (err) {
    problems.add(`page failed to load (${(err as Error).message.split('\n')[0]}) ← on`, where);
    return undefined;
  } finally {
    for (const e of consoleErrors) {
      // "Failed to load resource: … 404" repeats a bad response (or icon) reported on its own line.
      if (
        e.text.startsWith('Failed to load resource') &&
        (badResponses.has(e.url) || icons.includes(e.url))
      )
        continue;
      problems.add(
        `console error: ${e.text}${e.url && e.url !== url ? ` (${show(e.url)})` : ''} ← on`,
        where,
      );
    }
    network.stop();
    page.off('request', onRequest);
    page.off('requestfailed', onRequestFailed);
    page.off('response', onResponse);
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  }
}
