import { defineBlock } from '../../engine/render/block.ts';
import type { FaqAccordionProps } from '../../schemas/types.gen.ts';

export default defineBlock<FaqAccordionProps>({
  component: function Stub() {
    return null;
  },
});
