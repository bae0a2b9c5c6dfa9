/** Debian's Chromium driven by playwright-core (no browser download). */
import { chromium, type Browser, type BrowserServer, type Page } from 'playwright-core';

/**
 * The browser test run's one Chromium (tests/setup/browser-global.ts): its address, named to the
 * test workers by this environment variable. A start, first page and close of Chromium took
 * 1.9 s of CPU (8 s at load 28), a connection, first page and disconnection 0.6 s (4 s).
 */
export const SHARED_CHROMIUM_ENV = 'FORECOURT_TEST_CHROMIUM_WS';

const options = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

/** Chromium as a server other processes connect to: the browser test run starts one. */
export function launchShared(): Promise<BrowserServer> {
  return chromium.launchServer(options);
}

/**
 * A browser of the caller's own. In a browser test run it is a connection to the run's one
 * Chromium: its pages and contexts are the caller's alone (no cookie, storage or cache is
 * shared with another connection's contexts), and `close()` closes them and disconnects. A
 * bench, or a test run without it, starts a Chromium of its own as before.
 */
export async function launch(): Promise<Browser> {
  const shared = process.env[SHARED_CHROMIUM_ENV];
  if (shared) {
    try {
      // Limited, so a Chromium that no longer answers costs the file a start, not a hang.
      return await chromium.connect(shared, { timeout: 30_000 });
    } catch (err) {
      process.stderr.write(
        `[chromium] the run's Chromium at ${shared} refused (${(err as Error).message}); starting one of this file's own\n`,
      );
    }
  }
  return chromium.launch(options);
}

/** Collects console errors and uncaught page errors, to assert a clean page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return errors;
}
