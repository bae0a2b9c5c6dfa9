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
  locations: () => import('./locations/index.tsx'),
  'location-detail': () => import('./location-detail/index.tsx'),
  reviews: () => import('./reviews/index.tsx'),
  'offer-cards': () => import('./offer-cards/index.tsx'),
  'offer-detail': () => import('./offer-detail/index.tsx'),
  'model-cards': () => import('./model-cards/index.tsx'),
  'model-detail': () => import('./model-detail/index.tsx'),
  'dealership-select': () => import('./dealership-select/index.tsx'),
  'faq-accordion': () => import('./faq-accordion/index.tsx'),
  embed: () => import('./embed/index.tsx'),
  'tabbed-embed': () => import('./tabbed-embed/index.tsx'),
  'icon-list': () => import('./icon-list/index.tsx'),
  'payment-logos': () => import('./payment-logos/index.tsx'),
  'image-text': () => import('./image-text/index.tsx'),
  'cards-grid': () => import('./cards-grid/index.tsx'),
  'call-to-action': () => import('./call-to-action/index.tsx'),
  'search-page': () => import('./search-page/index.tsx'),
  'enquiry-form': () => import('./enquiry-form/index.tsx'),
  'test-drive-form': () => import('./test-drive-form/index.tsx'),
  'request-photos': () => import('./request-photos/index.tsx'),
  'finance-enquiry': () => import('./finance-enquiry/index.tsx'),
  'apply-for-finance': () => import('./apply-for-finance/index.tsx'),
  'personalised-finance': () => import('./personalised-finance/index.tsx'),
  'finance-calculator': () => import('./finance-calculator/index.tsx'),
  'trade-in': () => import('./trade-in/index.tsx'),
  'sell-my-car': () => import('./sell-my-car/index.tsx'),
  success: () => import('./success/index.tsx'),
  'sign-in': () => import('./sign-in/index.tsx'),
} satisfies Record<BlockType, BlockRegistry[string]>;
