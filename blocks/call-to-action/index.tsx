import { defineBlock } from '../../engine/render/block.ts';
import type { CallToActionProps } from '../../schemas/types.gen.ts';

export default defineBlock<CallToActionProps>({
  component: function Stub() {
    return null;
  },
});
