import { defineBlock } from '../../engine/render/block.ts';
import type { ReviewsProps } from '../../schemas/types.gen.ts';

export default defineBlock<ReviewsProps>({
  component: function Stub() {
    return null;
  },
});
