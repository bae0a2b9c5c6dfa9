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
 * Called by the composition root (server.ts) once start-up is done: start-up builds what it
 * keeps (cars, indexes) in bulk, which V8's own factor lets it do with fewer full
 * collections (at 1,000 sites, about a second less); V8 reads the factor at each collection.
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT) {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
