/**
 * Load for the platform bench: a short mixed load on the demo sites while the server's
 * memory is sampled (its peak), and page latencies spread over many generated sites,
 * each asked for by its own host name as production asks (p95).
 */
import autocannon from 'autocannon';
import { get, memoryOf } from './process.ts';

const MAKES = ['Toyota', 'Ford', 'Mazda', 'Hyundai', 'Kia', 'Holden', 'Nissan', 'Mitsubishi'];
const DEMO_SITES = [
  'kiwi-car-yard',
  'gold-coast-ford',
  'lakeside-chevrolet',
  'southern-motor-group',
];
const DEMO_PAGES = ['/', '/search', '/cars', '/finance', '/contact'];

/** A different search each time: a make, a page and a price ceiling drawn at random, so the result cache answers few. */
/** A search as a demo site's search page sends it: with the site's key (its own engine and stock), varied make, price and page. */
function variedSearch(): string {
  const make = MAKES[Math.floor(Math.random() * MAKES.length)];
  const page = Math.floor(Math.random() * 5);
  const price = 15_000 + Math.floor(Math.random() * 60) * 1000;
  const params = new URLSearchParams({
    hitsPerPage: '21',
    page: String(page),
    facets: JSON.stringify(['make', 'model', 'simple_body', 'simple_fuel']),
    filters: `listing_state:available AND show_on_dealer_website:true AND make:"${make}" AND price <= ${price}`,
  });
  return JSON.stringify({ requests: [{ indexName: 'Car_production', params: params.toString() }] });
}

export interface MixedLoadResult {
  /** Highest resident memory sampled during the load, MB. */
  peakRss: number;
  requests: number;
  errors: number;
}

/** Pages of the four demo sites (home, search, stock, finance, contact, car pages) and varied searches at once for `seconds`. */
export async function mixedLoad(
  port: number,
  pid: number,
  carPaths: string[],
  seconds = 10,
): Promise<MixedLoadResult> {
  const base = `http://127.0.0.1:${port}`;
  let peakRss = memoryOf(pid).rss;
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, memoryOf(pid).rss);
    } catch {
      /* the process ended */
    }
  }, 100);
  const pagePaths = DEMO_SITES.flatMap((s) => DEMO_PAGES.map((p) => `/sites/${s}${p}`)).concat(
    carPaths,
  );
  let n = 0;
  let k = 0;
  try {
    const [pages, searches] = await Promise.all([
      autocannon({
        url: base,
        connections: 6,
        duration: seconds,
        requests: [
          { setupRequest: (req) => ({ ...req, path: pagePaths[n++ % pagePaths.length] }) },
        ],
      }),
      autocannon({
        url: `${base}/1/indexes/*/queries`,
        connections: 2,
        duration: seconds,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [
          {
            setupRequest: (req) => ({
              ...req,
              body: variedSearch(),
              headers: {
                ...req.headers,
                'x-algolia-api-key': `site.${DEMO_SITES[k++ % DEMO_SITES.length]}`,
              },
            }),
          },
        ],
      }),
    ]);
    const errors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
    return {
      peakRss,
      requests: pages.requests.total + searches.requests.total,
      errors: errors(pages) + errors(searches),
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The q-quantile (0…1) of a list of numbers. */
export function quantile(values: number[], q: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

export interface SpreadResult {
  p95: number;
  requests: number;
  /** Answers other than 200. */
  failures: number;
}

/**
 * Home and stock pages of sites drawn at random from `hosts`, by host name, from
 * `connections` clients at once for `seconds`: every site is a site a visitor may ask for.
 */
export async function spreadLatency(
  port: number,
  hosts: string[],
  seconds = 6,
  connections = 4,
): Promise<SpreadResult> {
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < until) {
      const host = hosts[Math.floor(Math.random() * hosts.length)];
      const { status, ms } = await get(port, Math.random() < 0.5 ? '/' : '/cars', host);
      if (status !== 200) failures++;
      times.push(ms);
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  return { p95: quantile(times, 0.95), requests: times.length, failures };
}
