/** Trade-in valuation (/trade-in, /cars/trade-in?car_id=). Never gated. */
import { defineBlock } from '../../engine/render/block.ts';
import type { TradeInProps } from '../../schemas/resolved.gen.ts';
import { TradeInBlock } from '../_forms/trade-in/TradeInBlock.tsx';

export default defineBlock<TradeInProps>({
  component: ({ props, block }) => (
    <TradeInBlock props={props} blockId={block.id} kind="trade-in" />
  ),
});
