import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(cleanup);

/** What a test may replace on the window's prototypes, as jsdom made it (kept once per window). */
const PRISTINE = Symbol.for('forecourt.tests.pristineWindow');
type Pristine = {
  scrollIntoView: Element['scrollIntoView'];
  requestAnimationFrame: Window['requestAnimationFrame'];
  cancelAnimationFrame: Window['cancelAnimationFrame'];
};
const holder = globalThis as typeof globalThis & { [PRISTINE]?: Pristine };
// A test may choose the node environment (`// @vitest-environment node`): no window to clear.
const hasWindow = typeof window !== 'undefined';
const pristine = hasWindow
  ? (holder[PRISTINE] ??= {
      scrollIntoView: Element.prototype.scrollIntoView,
      requestAnimationFrame: window.requestAnimationFrame,
      cancelAnimationFrame: window.cancelAnimationFrame,
    })
  : undefined;

/**
 * The `dom` project runs the files a worker is given in one jsdom window (vitest.config.ts;
 * README, "Tests"): what a file left in it is cleared after the file, so the next file starts
 * as in a window of its own. Module state is the file's to leave clean, as in the node project.
 */
afterAll(() => {
  // Globals first: one stubbed while fake timers ran is put back to the fake clock's (its value
  // then), which the clock's own restore then replaces with the window's.
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  if (!pristine) return;
  Element.prototype.scrollIntoView = pristine.scrollIntoView;
  // Frames are drawn by the window again, whatever a file put in their place.
  window.requestAnimationFrame = pristine.requestAnimationFrame;
  window.cancelAnimationFrame = pristine.cancelAnimationFrame;
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
