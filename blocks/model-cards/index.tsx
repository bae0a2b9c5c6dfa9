import { defineBlock } from '../../engine/render/block.ts';
import type { ModelCardsProps } from '../../schemas/types.gen.ts';

export default defineBlock<ModelCardsProps>({
  component: function Stub() {
    return null;
  },
});
