/**
 * Hydration of the render bench's page in headless Chromium: Forecourt's client entry
 * (engine/render/client.tsx, the whole page) and its <BlockList> alone, against Puck's
 * <Render> hydrated from its data. Each side's server HTML comes from the same renderers
 * the server-render bench times (prepareBench), its payload sits in the page as JSON, and its
 * browser code is a production bundle built here by esbuild with the same options on every
 * side (render/entry-*.tsx). Loads are interleaved (site, list, puck, then list, puck, site, …),
 * each in a fresh browser context, so no side always runs first or on a warmer cache.
 *
 * A figure is the time from the entry's start (before it parses its payload; once the browser
 * has painted the server HTML, so that paint is in no side's figure) to the commit of the
 * page's last block element (render/probe.ts). A load counts only if every
 * block hydrated once, no hydration error was logged, and the server's first block element
 * is still in the page (React kept the server's DOM rather than rendering it anew).
 * Beside it, the longest task the main thread ran from the entry's start to that commit (the
 * browser's Long Tasks, 50 ms and over): what a visitor's tap waits behind while a page hydrates.
 */
import { build } from 'esbuild';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { jsonForScript } from '../../../engine/server/html.ts';
import { PAYLOAD_ELEMENT_ID, ROOT_ELEMENT_ID } from '../../../engine/render/dom-ids.ts';
import type { BenchState } from './probe.ts';
import { stats, type Stats } from './stats.ts';

export type HydrationSide = 'site' | 'list' | 'puck';
export const SIDES: HydrationSide[] = ['site', 'list', 'puck'];

export interface HydrationPage {
  html: string;
  payload: unknown;
}

/**
 * One production bundle per entry (name → file beside this module), built alike for every
 * side; the runtime build's regional-words swap (vite.config.ts) done here too. Style imports
 * are left out (no side's figure includes styling).
 */
export async function bundle<K extends string>(
  entries: Record<K, string>,
  options: { minify?: boolean; platform?: 'browser' | 'node' } = {},
): Promise<Record<K, string>> {
  const allLocales = join(import.meta.dirname, '../../../engine/messages/locales.ts');
  const out = {} as Record<K, string>;
  for (const [name, file] of Object.entries(entries) as [K, string][]) {
    const result = await build({
      entryPoints: [join(import.meta.dirname, file)],
      bundle: true,
      write: false,
      format: 'esm',
      platform: options.platform ?? 'browser',
      // On Node the packages stay imports (one React for the bench and the bundle).
      ...(options.platform === 'node' ? { packages: 'external' as const } : {}),
      target: 'es2022',
      minify: options.minify ?? true,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      loader: { '.css': 'empty' },
      logLevel: 'silent',
      plugins: [
        {
          name: 'runtime-locales',
          setup(b) {
            b.onLoad({ filter: /locales\.ts$/ }, (args) =>
              args.path === allLocales
                ? {
                    contents: `export * from './locales.runtime.ts';`,
                    loader: 'ts',
                    resolveDir: join(allLocales, '..'),
                  }
                : undefined,
            );
          },
        },
      ],
    });
    out[name] = result.outputFiles[0].text;
  }
  return out;
}

/** The trivial page's bundles, one per side (render/entry-*.tsx). */
export const bundleEntries = (options: { minify?: boolean } = {}) =>
  bundle(
    Object.fromEntries(SIDES.map((side) => [side, `entry-${side}.tsx`])) as Record<
      HydrationSide,
      string
    >,
    options,
  );

export function pageDocument(side: string, page: HydrationPage, blocks: number): string {
  return `<!doctype html>
<html lang="en" data-blocks="${blocks}">
<head><meta charset="utf-8"><title>Hydration bench (${side})</title></head>
<body>
<div id="${ROOT_ELEMENT_ID}">${page.html}</div>
<script id="${PAYLOAD_ELEMENT_ID}" type="application/json">${jsonForScript(page.payload)}</script>
<script type="module" src="/entry.js"></script>
</body>
</html>
`;
}

export interface HydrationRun {
  ms: number;
  /** From the response to the last block: fetching, compiling and running the bundle, then hydrating (informational). */
  fromResponse: number;
  /** The longest main-thread task between the entry's start and the last block's commit; 0 when none reached 50 ms. */
  longestTask: number;
  /** Elements hydrated by then, where the entry counts them (BenchState.hydrated). */
  hydrated?: number;
}

/** Notes the page's long tasks (50 ms and over) from its first moment, for `hydrateOnce`. */
const NOTE_LONG_TASKS = `window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]); }).observe({ type: 'longtask', buffered: true });`;

