/**
 * Test helpers for blocks: a real demo site (template resolved, validated, defaults
 * filled, HTML sanitised, exactly as the server prepares it) and a block rendered in
 * the real providers (SiteProvider, MemoryRouter, BlockEnvironmentProvider).
 * For tests only; never imported by a block.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, type RenderResult } from '@testing-library/react';
import cloneDeep from 'lodash-es/cloneDeep.js';
import { MemoryRouter } from 'react-router';
import type { BlockDefinition } from '../../engine/render/block.ts';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { sanitizeHtml } from '../../engine/sanitize/html.server.ts';
import { siteDataFor, type SiteData } from '../../engine/site/data.ts';
import { createSitePreparer } from '../../engine/site/prepare.ts';
import { createAjv } from '../../engine/schema/validator.ts';
import type { Block, ResolvedSite } from '../../engine/site/types.ts';
import type { BlockType } from '../../schemas/index.gen.ts';
import type { Catalogue } from '../../schemas/types.gen.ts';

const SITES_DIR = join(import.meta.dirname, '../../sites');

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'));

const prepare = createSitePreparer({
  loadTemplate: (name) => {
    const file = join(SITES_DIR, 'templates', `${name}.json`);
    return existsSync(file) ? readJson(file) : undefined;
  },
  sanitizeHtml,
});

let catalogue: Catalogue | undefined;
export function demoCatalogue(): Catalogue {
  return (catalogue ??= readJson(join(SITES_DIR, 'shared', 'catalogue.json')) as Catalogue);
}

/** The raw document of a demo site (sites/{slug}.json), as a fresh copy to change. */
export function demoDocument(slug: DemoSite): Record<string, any> {
  return cloneDeep(readJson(join(SITES_DIR, `${slug}.json`)));
}

export type DemoSite =
  'gold-coast-ford' | 'southern-motor-group' | 'kiwi-car-yard' | 'lakeside-chevrolet';

export interface PrepareOptions {
  /** Demo site to start from (default gold-coast-ford). */
  site?: DemoSite;
  /** Changes the raw document before it is prepared (e.g. switch a feature). */
  patch?: (doc: Record<string, any>) => void;
  /** Blocks appended on a test page, so their props are validated and completed too. */
  blocks?: Block[];
}

export const TEST_PAGE_PATH = '/block-test';

/** Prepares a demo site exactly as the server does; throws with the issues when invalid. */
export function prepareDemoSite(options: PrepareOptions = {}): {
  site: ResolvedSite;
  data: SiteData;
} {
  const doc = demoDocument(options.site ?? 'gold-coast-ford');
  options.patch?.(doc);
  if (options.blocks?.length) {
    doc.pages = [
      ...(doc.pages ?? []),
      { id: 'block-test', path: TEST_PAGE_PATH, title: 'Block test', blocks: options.blocks },
    ];
  }
  const result = prepare(doc);
  if (!result.ok)
    throw new Error(
      `demo site is invalid:\n${result.issues.map((i) => `${i.path}: ${i.message}`).join('\n')}`,
    );
  return { site: result.site, data: siteDataFor(result.site, demoCatalogue()) };
}

export interface RenderBlockOptions<P> extends Omit<PrepareOptions, 'blocks'> {
  /** Props as a document would give them (schema defaults are filled in). */
  props?: Partial<P> | Record<string, unknown>;
  id?: string;
  /** Router location (default /). */
  route?: string;
  /** Other blocks' definitions the block may render (containers). */
  blocks?: Record<string, BlockDefinition>;
}

export type RenderedBlock<P> = RenderResult & {
  site: ResolvedSite;
  data: SiteData;
  props: P;
  block: Block;
};

/** Renders one block definition inside the real site providers, with validated props. */
export function renderBlock<P>(
  type: BlockType,
  definition: BlockDefinition<P>,
  options: RenderBlockOptions<P> = {},
): RenderedBlock<P> {
  const id = options.id ?? 'under-test';
  // Props are always given (at least {}): the schema defaults of a block with no props at all are not filled
  // by the validator yet, and blocks rely on them.
  const raw = { type, id, props: (options.props ?? {}) as Record<string, unknown> } as Block;
  const { site, data } = prepareDemoSite({
    site: options.site,
    patch: options.patch,
    blocks: [raw],
  });
  const block = site.pages
    .find((p) => p.path === TEST_PAGE_PATH)!
    .blocks!.find((b) => b.id === id)!;
  const props = (block.props ?? {}) as P;
  const Component = definition.component;
  const result = render(
    <SiteProvider site={site} data={data} mode="development">
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <BlockEnvironmentProvider value={{ blocks: options.blocks ?? {}, data: {} }}>
          <Component props={props} block={block} slots={{}} />
        </BlockEnvironmentProvider>
      </MemoryRouter>
    </SiteProvider>,
  );
  return Object.assign(result, { site, data, props, block });
}

let defaultsAjv: ReturnType<typeof createAjv> | undefined;

/**
 * Props as the engine hands them to a block: a copy of `props` with the block schema's
 * defaults filled in, as engine/site/prepare.ts fills them (ajv useDefaults). For tests that
 * call a block's component or helpers directly, without a site document around it.
 */
export function withDefaults<P>(
  type: BlockType,
  props: Partial<P> | Record<string, unknown> = {},
): P {
  defaultsAjv ??= createAjv({ useDefaults: true });
  const copy = structuredClone(props);
  // Only the defaults matter here: a test may leave out required props it does not need.
  void defaultsAjv.getSchema(`https://forecourt.dev/schemas/blocks/${type}.schema.json`)!(copy);
  return copy as P;
}

/**
 * Makes window.matchMedia answer like a browser of the given width (jsdom has none).
 * Understands (min-width: Npx) and (max-width: Npx) joined with "and". Returns a restore function.
 */
export function mockViewport(width: number): () => void {
  const previous = window.matchMedia;
  const evaluate = (query: string) =>
    query.split(/\band\b/).every((part) => {
      const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(part);
      const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(part);
      if (min) return width >= Number(min[1]);
      if (max) return width <= Number(max[1]);
      return false;
    });
  window.matchMedia = ((query: string) => ({
    matches: evaluate(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = previous;
  };
}
