/** Renders a list of blocks through the loaded block definitions. */
import { Suspense, createContext, memo, useContext, type ReactNode } from 'react';
import type { Block } from '../site/types.ts';
import type { LoadedBlocks } from './block.ts';
import { BlockBoundary } from './BlockBoundary.tsx';
import { useSite } from './site-context.tsx';

export interface BlockEnvironment {
  blocks: LoadedBlocks;
  /** Data returned by block loaders, by block id. */
  data: Record<string, unknown>;
  /** Lets a host (the editor) wrap each rendered block, e.g. to make it selectable. */
  wrap?: (block: Block, rendered: ReactNode) => ReactNode;
  /** Lets a host (the editor) show a block's empty lists (its children, named slots) as places to drop blocks. */
  emptyLists?: (
    block: Block,
  ) => { children?: ReactNode; slots?: Record<string, ReactNode> } | undefined;
}

const BlockEnvironmentContext = createContext<BlockEnvironment>({ blocks: {}, data: {} });
export const BlockEnvironmentProvider = BlockEnvironmentContext.Provider;

/**
 * Whether each block sits inside its own Suspense boundary: yes unless a host says otherwise
 * (the editor's preview keeps them). A dealer page's server render leaves them out when every
 * block renders, and its hydration does the same, since React hydrates what is inside a
 * Suspense boundary in later, lower-priority passes, one per level of nesting (engine/render/server-html.tsx,
 * docs/render.md).
 */
const PerBlockSuspenseContext = createContext(true);
export const PerBlockSuspense = PerBlockSuspenseContext.Provider;

export function BlockList({ blocks }: { blocks: Block[] | undefined }) {
  if (!blocks?.length) return null;
  return (
    <>
      {blocks.map((block) => (
        <BlockView key={block.id} block={block} />
      ))}
    </>
  );
}

function MissingBlock({ block }: { block: Block }): never {
  throw new Error(`no component is registered for block type "${block.type}"`);
}

/** Memoised on the block object: in the editor's preview an edit re-renders only the blocks on its path (docs/editor-design.md, "Speed"). */
export const BlockView = memo(function BlockView({ block }: { block: Block }) {
  const env = useContext(BlockEnvironmentContext);
  const { mode, data: siteData } = useSite();
  const ownSuspense = useContext(PerBlockSuspenseContext);
  const definition = env.blocks[block.type];
  const slots: Record<string, ReactNode> = {};
  for (const [name, list] of Object.entries(block.slots ?? {}))
    slots[name] = <BlockList blocks={list} />;
  const empty = env.emptyLists?.(block);
  for (const [name, shown] of Object.entries(empty?.slots ?? {}))
    if (!block.slots?.[name]?.length) slots[name] = shown;
  const rendered = definition ? (
    <definition.component
      props={(block.props ?? {}) as never}
      block={block}
      slots={slots}
      data={env.data[block.id]}
    >
      {block.children?.length ? <BlockList blocks={block.children} /> : empty?.children}
    </definition.component>
  ) : (
    <MissingBlock block={block} />
  );
  const contained = (
    <BlockBoundary blockId={block.id} blockType={block.type} mode={mode}>
      {env.wrap ? env.wrap(block, rendered) : rendered}
    </BlockBoundary>
  );
  const shown = ownSuspense ? <Suspense fallback={null}>{contained}</Suspense> : contained;
  // A block a link jumps to (#its-id) gets an anchor: the engine's, so no block has to render its own id.
  // Without one, the block alone: a single child costs React less than a list of two (docs/render.md).
  if (!siteData.anchors?.includes(block.id) || definition?.ownAnchor) return shown;
  return (
    <>
      <span id={block.id} className="fc-anchor" />
      {shown}
    </>
  );
});
