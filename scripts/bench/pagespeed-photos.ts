/**
 * Real-size photos against the demo's drawings, in the pagespeed bench's run (docs/cars.md,
 * "Demo photos"; issue 30's aim): a site's search page and a car page whose cars carry
 * 4032 × 3024 camera originals, served by the bench's server, and the same pages from a second
 * server of the same build where every car is drawn (FORECOURT_DEMO_PHOTOS=drawn). Lighthouse
 * runs alternate between the two, so the machine's load weighs on both alike. Aims:
 * performance ≥ 95 with the photos, their LCP within 1.2× of the drawn page's, and at most
 * 150 KB of images for a 390 px phone's first screen (first-screen-images.ts).
 */
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import type { Browser } from 'playwright-core';
import {
  cameraCarOf,
  FIRST_SCREEN_IMAGE_BUDGET,
  firstScreenImages,
  waitForCameraPhotos,
} from './first-screen-images.ts';
import { startBenchServer, type BenchServer } from './serve.ts';

export const PHOTO_AIMS = {
  performance: 95,
  lcpRatio: 1.2,
  imageKB: FIRST_SCREEN_IMAGE_BUDGET / 1024,
};

export interface PhotoRow {
  page: string;
  /** Median performance score and LCP (ms) with camera photos and with drawings. */
  camera: { performance: number; lcp: number };
  drawn: { performance: number; lcp: number };
  /** Image KB of a 390 px phone's first screen, with camera photos and with drawings. */
  imageKB: { camera: number; drawn: number };
  /** The machine's 1-minute load average, lowest and highest while the page's runs went. */
  load: { min: number; max: number };
}

type Lhr = {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function performance(port: number, url: string) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
  });
  const lhr = result!.lhr as unknown as Lhr;
  // PAGESPEED_LHR_DIR=<folder>: each run's whole Lighthouse report kept, for finding what a figure is made of.
  const keep = process.env.PAGESPEED_LHR_DIR;
  if (keep) {
    const name = `${new URL(url).port}-${url.includes('/cars/') ? 'car' : 'search'}-${Date.now()}.json`;
    writeFileSync(join(keep, name), JSON.stringify(result!.lhr));
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
  };
}

/** The rows for `sites`; `server` has camera photos, a second server of its build is started here. */
export async function photoRows(options: {
  server: BenchServer;
  sites: string[];
  runs: number;
  chromePort: number;
  browser: Browser;
}): Promise<PhotoRow[]> {
  const { server, sites, runs, chromePort, browser } = options;
  const drawn = await startBenchServer({ FORECOURT_DEMO_PHOTOS: 'drawn' }, server.dist);
  const rows: PhotoRow[] = [];
  try {
    for (const site of sites) {
      const car = await cameraCarOf(server.url, site);
      for (const path of ['/search/new-used-and-demo-cars', `/cars/${car}`]) {
        const at = (base: string) => `${base}/sites/${site}${path}`;
        // Made in the background from the server's start: they exist before anything is measured.
        await waitForCameraPhotos(at(server.url));
        const camera = await firstScreenImages(browser, at(server.url));
        // The drawn server's first answer for the site makes its stock and search engine: not measured.
        await firstScreenImages(browser, at(drawn.url));
        const peer = await firstScreenImages(browser, at(drawn.url));
        const measured = {
          camera: [] as Awaited<ReturnType<typeof performance>>[],
          drawn: [] as Awaited<ReturnType<typeof performance>>[],
        };
        const load = [loadavg()[0]];
        for (let i = 0; i < runs; i++) {
          measured.camera.push(await performance(chromePort, at(server.url)));
          measured.drawn.push(await performance(chromePort, at(drawn.url)));
          load.push(loadavg()[0]);
        }
        const summary = (list: typeof measured.camera) => ({
          performance: median(list.map((m) => m.performance)),
          lcp: median(list.map((m) => m.lcp)),
        });
        rows.push({
          page: `${site} ${path.startsWith('/cars/') ? 'car' : 'search'}`,
          camera: summary(measured.camera),
          drawn: summary(measured.drawn),
          imageKB: { camera: camera.bytes / 1024, drawn: peer.bytes / 1024 },
          load: { min: Math.min(...load), max: Math.max(...load) },
        });
      }
    }
  } finally {
    await drawn.stop();
  }
  return rows;
}

export function photoReport(rows: PhotoRow[]): string[] {
  const ratio = (r: PhotoRow) => r.camera.lcp / r.drawn.lcp;
  const verdict = (label: string, misses: PhotoRow[], figure: (r: PhotoRow) => string) =>
    `${label.padEnd(44)} ${misses.length ? 'MISSES' : 'meets '}  ${rows.map((r) => `${r.page} ${figure(r)}`).join(', ')}`;
  return [
    '',
    "Camera photos (4032 × 3024 originals through the photo pipeline) against the same pages with the demo's drawings, same build, alternating runs (Lighthouse mobile, median):",
    `Load: the machine's 1-minute load average during each page's runs, on ${availableParallelism()} cores (performance scores fall with it, for both servers alike).`,
    `${'page'.padEnd(30)} ${'perf photo'.padStart(10)} ${'perf drawn'.padStart(10)} ${'LCP photo'.padStart(10)} ${'LCP drawn'.padStart(10)} ${'ratio'.padStart(6)} ${'img KB photo'.padStart(13)} ${'img KB drawn'.padStart(13)} ${'load'.padStart(10)}`,
    ...rows.map(
      (r) =>
        `${r.page.padEnd(30)} ${String(r.camera.performance).padStart(10)} ${String(r.drawn.performance).padStart(10)} ${r.camera.lcp.toFixed(0).padStart(10)} ${r.drawn.lcp.toFixed(0).padStart(10)} ${ratio(r).toFixed(2).padStart(6)} ${r.imageKB.camera.toFixed(1).padStart(13)} ${r.imageKB.drawn.toFixed(1).padStart(13)} ${`${r.load.min.toFixed(1)}–${r.load.max.toFixed(1)}`.padStart(10)}`,
    ),
    verdict(
      `Performance ≥ ${PHOTO_AIMS.performance} with camera photos`,
      rows.filter((r) => r.camera.performance < PHOTO_AIMS.performance),
      (r) => String(r.camera.performance),
    ),
    verdict(
      `LCP ≤ ${PHOTO_AIMS.lcpRatio}× the drawn page's`,
      rows.filter((r) => ratio(r) > PHOTO_AIMS.lcpRatio),
      (r) => `${ratio(r).toFixed(2)}×`,
    ),
    verdict(
      `First-screen images ≤ ${PHOTO_AIMS.imageKB} KB (390 px phone, 3x)`,
      rows.filter((r) => r.imageKB.camera > PHOTO_AIMS.imageKB),
      (r) => `${r.imageKB.camera.toFixed(1)} KB`,
    ),
  ];
}
