/**
 * Car photos: the platform serves /assets/cars/{id}/{n}.svg at any width (?w=), so cards
 * and the gallery ask for the widths a layout needs (srcset + sizes) and always give
 * width and height (4:3), so nothing shifts while photos load.
 */
import type { CarLike } from './rules.ts';

export const PHOTO_RATIO = 3 / 4;
export const CARD_WIDTHS = [320, 480, 640, 800];
export const GALLERY_WIDTHS = [480, 800, 1200, 1600];
/** Cards: one column on phones, two from 576 px, three from 992 px, four from 1400 px. */
export const CARD_SIZES =
  '(min-width: 1400px) 320px, (min-width: 992px) 30vw, (min-width: 576px) 45vw, 92vw';
export const GALLERY_SIZES = '(min-width: 992px) 60vw, 100vw';

/** The same photo at another width (platform photos); other addresses are returned as they are. */
export function atWidth(url: string, width: number): string {
  if (!/^\/assets\/cars\//.test(url)) return url;
  const [path, query = ''] = url.split('?');
  const q = new URLSearchParams(query);
  q.set('w', String(width));
  return `${path}?${q.toString()}`;
}

export function srcSet(url: string, widths: number[]): string | undefined {
  if (!/^\/assets\/cars\//.test(url)) return undefined;
  return widths.map((w) => `${atWidth(url, w)} ${w}w`).join(', ');
}

/** Width and height a card's photo is laid out at (its aspect ratio for the browser). */
export const CARD_IMAGE_WIDTH = 400;
export const CARD_IMAGE_HEIGHT = 300;

/** The attributes of a car card's photo (and of the first card's, preloaded on a search page). */
export function cardImage(url: string): { src: string; srcSet?: string; sizes: string } {
  return {
    src: atWidth(url, CARD_IMAGE_WIDTH),
    srcSet: srcSet(url, CARD_WIDTHS),
    sizes: CARD_SIZES,
  };
}

/** The attributes of a photo shown large in the gallery (and preloaded as a car page's main image). */
export function galleryImage(url: string): { src: string; srcSet?: string; sizes: string } {
  return { src: atWidth(url, 800), srcSet: srcSet(url, GALLERY_WIDTHS), sizes: GALLERY_SIZES };
}

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
