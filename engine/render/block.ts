/**
 * What a block is to the engine: a component plus optional server/client data loading.
 * The engine never imports a particular block; blocks import this.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Block, ResolvedSite } from '../site/types.ts';
import type { SiteData } from '../site/data.ts';

export interface BlockRenderProps<P> {
  /** Props after validation, with schema defaults filled in. */
  props: P;
  block: Block;
  /** Rendered child blocks (containers only). */
  children?: ReactNode;
  /** Rendered named slots. */
  slots: Record<string, ReactNode>;
  /** What this block's `load` returned for the current page, if it has one. */
  data?: unknown;
}

export interface BlockLoadContext<P> {
  props: P;
  block: Block;
  site: ResolvedSite;
  siteData: SiteData;
  /** Route parameters of the page (e.g. { slug } on /cars/:slug). */
  params: Record<string, string | undefined>;
  url: URL;
  /**
   * Reads an API's JSON answer (api-read.ts): the platform's own API on the page's origin is
   * answered in process on the server; anything else over HTTP, with a time limit.
   */
  getJson(target: URL): Promise<unknown>;
}

export interface BlockDefinition<P = any> {
  component: ComponentType<BlockRenderProps<P>>;
  /** Fetches what the block needs before it renders (runs on the server, and in the browser on navigation). */
  load?: (ctx: BlockLoadContext<P>) => Promise<unknown>;
  /**
   * The block's root element carries `id={block.id}` (forms that links jump to). Otherwise
   * the renderer puts an anchor before a block that a link of the document jumps to.
   */
  ownAnchor?: boolean;
}

export function defineBlock<P>(definition: BlockDefinition<P>): BlockDefinition<P> {
  return definition;
}

/** Block type → code-split module loader. */
export type BlockRegistry = Record<string, () => Promise<{ default: BlockDefinition }>>;
export type LoadedBlocks = Record<string, BlockDefinition>;
