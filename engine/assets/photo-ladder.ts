/**
 * The widths photos are served at, and what a photo's address tells a page (docs/cars.md,
 * "Photos"). Browser-safe: the server snaps `?w=` to this ladder (photo-serve.ts) and pages
 * ask only for its widths (blocks/_shared/photo.ts), so a derivative made once serves every
 * layout and every CDN key is one of a few.
 */

/** Every width a raster photo is made at; `?w=` is snapped up to the next one. */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600] as const;

/** The width served for `?w=` (absent or unreadable: the largest). */
export function snapWidth(asked: unknown): number {
  const w = Number(asked);
  const top = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];
  if (!Number.isFinite(w) || w <= 0) return top;
  return PHOTO_WIDTHS.find((step) => step >= w) ?? top;
}

/** The ladder's widths from `min` to `max`, both included when on it. */
export function ladder(min: number, max: number): number[] {
  return PHOTO_WIDTHS.filter((w) => w >= min && w <= max);
}

/**
 * Addresses the platform serves at any width (`?w=`): the demo's drawn car photos, imported
 * stock photos and the raster images of a site's asset library (an SVG is sent as it is).
 */
const RESIZABLE =
  /^\/assets\/(?:cars|stock)\/|^\/assets\/sites\/[^?#]+\.(?:jpg|png|webp)(?:[?#]|$)/;

export function isResizable(url: string): boolean {
  return RESIZABLE.test(url);
}

/**
 * A stored photo's name carries its dominant colour (`…-{hash}-c{rrggbb}.jpg`, asset-check.ts),
 * taken once when it was imported, so a page paints that colour where the photo will be
 * without asking anything more.
 */
const COLOUR_IN_NAME = /-[0-9a-f]{12}-c([0-9a-f]{6})\.(?:jpg|png|webp)(?:[?#]|$)/;

export function placeholderColour(url: string): string | undefined {
  const m = COLOUR_IN_NAME.exec(url);
  return m ? `#${m[1]}` : undefined;
}
