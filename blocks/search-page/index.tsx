/**
 * Stock search page block. The page preloads only this module; the interactive UI
 * (react-instantsearch) is SearchPageApp.tsx, its own chunk — see ../_search/lazy-block.tsx
 * and docs/search-ui.md.
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { SearchPageProps } from '../../schemas/resolved.gen.ts';
import { RESULT_CARD_LAYOUT } from '../_cars/images.ts';
import { lazyBlock } from '../_search/lazy-block.tsx';
import { loadSearchBlock } from '../_search/load.ts';
import '../_search/styles/filters.css';
import '../_search/styles/range-slider.css';
import '../_search/styles/results.css';
import './search-page.css';

const ui = lazyBlock<SearchPageProps>('search-page', () => import('./SearchPageApp.tsx'));

export default defineBlock<SearchPageProps>({
  component: ui.Component,
  load: (ctx) =>
    loadSearchBlock(ctx, ui.ensure, {
      resolveNames: true,
      preloadFirstPhoto: RESULT_CARD_LAYOUT,
      describeAs: { heading: ctx.props.heading },
    }),
});
