import { defineBlock } from '../../engine/render/block.ts';
import type { ImageTextProps } from '../../schemas/types.gen.ts';

export default defineBlock<ImageTextProps>({
  component: function Stub() {
    return null;
  },
});
