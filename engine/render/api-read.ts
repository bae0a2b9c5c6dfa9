/**
 * How a block's `load` reads JSON from an API (BlockLoadContext.getJson). On the server, the
 * platform's own API answers in process when the address is on the page's own origin: the
 * server hands its reader in (`setLocalApiReader`, through the renderer's entry), so a page
 * asks no HTTP round trip of itself (docs/api.md, "Read in process"). Every other address, and
 * every read in the browser, goes over HTTP.
 */

/** Answers a read of the platform's own API in process, or `undefined` when it does not serve that address. */
export type LocalApiReader = (url: URL) => Promise<unknown> | undefined;

/** An API that does not answer within this long is treated as failed: the page renders without its data. */
const API_READ_TIMEOUT_MS = 3000;

let localReader: LocalApiReader | undefined;

/** Called by the server with its API's reader (undefined to stop). */
export function setLocalApiReader(reader: LocalApiReader | undefined) {
  localReader = reader;
}

/** Reads `target`'s JSON answer; rejects on a failed answer (naming its path and status) or after the timeout. */
export async function readJson(target: URL, pageOrigin: string): Promise<unknown> {
  const local = target.origin === pageOrigin ? localReader?.(target) : undefined;
  if (local) return local;
  const response = await fetch(target, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(API_READ_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${target.pathname} answered ${response.status}`);
  return response.json();
}
