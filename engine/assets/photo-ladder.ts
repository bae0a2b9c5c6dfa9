/**
 * The widths photos are served at, and what a photo's address tells a page (docs/cars.md,
 * "Photos"). Browser-safe: the server snaps `?w=` to this ladder (photo-serve.ts) and pages
 * ask only for its widths (blocks/_shared/photo.ts), so a derivative made once serves every
 * layout and every CDN key is one of a few.
 */

/** Every width a raster photo is made at; `?w=` is snapped up to the next one. */
export const PHOTO_WIDTHS = [160, 320, 480, 640, 800, 1024, 1280, 1600] as const;

/**
 * The ladder widths made ahead for each photo's place (the demo's camera photos and imported
 * feed photos): what the layouts of blocks/_cars/images.ts pick on phones (Lighthouse's 412 px
 * at 1.75x to 430 px at 3x) and desktops (1,350 to 1,920 px, 1x and 2x);
 * tests/unit/demo/camera-first-screen.test.ts checks them against those layouts.
 */
export const FIRST_SCREEN_WIDTHS = {
  /** A dealership's first car's first photo: its car page's main photo and its search card. */
  main: [320, 480, 640, 800, 1024, 1280, 1600],
  /** Another car's first photo: a search card. */
  card: [320, 480, 640, 800],
  /** The next photos of a car: the car page's thumbnails. */
  thumb: [160, 320],
} as const;

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
