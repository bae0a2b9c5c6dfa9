/**
 * Browser side of the real-page hydration bench: the figure runs from the probe's start to
 * the page's hydration marker (SiteApp's last effect sets `__forecourtHydrated`), the same
 * signal on both sides; `first` is the server's first element, which must still be in the
 * page afterwards (React kept the server's DOM).
 */
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../../../engine/render/dom-ids.ts';
import type { PagePayload } from '../../../../engine/render/server.tsx';
import type { BenchState } from '../probe.ts';

/** The page's payload, read without counting it: each side's hydrateSite parses it again inside the figure. */
export const payloadOfPage = (): PagePayload =>
  JSON.parse(document.getElementById(PAYLOAD_ELEMENT_ID)!.textContent!);

/** Elements of the page React has hydrated (it marks each with its fiber); the rest wait in a boundary. */
const hydratedElements = () =>
  [...document.getElementById(ROOT_ELEMENT_ID)!.querySelectorAll('*')].filter((el) =>
    Object.keys(el).some((key) => key.startsWith('__reactFiber$')),
  ).length;

export function startPageProbe(): void {
  const state: BenchState = {
    start: performance.now(),
    end: 0,
    count: 0,
    expected: 1,
    first: document.getElementById(ROOT_ELEMENT_ID)!.firstElementChild,
  };
  Object.defineProperty(window, '__forecourtHydrated', {
    configurable: true,
    set() {
      if (++state.count !== state.expected) return;
      state.end = performance.now();
      state.hydrated = hydratedElements();
    },
  });
  Object.assign(window, { __bench: state });
}
