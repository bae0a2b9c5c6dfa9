/**
 * The widths the demo makes its camera photos at ahead (docs/cars.md, "Demo photos") cover what
 * the car layouts' `srcset` and `sizes` make a browser pick on phones and desktops: the card,
 * the gallery's main photo and its thumbnails. A layout that changes its widths or `sizes`
 * without these following fails here, before a visitor waits for a photo to be encoded.
 */
import { describe, expect, it } from 'vitest';
import {
  CARD_LAYOUT,
  GALLERY_LAYOUT,
  RESULT_CARD_LAYOUT,
  THUMB_LAYOUT,
} from '../../../blocks/_cars/images.ts';
import type { PhotoLayout } from '../../../blocks/_shared/photo.ts';
import { FIRST_SCREEN_WIDTHS } from '../../../demo/inventory/camera-cars.ts';
import { ladder } from '../../../engine/assets/photo-ladder.ts';

/** Viewports (CSS px) and device pixel ratios: phones (Lighthouse's mobile is 412 at 1.75), a tablet, desktops. */
const DEVICES = [
  [360, 2],
  [375, 2],
  [390, 3],
  [412, 1.75],
  [430, 3],
  [768, 2],
  [1350, 1],
  [1366, 1],
  [1440, 2],
  [1920, 1],
] as const;

/** How wide `sizes` lays the photo out at `viewport` (the forms the layouts use: `(min-width: Npx) L`, L in px or vw). */
function slotWidth(sizes: string, viewport: number): number {
  for (const entry of sizes.split(',').map((s) => s.trim())) {
    const m = /^(?:\(min-width:\s*(\d+)px\)\s+)?(\d+(?:\.\d+)?)(px|vw)$/.exec(entry);
    if (!m) throw new Error(`unread sizes entry ${entry}`);
    if (m[1] && viewport < Number(m[1])) continue;
    return m[3] === 'px' ? Number(m[2]) : (Number(m[2]) * viewport) / 100;
  }
  throw new Error(`no default in ${sizes}`);
}

/** The srcset widths a browser may pick: the smallest at least as dense as the screen, or the one below it (Chromium takes the nearer). */
function picks(layout: PhotoLayout, viewport: number, dpr: number): number[] {
  const widths = ladder(layout.min, layout.max);
  const needed = slotWidth(layout.sizes, viewport) * dpr;
  const above = widths.find((w) => w >= needed) ?? widths[widths.length - 1];
  const below = [...widths].reverse().find((w) => w <= needed) ?? widths[0];
  return [below, above];
}

describe('camera photos made ahead', () => {
  it.each([
    ['a search card', RESULT_CARD_LAYOUT, FIRST_SCREEN_WIDTHS.card],
    ['a card elsewhere', CARD_LAYOUT, FIRST_SCREEN_WIDTHS.card],
    ["the car page's main photo", GALLERY_LAYOUT, FIRST_SCREEN_WIDTHS.main],
    ['its search card too', RESULT_CARD_LAYOUT, FIRST_SCREEN_WIDTHS.main],
    ['a thumbnail', THUMB_LAYOUT, FIRST_SCREEN_WIDTHS.thumb],
  ])('cover the widths %s is picked at on every device', (_place, layout, made) => {
    for (const [viewport, dpr] of DEVICES)
      for (const width of picks(layout, viewport, dpr))
        expect(made, `${viewport} px at ${dpr}x`).toContain(width);
  });

  it('read the layouts as a browser does', () => {
    // Lighthouse's phone: the gallery is 412 px wide, 721 device pixels: the 640 or the 800.
    expect(picks(GALLERY_LAYOUT, 412, 1.75)).toEqual([640, 800]);
    // A 1,920 px desktop: cards are 320 px wide from 1,400 px.
    expect(picks(CARD_LAYOUT, 1920, 1)).toEqual([320, 320]);
    // A 390 px phone at 3x: a search result's compact card shows its photo about 150 px wide.
    expect(picks(RESULT_CARD_LAYOUT, 390, 3)).toEqual([320, 480]);
  });
});
