import { defineBlock } from '../../engine/render/block.ts';
import type { PaymentLogosProps } from '../../schemas/types.gen.ts';

export default defineBlock<PaymentLogosProps>({
  component: function Stub() {
    return null;
  },
});
