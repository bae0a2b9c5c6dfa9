import { defineBlock } from '../../engine/render/block.ts';
import type { ModelDetailProps } from '../../schemas/types.gen.ts';

export default defineBlock<ModelDetailProps>({
  component: function Stub() {
    return null;
  },
});
