/**
 * StaticMap's code, apart from the page's: a page that has the server's map keeps its SVG and
 * never loads this (DeferredMap.tsx). The server, and a page reached by client-side navigation,
 * load it first through the block's `load` (docs/render.md, "Maps kept from the server").
 */
type Map = typeof import('./StaticMap.tsx').StaticMap;

let loaded: Map | undefined;
let loading: Promise<Map> | undefined;

/** The map component, if its code is here (always on the server, once the block's `load` ran). */
export const loadedStaticMap = (): Map | undefined => loaded;

export function loadStaticMap(): Promise<Map> {
  loading ??= import('./StaticMap.tsx').then((m) => (loaded = m.StaticMap));
  // A failed load may be tried again by the next map that wants it.
  loading.catch(() => (loading = undefined));
  return loading;
}
