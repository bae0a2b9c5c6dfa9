/**
 * Search blocks keep react-instantsearch out of the page's initial JavaScript: the block
 * module the page preloads is small (its `load` and this wrapper); the interactive search
 * UI is a separate chunk.
 *
 *  - Server: `ensure()` (called from the block's load) imports the UI first, so the page's
 *    one renderToString renders it in full — results included.
 *  - First page load in the browser: the wrapper renders a React.lazy of the UI. React
 *    leaves the server HTML in place (a dehydrated Suspense boundary: the block's own, see
 *    BlockView) while the chunk loads, then hydrates it. The rest of the page hydrates
 *    without waiting, and the cars are on screen from the first paint.
 *  - Client-side navigation: the block's load calls `ensure()` too, so the UI renders at
 *    once, without a fallback.
 */
import { lazy, useState, type ComponentType } from 'react';
import type { BlockRenderProps } from '../../engine/render/block.ts';

export function lazyBlock<P>(importer: () => Promise<{ default: ComponentType<BlockRenderProps<P>> }>) {
  let loaded: ComponentType<BlockRenderProps<P>> | undefined;
  const load = () =>
    importer().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(load);
  function LazyBlock(props: BlockRenderProps<P>) {
    // The component type must not change while mounted (that would remount the block).
    const [Component] = useState<ComponentType<BlockRenderProps<P>>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return {
    Component: LazyBlock,
    /** Imports the UI (once) and returns it. */
    ensure: async (): Promise<ComponentType<BlockRenderProps<P>>> => {
      if (!loaded) await load();
      return loaded!;
    },
  };
}
