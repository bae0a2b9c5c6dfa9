import { defineBlock } from '../../engine/render/block.ts';
import type { OfferCardsProps } from '../../schemas/types.gen.ts';

export default defineBlock<OfferCardsProps>({
  component: function Stub() {
    return null;
  },
});
