/**
 * Dealer directory search block. The page preloads only this module; the UI
 * (react-instantsearch) is DealerDirectoryApp.tsx, its own chunk (see ../_search/lazy-block.tsx).
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { DealerDirectoryProps } from '../../schemas/resolved.gen.ts';
import { lazyBlock } from '../_search/lazy-block.tsx';
import { loadSearchBlock } from '../_search/load.ts';
import '../_search/styles/filters.css';
import '../_search/styles/range-slider.css';
import '../_search/styles/results.css';
import './dealer-directory.css';

const ui = lazyBlock<DealerDirectoryProps>(
  'dealer-directory',
  () => import('./DealerDirectoryApp.tsx'),
);

export default defineBlock<DealerDirectoryProps>({
  component: ui.Component,
  load: (ctx) =>
    loadSearchBlock(ctx, ui.ensure, {
      describeAs: { heading: ctx.props.heading, kind: 'dealerships' },
    }),
});
