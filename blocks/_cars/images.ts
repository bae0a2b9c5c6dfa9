/**
 * Car photos: the platform serves its photos (the demo's drawn cars, imported stock) at the
 * ladder's widths (?w=), so cards, the gallery and its thumbnails ask for the widths a layout
 * needs through the shared photo helper (blocks/_shared/photo.ts: srcset, sizes and the
 * placeholder colour) and always give width and height (4:3), so nothing shifts while photos load.
 */
import { atWidth, photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import type { CarLike } from './rules.ts';

export { atWidth };

/** Cards: one column on phones, two from 576 px, three from 992 px, four from 1400 px. */
export const CARD_LAYOUT: PhotoLayout = {
  min: 320,
  max: 800,
  sizes: '(min-width: 1400px) 320px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 92vw',
  fallback: 480,
};
/**
 * Search results' cards: compact on phones, the photo 42% of a card (search-page.css, "Compact
 * cards"), so at most 40vw there; as CARD_LAYOUT from 576 px.
 */
export const RESULT_CARD_LAYOUT: PhotoLayout = {
  ...CARD_LAYOUT,
  sizes: CARD_LAYOUT.sizes.replace(/92vw$/, '40vw'),
};
/** The gallery's large photo: most of the page from 992 px, the whole width below. */
export const GALLERY_LAYOUT: PhotoLayout = {
  min: 480,
  max: 1600,
  sizes: '(min-width: 992px) 60vw, 100vw',
  fallback: 800,
};
/** The gallery's thumbnails, 120 px wide. */
export const THUMB_LAYOUT: PhotoLayout = { min: 160, max: 320, sizes: '120px', fallback: 160 };

/** Width and height a card's photo is laid out at (its aspect ratio for the browser). */
export const CARD_IMAGE_WIDTH = 400;
export const CARD_IMAGE_HEIGHT = 300;

/** The attributes of a car card's photo (and of the first card's, preloaded on a search page). */
export const cardImage = (url: string, layout = CARD_LAYOUT) => photoAttributes(url, layout);

/** The attributes of a photo shown large in the gallery (and preloaded as a car page's main image). */
export const galleryImage = (url: string) => photoAttributes(url, GALLERY_LAYOUT);

/** The attributes of a gallery thumbnail. */
export const thumbImage = (url: string) => photoAttributes(url, THUMB_LAYOUT);

/** Every photo of a car, full size, in order. */
export function carPhotos(car: CarLike): string[] {
  const fromImages = (car.images ?? []).map((i) => i.url).filter(Boolean);
  if (fromImages.length) return fromImages;
  if (car.thumbnails?.length) return car.thumbnails.map((t) => atWidth(t, 800));
  return car.primary_image_url ? [car.primary_image_url] : [];
}

/** The card photo (the first one). */
export function cardPhoto(car: CarLike): string | undefined {
  return (
    car.thumbnails?.[0] ??
    car.images?.[0]?.thumb_url ??
    car.images?.[0]?.url ??
    car.primary_image_url ??
    undefined
  );
}
