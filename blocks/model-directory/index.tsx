/**
 * Model directory search block (the Model_production index). The page preloads only this
 * module; the UI (react-instantsearch) is ModelDirectoryApp.tsx, its own chunk (see
 * ../_search/lazy-block.tsx).
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { ModelDirectoryProps } from '../../schemas/resolved.gen.ts';
import { lazyBlock } from '../_search/lazy-block.tsx';
import { loadSearchBlock } from '../_search/load.ts';
import '../_search/styles/filters.css';
import '../_search/styles/range-slider.css';
import '../_search/styles/results.css';
import './model-directory.css';

const ui = lazyBlock<ModelDirectoryProps>(
  'model-directory',
  () => import('./ModelDirectoryApp.tsx'),
);

export default defineBlock<ModelDirectoryProps>({
  component: ui.Component,
  load: (ctx) =>
    loadSearchBlock(ctx, ui.ensure, { describeAs: { heading: ctx.props.heading, kind: 'models' } }),
});
