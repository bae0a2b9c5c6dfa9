/**
 * The attributes of a dealer page's first script (start.ts), written by the server's HTML
 * document (engine/server/html.ts): the entry module to run, and the page's modules to fetch
 * beside it. Kept apart from dom-ids.ts, which the entry also imports: a module both the first
 * script and the entry import would become a chunk of its own, one more request at load.
 */
export const START_ENTRY_ATTR = 'data-fc-entry';
export const START_MODULES_ATTR = 'data-fc-modules';
