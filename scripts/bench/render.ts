/**
 * Server render and hydration time of a 1,000-block page: Forecourt's renderer against Puck's <Render>.
 *
 *   npm run bench -- render [--dist=<build>]     (env: BENCH_BLOCKS=1000 BENCH_N=50 BENCH_WARMUP=20,
 *                                 BENCH_HYDRATE_N=21 BENCH_HYDRATE_WARMUP=3; BENCH_HYDRATE_N=0 skips hydration)
 *
 * Both sides render the same generated tree (Heading, Text and a container Box, nested up to
 * five deep) with the same trivial components through react-dom/server renderToString, in one
 * process, with React's production build. Four renders are timed per iteration, in rotating
 * order (A/B/C/D, B/C/D/A, …) so neither side always runs first or right after a GC:
 *
 *   forecourt-site  the whole page as the server renders it: <StaticRouter><SiteApp/></StaticRouter>
 *                   (route matching, SiteProvider, block-type walk, layout lists, <main>, blocks)
 *   forecourt-list  <BlockList> alone inside SiteProvider + BlockEnvironmentProvider
 *   puck            <Render config data> from @puckeditor/core (its public whole-page render;
 *                   Puck has no public lower level, so it is compared with both)
 *   puck-rsc        Render from @puckeditor/core/rsc, the server-component variant (informational)
 *
 * The components print identical HTML on both sides (Puck wraps a slot in a <div>; the
 * Forecourt Box does the same), and every block prints one element with data-b="<id>", which
 * the unit test counts so the two sides cannot silently do different work.
 *
 * Then the same pages hydrate in headless Chromium (render/hydration.ts): Forecourt's client
 * entry and its <BlockList> alone against Puck's <Render>, aim: ours ≤ Puck's. Last, a page of
 * the demo's real blocks (render/real-page.ts; a production build is served for its payload:
 * `--dist=<folder>` names one, else one is built), Forecourt against the same blocks through
 * Puck's <Render>, aim ≤ 0.8×.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Block, ResolvedSite } from '../../engine/site/types.ts';
import type { SiteData } from '../../engine/site/data.ts';
import { stats, type Stats } from './render/stats.ts';
import { mapBlocks, type TreeBlock } from '../../engine/tree.ts';

// ---------------------------------------------------------------------------------------------
// The tree

export type BenchType = 'Heading' | 'Text' | 'Box';

export interface BenchNode {
  type: BenchType;
  id: string;
  props: { text?: string; title?: string };
  children?: BenchNode[];
}

export interface BenchTree {
  nodes: BenchNode[];
  count: number;
  maxDepth: number;
  boxes: number;
}

/**
 * Exactly `total` blocks: top-level Boxes, each holding a Heading, two Texts and one nested Box
 * (two at the top level) down to `maxDepth`; the last section is cut off where the budget ends.
 */
export function makeTree(total = 1000, maxDepth = 5): BenchTree {
  let count = 0;
  let deepest = 0;
  let boxes = 0;
  const id = () => `b${++count}`;
  const leaf = (type: 'Heading' | 'Text'): BenchNode | null => {
    if (count >= total) return null;
    const i = id();
    return type === 'Heading'
      ? { type, id: i, props: { text: `Heading ${i}` } }
      : {
          type,
          id: i,
          props: { text: `Some paragraph text for block ${i}, long enough to look like copy.` },
        };
  };
  // eslint-disable-next-line forecourt/one-block-tree -- builds the bench's tree; it reads none
  const box = (depth: number): BenchNode | null => {
    if (count >= total) return null;
    boxes++;
    deepest = Math.max(deepest, depth);
    const node: BenchNode = {
      type: 'Box',
      id: id(),
      props: { title: `Section at depth ${depth}` },
      children: [],
    };
    const plan: (() => BenchNode | null)[] = [
      () => leaf('Heading'),
      () => leaf('Text'),
      () => (depth < maxDepth ? box(depth + 1) : leaf('Text')),
      () => leaf('Text'),
    ];
    if (depth === 1) plan.push(() => box(depth + 1));
    for (const make of plan) {
      const child = make();
      if (child) node.children!.push(child);
    }
    return node;
  };
  const nodes: BenchNode[] = [];
  while (count < total) nodes.push(box(1)!);
  return { nodes, count, maxDepth: deepest, boxes };
}

