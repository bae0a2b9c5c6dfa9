import { defineBlock } from '../../engine/render/block.ts';

// Placeholder until the real block lands.
export default defineBlock<Record<string, unknown>>({
  component: () => <div data-block-placeholder="header" />,
});
