import { defineBlock } from '../../engine/render/block.ts';
import type { OfferDetailProps } from '../../schemas/types.gen.ts';

export default defineBlock<OfferDetailProps>({
  component: function Stub() {
    return null;
  },
});
