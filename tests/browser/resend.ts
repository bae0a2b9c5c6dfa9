/**
 * Options for Playwright API requests in the browser tests. A browser sends a request again when
 * the kept-alive connection it reused was closed by the server at that moment (ECONNRESET: the
 * server's idle timeout, engine/server/time-budget.ts); Playwright's API requests do so only when
 * asked. Without it a test that waits about that long between two requests fails now and then.
 */
export const resend = { maxRetries: 2 } as const;
