/** Element ids (and an event) shared by the server's HTML document and the browser's hydration. */
export const PAYLOAD_ELEMENT_ID = 'fc-payload';
export const ROOT_ELEMENT_ID = 'fc-root';

/**
 * Sent on window when React gave up hydrating and rendered the page anew in the browser (a
 * block failed while hydrating: docs/render.md), so parts that were waiting to hydrate on the
 * visitor's first use (the search UI, blocks/_search/lazy-block.tsx) load now: the server's
 * HTML they were keeping is gone.
 */
export const RENDERED_ANEW_EVENT = 'forecourt:rendered-anew';

/**
 * Carried by what sticks to the top of the page below the notice banner (a sticky header): the
 * banner gives those elements its height as `--fc-sticky-offset` (docs/render.md, "A home
 * page's own work").
 */
export const STICKY_BELOW_BANNER = 'data-fc-sticky';
