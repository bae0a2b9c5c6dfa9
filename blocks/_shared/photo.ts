/**
 * One way every block shows a photo (docs/cars.md, "Photos"): a platform photo (the demo's
 * drawn cars, imported stock, a site's uploaded JPEG, PNG or WebP) is asked for at the
 * ladder's widths (engine/assets/photo-ladder.ts) with `srcset` and `sizes`, so a phone
 * fetches a phone's photo; its dominant colour, kept in its name, paints the place while it
 * loads. Any other address is used as it is. A page's preloaded main image (engine/render/head.ts)
 * takes the same attributes, or the browser fetches the photo twice.
 */
import type { CSSProperties } from 'react';
import { isResizable, ladder, placeholderColour } from '../../engine/assets/photo-ladder.ts';

export interface PhotoAttributes {
  src: string;
  srcSet?: string;
  sizes?: string;
  style?: CSSProperties;
}

export interface PhotoLayout {
  /** The narrowest and widest ladder widths the layout can show. */
  min: number;
  max: number;
  /** The `sizes` attribute: how wide the photo is laid out. */
  sizes: string;
  /** The width of `src` (browsers without srcset, and the smallest useful guess); a ladder width. */
  fallback: number;
}

/**
 * The same photo at another width (platform photos; the server snaps it to the ladder, so
 * callers ask for ladder widths); other addresses as they are. A photo's address carries no
 * other query.
 */
export const atWidth = (url: string, width: number): string =>
  isResizable(url) ? `${url.split('?')[0]}?w=${width}` : url;

/** The attributes of an <img> (or of its preload) showing `url` in `layout`. */
export function photoAttributes(url: string, layout: PhotoLayout): PhotoAttributes {
  const colour = placeholderColour(url);
  return {
    src: atWidth(url, layout.fallback),
    ...(isResizable(url) && {
      srcSet: ladder(layout.min, layout.max)
        .map((w) => `${atWidth(url, w)} ${w}w`)
        .join(),
      sizes: layout.sizes,
    }),
    ...(colour && { style: { backgroundColor: colour } }),
  };
}

/** The head's preload of the same photo (engine/render/head.ts, `preloadImage`). */
export function photoPreload(url: string, layout: PhotoLayout) {
  const { src, srcSet: srcset, sizes } = photoAttributes(url, layout);
  return { href: src, srcset, sizes };
}
