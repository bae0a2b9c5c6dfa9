/**
 * How much of the stock the warm-up makes in one turn of the event loop (live-stock.ts, `warm`;
 * docs/deploy.md, "Memory and start-up").
 */

/** The longest the warm-up means to hold the thread in one turn, as near as the provider lets it. */
export const WARM_TURN_MS = 50;
/** The most dealerships the warm-up asks the provider for in one call. */
export const WARM_MOST_PER_CALL = 128;

/**
 * How many dealerships the warm-up asks for next, after a call for `asked` took `tookMs`: the
 * provider's calls each have a cost of their own (the demo lays out every site's outlets), which a
 * thousand one-dealership calls would pay a thousand times, while one call for many dealerships
 * of thousands of cars holds every visitor for as long as it takes. So it starts at one, doubles
 * while calls are quick and halves when one held the thread past WARM_TURN_MS.
 */
export function nextWarmBatch(asked: number, tookMs: number): number {
  if (tookMs > WARM_TURN_MS) return Math.max(1, Math.floor(asked / 2));
  if (tookMs < WARM_TURN_MS / 4) return Math.min(WARM_MOST_PER_CALL, asked * 2);
  return asked;
}
