import { defineBlock } from '../../engine/render/block.ts';
import type { TabbedEmbedProps } from '../../schemas/types.gen.ts';

export default defineBlock<TabbedEmbedProps>({
  component: function Stub() {
    return null;
  },
});
