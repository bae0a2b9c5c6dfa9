/** The search box waits this long after the last keystroke before searching (spec 000 §5, §9). */
export const SEARCH_DELAY_MS = 300;