/** The tree as Forecourt blocks (Box children in `children`). */
export function toForecourtBlocks(nodes: BenchNode[]): Block[] {
  return mapBlocks<BenchNode, TreeBlock>(nodes, (n, lists) => ({
    type: n.type,
    id: n.id,
    props: n.props,
    ...lists,
  }))! as Block[];
}

interface PuckItem {
  type: BenchType;
  props: { id: string; text?: string; title?: string; items?: PuckItem[] };
}

/** The tree as Puck content (Box children in the `items` slot field). */
export function toPuckContent(nodes: BenchNode[]): PuckItem[] {
  return mapBlocks<BenchNode, PuckItem & TreeBlock>(nodes, (n, lists) => ({
    type: n.type,
    props: { id: n.id, ...n.props, ...(lists.children ? { items: lists.children } : {}) },
  }))!;
}

// ---------------------------------------------------------------------------------------------
// Renderers

export interface BenchRenderers {
  tree: BenchTree;
  /** Whole Forecourt page: StaticRouter + SiteApp, as engine/render/server.tsx renders it. */
  forecourtSite(): string;
  /** Forecourt BlockList alone, inside the providers it needs. */
  forecourtList(): string;
  /** Puck <Render> (the package's default entry, as in Puck's README). */
  puck(): string;
  /** Puck's server-component <Render> from @puckeditor/core/rsc (no context providers; informational). */
  puckRsc(): string;
  /** The page's block types, as the server sends them in the payload. */
  blockTypes: string[];
  /** What each side renders from, for the browser's copy of the page (render/hydration.ts). */
  inputs: {
    site: ResolvedSite;
    siteData: SiteData;
    initialData: { url: string; data: Record<string, unknown> };
    puckData: unknown;
  };
  reactVersion: string;
  puckVersion: string;
  /** false when React's development build was loaded (NODE_ENV was not production at first import). */
  reactProduction: boolean;
}

/**
 * Builds the three renderers. Loads React and the engine lazily, so a caller can set
 * NODE_ENV first (run() does).
 */
