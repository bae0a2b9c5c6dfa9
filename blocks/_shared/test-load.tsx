/**
 * Test helper (tests only; never imported by a block): renders a block like
 * test-utils' renderBlock, but first runs its `load` (as the server does, with route
 * params and a URL) and passes what it returned as `data`.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { readJson } from '../../engine/render/api-read.ts';
import type { BlockDefinition } from '../../engine/render/block.ts';
import { BlockEnvironmentProvider } from '../../engine/render/BlockTree.tsx';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import type { Block } from '../../engine/site/types.ts';
import type { BlockType } from '../../schemas/index.gen.ts';
import { prepareDemoSite, TEST_PAGE_PATH, type DemoSite } from './test-utils.tsx';

export interface LoadAndRenderOptions {
  site?: DemoSite;
  patch?: (doc: Record<string, any>) => void;
  props?: Record<string, unknown>;
  /** Route parameters given to load (e.g. { slug: 'nerang' }). */
  params?: Record<string, string | undefined>;
  /** Path and query of the page (default /). */
  route?: string;
  /** Data to render with instead of running load. */
  data?: unknown;
}

export async function loadAndRender<P>(
  type: BlockType,
  definition: BlockDefinition<P>,
  options: LoadAndRenderOptions = {},
) {
  const raw = { type, id: 'under-test', props: options.props ?? {} } as Block;
  const { site, data: siteData } = prepareDemoSite({
    site: options.site,
    patch: options.patch,
    blocks: [raw],
  });
  const block = site.pages
    .find((p) => p.path === TEST_PAGE_PATH)!
    .blocks!.find((b) => b.id === 'under-test')!;
  const props = (block.props ?? {}) as P;
  const route = options.route ?? '/';
  const url = new URL(route, 'http://dealer.test');
  const data =
    options.data !== undefined
      ? options.data
      : definition.load
        ? await definition.load({
            props,
            block,
            site,
            siteData,
            params: options.params ?? {},
            url,
            getJson: (target) => readJson(target, url.origin),
          })
        : undefined;
  const Component = definition.component;
  const result = render(
    <SiteProvider site={site} data={siteData} mode="development">
      <MemoryRouter initialEntries={[route]}>
        <BlockEnvironmentProvider value={{ blocks: {}, data: {} }}>
          <Component props={props} block={block} slots={{}} data={data} />
        </BlockEnvironmentProvider>
      </MemoryRouter>
    </SiteProvider>,
  );
  return Object.assign(result, { site, siteData, props, block, data });
}
