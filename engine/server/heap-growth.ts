/**
 * How far the server's JavaScript heap may grow past what is live before V8 collects it
 * fully (docs/deploy.md, "Memory and start-up"). V8's own factor lets a heap grow to two or
 * three times its live data between full collections: a server rendering pages makes
 * garbage fast, so under load it held half as much again as after start in garbage alone.
 * Limited here, a full collection comes sooner (concurrent marking, on the other core) and
 * resident memory stays within 1.5 times its figure after start.
 */
import { setFlagsFromString } from 'node:v8';

/** The heap grows by at most this share of what was live after the last full collection. */
export const HEAP_GROWING_PERCENT = 35;

/**
 * Called by the composition root (server.ts) as its first statement. V8 flags changed while
 * the process runs are read by the collector's threads: Node documents a late change as
 * unsafe. Set before anything else runs, the warm-up pays nothing measurable for it
 * (docs/deploy.md, "Heap").
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT) {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
