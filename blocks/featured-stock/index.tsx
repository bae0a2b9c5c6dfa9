/**
 * Featured stock block (docs/content-blocks.md, "Featured stock"). The page preloads only this
 * module; the row's UI with its full car cards (FeaturedStockApp.tsx) is its own chunk,
 * hydrated once the visitor starts using the page (blocks/_search/lazy-block.tsx): the
 * server HTML shows the cars from the first paint, and a clicked car before then is held and
 * followed. `load` (load.ts: the filters and the search client) runs on the server, and in
 * the browser only on a client-side navigation.
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { FeaturedStockProps } from '../../schemas/resolved.gen.ts';
import { lazyBlock } from '../_search/lazy-block.tsx';
import './featured-stock.css';

const ui = lazyBlock<FeaturedStockProps>('featured-stock', () => import('./FeaturedStockApp.tsx'));

export default defineBlock<FeaturedStockProps>({
  component: ui.Component,
  load: async (ctx) => {
    const [data] = await Promise.all([
      import('./load.ts').then((m) => m.loadFeaturedStock(ctx)),
      ui.ensure(),
    ]);
    return data;
  },
});
