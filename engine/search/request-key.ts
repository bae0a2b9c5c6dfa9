/**
 * A search's cache key (its parameters in a stable order) and the queryID derived from it.
 */
import type { RawParams } from './params.ts';

export function stableKey(raw: RawParams): string {
  return JSON.stringify(
    Object.keys(raw)
      .sort()
      .map((k) => [k, raw[k]]),
  );
}

export function queryId(key: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x1000193;
  for (let i = 0; i < key.length; i++) {
    h1 = Math.imul(h1 ^ key.charCodeAt(i), 16777619);
    h2 = Math.imul(h2 + key.charCodeAt(i), 2246822507);
  }
  return (
    (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0')
  ).repeat(2);
}
