/**
 * The asset library's limits and messages, browser-safe: the server checks uploads with
 * them (asset-check.ts) and the editor refuses an oversized file before sending it.
 */

/** Large enough for a full-width photo, small enough that pages stay fast. */
export const MAX_ASSET_BYTES = 5 * 1024 * 1024;

export const ASSET_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type AssetExt = keyof typeof ASSET_TYPES;

/** The stored name: a plain name, a hash of the content, the extension of the sniffed type. */
export const ASSET_FILE = /^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:png|jpg|webp|svg)$/;

export const ASSET_URL_PREFIX = '/assets/sites';

/** What image fields store for a site's image `name`. */
export const assetUrl = (slug: string, name: string) => `${ASSET_URL_PREFIX}/${slug}/${name}`;

export const MESSAGES = {
  empty: 'The file is empty.',
  tooLarge: `The image is larger than ${MAX_ASSET_BYTES / 1024 / 1024} MB. Export it smaller (about 2,000 pixels wide is plenty) and upload it again.`,
  unknownType:
    'This file is not a PNG, JPEG, WebP or SVG image. Export it in one of those formats and upload it again.',
  badSvg:
    'This SVG could not be read as an image (no <svg> element left after removing scripts and links to other files).',
} as const;

/** An image in a site's asset library, as the editor API lists it. */
export interface SiteAsset {
  name: string;
  /** What image fields store: a root-relative address, valid on every host and base path. */
  url: string;
  type: string;
  size: number;
  /**
   * In the published site (or put in the folder by hand): it stays. Only an image the draft
   * alone holds can be deleted (engine/server/asset-delete.ts).
   */
  published: boolean;
}
