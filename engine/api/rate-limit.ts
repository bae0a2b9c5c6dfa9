/** The API's request counters: engine/net/rate-limit.ts, which the search service shares. */
export * from '../net/rate-limit.ts';