export async function prepareBench(total = 1000): Promise<BenchRenderers> {
  const React = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { StaticRouter } = await import('react-router');
  const { Render } = await import('@puckeditor/core');
  const { Render: RenderRsc } = await import('@puckeditor/core/rsc');
  const puckVersion = String(
    createRequire(import.meta.url)('@puckeditor/core/package.json').version,
  );
  const { SiteApp } = await import('../../engine/render/SiteApp.tsx');
  const { BlockList, BlockEnvironmentProvider, PerBlockSuspense } =
    await import('../../engine/render/BlockTree.tsx');
  const { renderPageHtml } = await import('../../engine/render/server-html.tsx');
  const { SiteProvider } = await import('../../engine/render/site-context.tsx');
  const { forecourtRegistry, puckConfig } = await import('./render/views.ts');
  const { BlockLoader, pageBlockTypes } = await import('../../engine/render/registry.ts');
  const { createSitePreparer } = await import('../../engine/site/prepare.ts');
  const h = React.createElement;

  // The same trivial views on both sides (render/views.ts), behind a BlockLoader like the real registry.
  const loader = new BlockLoader(forecourtRegistry);

  const tree = makeTree(total);
  const prepare = createSitePreparer({ loadTemplate: () => undefined });
  const prepared = prepare({
    schemaVersion: 2,
    slug: 'bench',
    name: 'Bench',
    pages: [{ id: 'home', path: '/', title: 'Bench', blocks: [] }],
  });
  if (!prepared.ok)
    throw new Error(`bench site did not prepare: ${JSON.stringify(prepared.issues)}`);
  const site = prepared.site;
  // Bench blocks are not in the schema; validation has already run, as it does for real sites.
  site.pages[0].blocks = toForecourtBlocks(tree.nodes);
  const siteData = { models: [] };
  await loader.load(['Box', 'Heading', 'Text']);
  const initialData = { url: '/', data: {} as Record<string, unknown> };

  // As engine/render/server.tsx renders a page (without a Suspense boundary per block while every block renders).
  const forecourtSite = () =>
    renderPageHtml(
      h(
        StaticRouter,
        { location: '/' },
        h(SiteApp, {
          site,
          siteData,
          mode: 'production',
          loader,
          initialData,
          origin: 'http://bench.invalid',
        }),
      ),
    ).html;

  const env = { blocks: loader.definitions, data: {} };
  const forecourtList = () =>
    renderToString(
      h(SiteProvider, {
        site,
        data: siteData,
        mode: 'production',
        children: h(
          PerBlockSuspense,
          { value: false },
          h(
            BlockEnvironmentProvider,
            { value: env },
            h('div', null, h(BlockList, { blocks: site.pages[0].blocks })),
          ),
        ),
      }),
    );

  const puckData = { root: { props: {} }, content: toPuckContent(tree.nodes) };
  const puck = () => renderToString(h(Render as any, { config: puckConfig, data: puckData }));
  const puckRsc = () => renderToString(h(RenderRsc as any, { config: puckConfig, data: puckData }));

  const probe = h('div') as unknown as Record<string, unknown>;
  return {
    tree,
    forecourtSite,
    forecourtList,
    puck,
    puckRsc,
    inputs: { site, siteData, initialData, puckData },
    blockTypes: pageBlockTypes(site, site.pages[0]),
    reactVersion: React.version,
    puckVersion,
    reactProduction: !('_store' in probe),
  };
}

// ---------------------------------------------------------------------------------------------
// Measuring

