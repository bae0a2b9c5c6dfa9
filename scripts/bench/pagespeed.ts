/**
 * Page speed of the production build: Lighthouse (mobile emulation, Debian Chromium) on the
 * home, search and car-detail pages of every demo site. Aims: performance ≥ 95,
 * CLS < 0.05, ≤ 120 KB of JavaScript (transferred, gzip) per page (docs/decisions.md,
 * "Documents and rendering").
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { someCarSlug, startBenchServer } from './serve.ts';

const root = join(import.meta.dirname, '../..');
const SLUGS = readdirSync(join(root, 'sites'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.replace('.json', ''));

interface Row {
  page: string;
  score: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsKB: number;
}

export async function run(): Promise<string> {
  const server = await startBenchServer();
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync'],
  });
  const rows: Row[] = [];
  try {
    for (const slug of SLUGS) {
      const car = await someCarSlug(server.url, `dealership_slug:"${slug}" OR location.slug:"${slug}"`).catch(() => undefined);
      const fallback = car ?? (await someCarSlug(server.url, 'status:in_stock'));
      const paths = ['/', '/search/new-used-and-demo-cars', `/cars/${fallback}`];
      for (const path of paths) {
        const url = `${server.url}/sites/${slug}${path}`;
        const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
        const lhr = result!.lhr;
        const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
        const js = requests.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0);
        rows.push({
          page: `${slug}${path.length > 40 ? path.slice(0, 37) + '…' : path}`,
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
          tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
          cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
          jsKB: js / 1024,
        });
      }
    }
  } finally {
    await chrome.kill();
    server.stop();
  }
  const header = `${'page'.padEnd(60)} ${'perf'.padStart(5)} ${'LCP ms'.padStart(8)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS KB'.padStart(7)}`;
  const lines = rows.map(
    (r) =>
      `${r.page.padEnd(60)} ${String(r.score).padStart(5)} ${r.lcp.toFixed(0).padStart(8)} ${r.tbt.toFixed(0).padStart(7)} ${r.cls.toFixed(3).padStart(6)} ${r.jsKB.toFixed(1).padStart(7)}`,
  );
  const misses = rows.filter((r) => r.score < 95 || r.cls >= 0.05 || r.jsKB > 120).map((r) => r.page);
  return [
    'Lighthouse 12, mobile emulation (simulated throttling), production build on localhost, Debian Chromium',
    header,
    ...lines,
    '',
    `Aims: performance ≥ 95, CLS < 0.05, JS ≤ 120 KB. ${misses.length ? `Missed on: ${misses.join(', ')}` : 'Met on every page.'}`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  console.log(await run());
}
