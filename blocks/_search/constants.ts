/** The search box waits this long after the last keystroke before searching (docs/search-ui.md, "Filters"). */
export const SEARCH_DELAY_MS = 300;
