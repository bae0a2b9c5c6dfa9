/**
 * Block type → its code-split module. The engine knows blocks only through this map.
 * To add a block: create blocks/{type}/index.tsx (default export defineBlock(...)),
 * schemas/blocks/{type}.schema.json, and one line here.
 */
import type { BlockRegistry } from '../engine/render/block.ts';
import type { BlockType } from '../schemas/index.gen.ts';

export const registry = {
  header: () => import('./header/index.tsx'),
  footer: () => import('./footer/index.tsx'),
  'feature-banner': () => import('./feature-banner/index.tsx'),
  'emergency-banner': () => import('./emergency-banner/index.tsx'),
  carousel: () => import('./carousel/index.tsx'),
  hero: () => import('./hero/index.tsx'),
  'rich-text': () => import('./rich-text/index.tsx'),
  section: () => import('./section/index.tsx'),
  columns: () => import('./columns/index.tsx'),
} satisfies Record<BlockType, BlockRegistry[string]>;