export const countBlockElements = (html: string) => (html.match(/ data-b="/g) ?? []).length;

export async function run(
  options: { blocks?: number; iterations?: number; warmup?: number; hydrateRuns?: number } = {},
): Promise<string> {
  // Before React is first imported: the production build, without dev-only checks.
  process.env.NODE_ENV = 'production';
  const blocks = options.blocks ?? Number(process.env.BENCH_BLOCKS ?? 1000);
  const n = options.iterations ?? Number(process.env.BENCH_N ?? 50);
  const warmup = options.warmup ?? Number(process.env.BENCH_WARMUP ?? 20);
  const hydrateRuns = options.hydrateRuns ?? Number(process.env.BENCH_HYDRATE_N ?? 21);
  const hydrateWarmup = Number(process.env.BENCH_HYDRATE_WARMUP ?? 3);

  const bench = await prepareBench(blocks);
  const variants = [
    { name: 'forecourt-site', label: 'Forecourt <SiteApp> page', fn: bench.forecourtSite },
    { name: 'forecourt-list', label: 'Forecourt <BlockList> only', fn: bench.forecourtList },
    { name: 'puck', label: 'Puck <Render>', fn: bench.puck },
    { name: 'puck-rsc', label: 'Puck rsc <Render> (info)', fn: bench.puckRsc },
  ];

  // Same work on every side, checked before timing anything.
  const sizes: Record<string, { elements: number; bytes: number }> = {};
  for (const v of variants) {
    const html = v.fn();
    sizes[v.name] = { elements: countBlockElements(html), bytes: html.length };
    if (sizes[v.name].elements !== bench.tree.count) {
      throw new Error(
        `${v.name} rendered ${sizes[v.name].elements} blocks, expected ${bench.tree.count}`,
      );
    }
  }

  // Block for block the same markup (no Suspense boundary per block while every block renders: server-html.tsx).
  const sameMarkup = bench.forecourtList() === bench.puck();
  if (!sameMarkup)
    throw new Error('Forecourt <BlockList> and Puck <Render> printed different markup');

  const samples: Record<string, number[]> = Object.fromEntries(variants.map((v) => [v.name, []]));
  let sink = 0;
  for (let i = 0; i < warmup + n; i++) {
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(i + k) % variants.length];
      const t0 = performance.now();
      const html = v.fn();
      const t1 = performance.now();
      sink += html.length;
      if (i >= warmup) samples[v.name].push(t1 - t0);
    }
  }
  if (sink === 0) throw new Error('nothing rendered');

  const st = Object.fromEntries(variants.map((v) => [v.name, stats(samples[v.name])])) as Record<
    string,
    Stats
  >;
  const fmt = (x: number) => x.toFixed(2).padStart(8);
  const ratio = (a: number, b: number) => (a / b).toFixed(2);
  const verdict = (r: number) => (r <= 1 ? 'meets target (≤ 1)' : 'SLOWER than Puck (target ≤ 1)');

  const lines = [
    `Render benchmark — ${bench.tree.count} blocks (${bench.tree.boxes} Box containers, max depth ${bench.tree.maxDepth}), renderToString`,
    `Node ${process.version}, React ${bench.reactVersion} (${bench.reactProduction ? 'production build' : 'DEVELOPMENT build — React was imported before NODE_ENV=production; figures are skewed'}), @puckeditor/core ${bench.puckVersion}`,
    `${warmup} warm-up + ${n} measured iterations each, order rotated every iteration`,
    `Same work checked: ${bench.tree.count} data-b elements in every output; <BlockList> HTML === Puck HTML: ${sameMarkup}`,
    '',
    `${'renderer'.padEnd(30)}${'median ms'.padStart(10)}${'p95 ms'.padStart(10)}${'min ms'.padStart(10)}  blocks   HTML bytes`,
    ...variants.map(
      (v) =>
        `${v.label.padEnd(30)}${fmt(st[v.name].median).padStart(10)}${fmt(st[v.name].p95).padStart(10)}${fmt(st[v.name].min).padStart(10)}  ${String(sizes[v.name].elements).padStart(6)}   ${sizes[v.name].bytes}`,
    ),
    '',
    `Ratio Forecourt / Puck (median; p95):`,
    `  whole page, <SiteApp> (headline): ${ratio(st['forecourt-site'].median, st.puck.median)}; ${ratio(st['forecourt-site'].p95, st.puck.p95)}  — ${verdict(st['forecourt-site'].median / st.puck.median)}`,
    `  <BlockList> alone:                ${ratio(st['forecourt-list'].median, st.puck.median)}; ${ratio(st['forecourt-list'].p95, st.puck.p95)}  — ${verdict(st['forecourt-list'].median / st.puck.median)}`,
    `  (info) <SiteApp> vs Puck rsc:     ${ratio(st['forecourt-site'].median, st['puck-rsc'].median)}; ${ratio(st['forecourt-site'].p95, st['puck-rsc'].p95)}`,
  ];
  if (hydrateRuns > 0) {
    const { measureHydration } = await import('./render/hydration.ts');
    const { site, siteData, initialData, puckData } = bench.inputs;
    const pages = {
      site: {
        html: bench.forecourtSite(),
        payload: {
          site,
          siteData,
          mode: 'production',
          basename: '',
          initialData,
          blockTypes: bench.blockTypes,
        },
      },
      list: {
        html: bench.forecourtList(),
        payload: { site, siteData, blockTypes: bench.blockTypes },
      },
      puck: { html: bench.puck(), payload: puckData },
    };
    lines.push(
      '',
      ...(await measureHydration(
        { blocks: bench.tree.count, pages },
        { runs: hydrateRuns, warmup: hydrateWarmup },
      )),
    );
    const { measureRealPage } = await import('./render/real-page.ts');
    lines.push('', ...(await measureRealPage({ runs: hydrateRuns, warmup: hydrateWarmup })));
  }
  return lines.join('\n');
}

const invoked = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (import.meta.url === invoked) {
  run().then(
    (report) => console.log(report),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
