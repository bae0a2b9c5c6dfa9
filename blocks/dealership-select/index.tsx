import { defineBlock } from '../../engine/render/block.ts';
import type { DealershipSelectProps } from '../../schemas/types.gen.ts';

export default defineBlock<DealershipSelectProps>({
  component: function Stub() {
    return null;
  },
});
