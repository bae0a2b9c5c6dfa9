import { defineBlock } from '../../engine/render/block.ts';
import type { EmbedProps } from '../../schemas/types.gen.ts';

export default defineBlock<EmbedProps>({
  component: function Stub() {
    return null;
  },
});
