/**
 * Car photos drawn locally: the platform's vehicle silhouette (engine/assets/svg.ts) in the
 * car's body and colour, framed differently per photo number so a gallery does not show the
 * same picture twelve times. Isomorphic: a static build can draw them in the browser.
 */
import { vehicleSvg } from '../../engine/assets/svg.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { BODIES, COLOUR_HEX } from '../inventory/vocab.ts';

export const PHOTO_MIN_WIDTH = 80;
export const PHOTO_MAX_WIDTH = 2000;
export const PHOTO_DEFAULT_WIDTH = 800;

/** The shots of a gallery, in order: viewBox crops of the 320×160 drawing, some mirrored. */
const SHOTS: { viewBox: string; mirror: boolean; backdrop: string; fit: 'meet' | 'slice' }[] = [
  { viewBox: '0 -10 320 160', mirror: false, backdrop: '#eef1f5', fit: 'meet' },
  { viewBox: '0 -10 320 160', mirror: true, backdrop: '#e6eaf0', fit: 'meet' },
  { viewBox: '140 0 180 120', mirror: false, backdrop: '#f4efe6', fit: 'slice' },
  { viewBox: '0 0 180 120', mirror: false, backdrop: '#e8f0ec', fit: 'slice' },
  { viewBox: '40 40 120 80', mirror: true, backdrop: '#eceaf4', fit: 'slice' },
  { viewBox: '-40 -40 400 200', mirror: false, backdrop: '#dfe5ec', fit: 'meet' },
];

/** The backdrop of photo n (1-based): most of the picture, so its dominant colour. */
export const photoBackdrop = (n: number): string =>
  SHOTS[(Math.max(1, Math.floor(n)) - 1) % SHOTS.length].backdrop;

export function clampPhotoWidth(width: number | undefined): number {
  if (!Number.isFinite(width) || !width) return PHOTO_DEFAULT_WIDTH;
  return Math.min(PHOTO_MAX_WIDTH, Math.max(PHOTO_MIN_WIDTH, Math.round(width)));
}

type PhotoCar = Pick<Car, 'body' | 'colour' | 'name' | 'year' | 'make' | 'model'>;

/** Photo n (1-based) of a car at the given width, 4:3. */
export function carPhotoSvg(car: PhotoCar, n: number, width?: number): string {
  const w = clampPhotoWidth(width);
  const h = Math.round((w * 3) / 4);
  const body = BODIES[car.body]?.silhouette ?? 'sedan';
  const colour = COLOUR_HEX[car.colour] ?? '#9aa5b5';
  const shot = SHOTS[(Math.max(1, Math.floor(n)) - 1) % SHOTS.length];
  const inner = vehicleSvg({
    body,
    colour,
    label: n === 1 ? car.name : undefined,
    width: 320,
    height: 160,
  })
    // The inner drawing keeps its own coordinates; the outer frame crops and mirrors it.
    .replace(/ width="320" height="160"/, '');
  const flip = shot.mirror ? ' transform="translate(320 0) scale(-1 1)"' : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${shot.viewBox}" width="${w}" height="${h}" preserveAspectRatio="xMidYMid ${shot.fit}" role="img" aria-label="Photo ${n} of ${escapeAttr(car.name)}"><rect x="-400" y="-400" width="1200" height="1000" fill="${shot.backdrop}"/><g${flip}><svg x="0" y="-10" width="320" height="160" viewBox="0 -10 320 160">${stripOuter(inner)}</svg></g></svg>`;
}

/** The drawing without its own frame and studio background, so the shot's backdrop shows through evenly. */
function stripOuter(svg: string): string {
  return svg
    .replace(/^<svg[^>]*>/, '')
    .replace(/<\/svg>$/, '')
    .replace(/<rect x="0" y="-10" width="320" height="160" fill="[^"]*"\/>/, '');
}

function escapeAttr(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}
