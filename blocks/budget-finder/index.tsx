/**
 * Budget finder block. The page preloads only this module; the UI (react-instantsearch)
 * is BudgetFinderApp.tsx, its own chunk (see ../_search/lazy-block.tsx).
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { BudgetFinderProps } from '../../schemas/resolved.gen.ts';
import { lazyBlock } from '../_search/lazy-block.tsx';
import { loadSearchBlock } from '../_search/load.ts';
import '../_search/styles/filters.css';
import '../_search/styles/range-slider.css';
import '../_search/styles/results.css';
import './budget-finder.css';

const ui = lazyBlock<BudgetFinderProps>('budget-finder', () => import('./BudgetFinderApp.tsx'));

export default defineBlock<BudgetFinderProps>({
  component: ui.Component,
  load: (ctx) => loadSearchBlock(ctx, ui.ensure),
});
