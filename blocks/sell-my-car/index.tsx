/** Sell my car (/sell-my-car): the trade-in flow for visitors selling outright. Never gated. */
import { defineBlock } from '../../engine/render/block.ts';
import type { SellMyCarProps } from '../../schemas/resolved.gen.ts';
import { TradeInBlock } from '../_forms/trade-in/TradeInBlock.tsx';

export default defineBlock<SellMyCarProps>({
  component: ({ props, block }) => (
    <TradeInBlock props={props} blockId={block.id} kind="sell-my-car" />
  ),
});
