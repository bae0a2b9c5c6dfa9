/**
 * The load bench's fixed settings (the site, the length of a run, the connections) and one
 * autocannon run measured, summarised and printed as a row.
 */
import autocannon from 'autocannon';

export const SITE = 'kiwi-car-yard';
export const DURATION = 10;
/** A fixed number of connections for every run, so figures compare. */
export const CONNECTIONS = 10;

export function summary(name: string, r: autocannon.Result) {
  const errors = r.errors + r.timeouts + r.non2xx;
  return {
    name,
    rps: r.requests.average,
    p99: r.latency.p99,
    total: r.requests.total,
    ok: r['2xx'],
    errors,
  };
}

export type Summary = ReturnType<typeof summary>;
export const row = (name: string, r: Summary, note = '') =>
  `${name.padEnd(44)} ${r.rps.toFixed(0).padStart(6)} req/s   p99 ${String(r.p99).padStart(5)} ms   ${String(r.errors).padStart(3)} errors${note ? `   ${note}` : ''}`;
export const measure = async (name: string, opts: autocannon.Options) =>
  summary(name, await autocannon({ connections: CONNECTIONS, duration: DURATION, ...opts }));