/** Loads one side's page in a fresh context and returns its figures, or throws if it did not hydrate cleanly. */
export async function hydrateOnce(
  browser: Browser,
  side: string,
  doc: string,
  script: string,
): Promise<HydrationRun> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('pageerror', (e) => errors.push(e.message));
    const origin = `http://${side}.bench.invalid`;
    // The page and its bundle; anything else the page asks for (a photo, an API) gets an empty answer.
    await page.route(`${origin}/**`, (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/entry.js')
        return route.fulfill({ status: 200, contentType: 'text/javascript', body: script });
      if (path === '/') return route.fulfill({ status: 200, contentType: 'text/html', body: doc });
      return route.fulfill({ status: 204 });
    });
    await page.addInitScript(NOTE_LONG_TASKS);
    await page.goto(`${origin}/`);
    await page.waitForFunction('window.__bench && window.__bench.end > 0', undefined, {
      timeout: 60_000,
    });
    // A moment for anything hydrated twice (a mismatch's client render) to show in the count.
    await page.waitForTimeout(50);
    const state = (await page.evaluate(`(() => {
      const s = window.__bench;
      const nav = performance.getEntriesByType('navigation')[0];
      const during = window.__longTasks.filter(([at, ms]) => at + ms > s.start && at < s.end);
      return { start: s.start, end: s.end, count: s.count, expected: s.expected, kept: !!s.first && s.first.isConnected, hydrated: s.hydrated, responseEnd: nav.responseEnd, longestTask: Math.max(0, ...during.map(([, ms]) => ms)) };
    })()`)) as Pick<BenchState, 'start' | 'end' | 'count' | 'expected' | 'hydrated'> & {
      kept: boolean;
      responseEnd: number;
      longestTask: number;
    };
    if (errors.length) throw new Error(`${side}: errors while hydrating: ${errors.join(' | ')}`);
    if (state.count !== state.expected)
      throw new Error(
        `${side}: ${state.count} block elements committed, expected ${state.expected}`,
      );
    if (!state.kept) throw new Error(`${side}: the server's DOM was replaced, not hydrated`);
    return {
      ms: state.end - state.start,
      fromResponse: state.end - state.responseEnd,
      longestTask: state.longestTask,
      hydrated: state.hydrated,
    };
  } finally {
    await context.close();
  }
}

export interface HydrationInputs {
  blocks: number;
  pages: Record<HydrationSide, HydrationPage>;
}

const LABELS: Record<HydrationSide, string> = {
  site: 'Forecourt page (client.tsx)',
  list: 'Forecourt <BlockList> only',
  puck: 'Puck <Render>',
};

/**
 * Loads each side's page `warmup + runs` times, interleaved (a, b, c, then b, c, a, …) so no
 * side always runs first or on a warmer cache, each in a fresh browser context; returns the
 * measured runs per side.
 */
export async function interleavedLoads<K extends string>(
  sides: readonly K[],
  docs: Record<K, string>,
  scripts: Record<K, string>,
  options: { runs: number; warmup: number },
): Promise<Record<K, HydrationRun[]>> {
  const { chromium } = await import('playwright-core');
  const samples = Object.fromEntries(sides.map((s) => [s, [] as HydrationRun[]])) as Record<
    K,
    HydrationRun[]
  >;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (let i = 0; i < options.warmup + options.runs; i++) {
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(i + k) % sides.length];
        const run = await hydrateOnce(browser, side, docs[side], scripts[side]);
        if (i >= options.warmup) samples[side].push(run);
      }
    }
  } finally {
    await browser.close();
  }
  return samples;
}

/** Measures every side `runs` times after `warmup` loads, interleaved, and reports medians, p95s and ratios to Puck. */
export async function measureHydration(
  inputs: HydrationInputs,
  options: { runs: number; warmup: number },
): Promise<string[]> {
  const scripts = await bundleEntries();
  const docs = Object.fromEntries(
    SIDES.map((s) => [s, pageDocument(s, inputs.pages[s], inputs.blocks)]),
  ) as Record<HydrationSide, string>;
  const samples = await interleavedLoads(SIDES, docs, scripts, options);
  const st = Object.fromEntries(
    SIDES.map((s) => [s, stats(samples[s].map((r) => r.ms))]),
  ) as Record<HydrationSide, Stats>;
  const loadSt = Object.fromEntries(
    SIDES.map((s) => [s, stats(samples[s].map((r) => r.fromResponse))]),
  ) as Record<HydrationSide, Stats>;
  const taskSt = Object.fromEntries(
    SIDES.map((s) => [s, stats(samples[s].map((r) => r.longestTask))]),
  ) as Record<HydrationSide, Stats>;
  const task = (ms: number) => (ms ? ms.toFixed(0) : '< 50').padStart(13);
  const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
  const f = (x: number) => x.toFixed(1).padStart(9);
  const verdict = (ours: Stats, aim = 1) => {
    const r = ours.median / st.puck.median;
    return `${r.toFixed(2)}× (p95 ${(ours.p95 / st.puck.p95).toFixed(2)}×)   aim ≤ ${aim.toFixed(2)}×   ${r <= aim ? 'meets' : 'MISSES'}`;
  };
  return [
    `Hydration in headless Chromium — ${inputs.blocks} blocks, ${options.warmup} warm-up + ${options.runs} measured loads per side, interleaved, a fresh context each`,
    `From the entry's start, after the first paint (payload parse included), to the last block element committed; every load checked: each block hydrated once, no hydration error, the server's DOM kept`,
    '',
    `${'side'.padEnd(30)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'min ms'.padStart(10)}  ${'load→done ms'.padStart(13)}  ${'longest task'.padStart(13)}  ${'bundle'.padStart(8)}  payload`,
    ...SIDES.map(
      (s) =>
        `${LABELS[s].padEnd(30)}${f(st[s].median)} ${f(st[s].p95)} ${f(st[s].min)}  ${f(loadSt[s].median).padStart(13)}  ${task(taskSt[s].median)}  ${kb(scripts[s].length).padStart(8)}  ${kb(jsonForScript(inputs.pages[s].payload).length)}`,
    ),
    '',
    `Hydration ratio Forecourt / Puck (median; p95 beside):`,
    `  whole page (headline):  ${verdict(st.site)}`,
    `  <BlockList> alone:      ${verdict(st.list)}`,
    `  (info) load→done, page: ${(loadSt.site.median / loadSt.puck.median).toFixed(2)}×  (fetching, compiling and running each bundle included)`,
    `Longest task while hydrating (median; "< 50": none of 50 ms or more): the page ${task(taskSt.site.median).trim()} ms, Puck ${task(taskSt.puck.median).trim()} ms   aim: the page's < 50   ${taskSt.site.median ? 'MISSES' : 'meets'}`,
  ];
}
