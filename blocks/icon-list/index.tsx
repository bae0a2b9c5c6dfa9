import { defineBlock } from '../../engine/render/block.ts';
import type { IconListProps } from '../../schemas/types.gen.ts';

export default defineBlock<IconListProps>({
  component: function Stub() {
    return null;
  },
});
