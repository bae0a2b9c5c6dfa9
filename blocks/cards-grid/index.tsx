import { defineBlock } from '../../engine/render/block.ts';
import type { CardsGridProps } from '../../schemas/types.gen.ts';

export default defineBlock<CardsGridProps>({
  component: function Stub() {
    return null;
  },
});
