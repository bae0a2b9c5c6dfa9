/**
 * StaticMap's code, apart from the page's: a page that has the server's map keeps its SVG and
 * never loads this (DeferredMap.tsx). The server, and a page reached by client-side navigation,
 * load it first through the block's `load` (docs/render.md, "Maps kept from the server").
 */
import { codeOnDemand } from './code-on-demand.ts';

const map = codeOnDemand(() => import('./StaticMap.tsx').then((m) => m.StaticMap));

/** The map component, if its code is here (always on the server, once the block's `load` ran). */
export const loadedStaticMap = map.loaded;

export const loadStaticMap = map.load;
