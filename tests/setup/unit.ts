import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(cleanup);

/** What a test may replace on the window's prototypes, as jsdom made it (kept once per window). */
const PRISTINE = Symbol.for('forecourt.tests.pristineWindow');
type Pristine = { scrollIntoView: Element['scrollIntoView'] };
const holder = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
// A test may choose the node environment (`// @vitest-environment node`): no window to clear.
const hasWindow = typeof window !== 'undefined';
const pristine = hasWindow
  ? (holder[PRISTINE] ??= { scrollIntoView: Element.prototype.scrollIntoView })
  : undefined;

/**
 * The `dom` project runs the files a worker is given in one jsdom window (vitest.config.ts;
 * README, "Tests"): what a file left in it is cleared after the file, so the next file starts
 * as in a window of its own. Module state is the file's to leave clean, as in the node project.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (!pristine) return;
  Element.prototype.scrollIntoView = pristine.scrollIntoView;
  localStorage.clear();
  sessionStorage.clear();
  for (const cookie of document.cookie.split(';'))
    document.cookie = `${cookie.split('=')[0]!.trim()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  document.head.replaceChildren();
  document.body.replaceChildren();
  for (const element of [document.documentElement, document.body])
    for (const { name } of [...element.attributes]) element.removeAttribute(name);
  window.history.replaceState(null, '', '/');
});
