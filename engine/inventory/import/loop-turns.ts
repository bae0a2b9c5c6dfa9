/**
 * Long import work shares the event loop with the pages a server answers (docs/cars.md,
 * "Stock import"): a loop that calls the returned function once per item gives the loop a
 * turn whenever SLICE_MS have passed without one.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

const SLICE_MS = 10;

export function slicer(): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < SLICE_MS) return;
    await nextTurn();
    since = performance.now();
  };
}
