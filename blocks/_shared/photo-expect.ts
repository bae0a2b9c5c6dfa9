/**
 * For blocks' tests: an <img> showing a platform photo through the shared helper (photo.ts):
 * `src` at the layout's fallback width, `srcset` at every ladder width of the layout, its
 * `sizes`, and the colour its name carries as the background while it loads.
 */
import { expect } from 'vitest';
import { ladder, placeholderColour } from '../../engine/assets/photo-ladder.ts';
import type { PhotoLayout } from './photo.ts';

/** A raster upload of a site's asset library, as the pipeline names it (its colour #336699). */
export const UPLOADED_PHOTO = '/assets/sites/gold-coast-ford/showroom-0123456789ab-c336699.jpg';

export function expectLadderPhoto(img: Element | null, url: string, layout: PhotoLayout): void {
  expect(img).not.toBeNull();
  const widths = ladder(layout.min, layout.max);
  expect(widths.length).toBeGreaterThan(1);
  expect({
    src: img!.getAttribute('src'),
    srcset: img!.getAttribute('srcset'),
    sizes: img!.getAttribute('sizes'),
  }).toEqual({
    src: `${url}?w=${layout.fallback}`,
    srcset: widths.map((w) => `${url}?w=${w} ${w}w`).join(','),
    sizes: layout.sizes,
  });
  expect((img as HTMLElement).style.backgroundColor).toBe(
    // jsdom gives the colour back as rgb()
    placeholderColour(url)!.replace(
      /^#(..)(..)(..)$/,
      (_, r, g, b) => `rgb(${parseInt(r, 16)}, ${parseInt(g, 16)}, ${parseInt(b, 16)})`,
    ),
  );
}

/** An <img> showing any other address as it is, with no srcset. */
export function expectPlainPhoto(img: Element | null, url: string): void {
  expect(img).not.toBeNull();
  expect(img!.getAttribute('src')).toBe(url);
  expect(img!.hasAttribute('srcset')).toBe(false);
}
