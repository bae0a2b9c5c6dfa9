/**
 * The demo sites' home-page hero pictures: a drawn dealership forecourt at dusk in the
 * dealer's colours (a showroom, bunting, cars on the lot), 1600 × 900. Drawn, not
 * photographed, so the project ships its pictures and pages need no network
 * (docs/content-blocks.md, "Home pages"). The file goes into the site's asset library
 * (sites/assets/{slug}/, served at /assets/sites/{slug}/…) under a name made the way the
 * library names uploads (plain name, then a hash of the content), so a changed drawing gets
 * a new address and the library's year-long caching stays right.
 */
import { createHash } from 'node:crypto';
import { vehicleSvg } from '../../engine/assets/svg.ts';

export const HERO_WIDTH = 1600;
export const HERO_HEIGHT = 900;

export interface HeroColours {
  primary: string;
  accent: string;
}

/** A car silhouette without its studio backdrop or label, placed on the lot. */
function carOnLot(body: string, colour: string, x: number, y: number, width: number): string {
  const car = vehicleSvg({ body, colour, width, height: Math.round(width / 2) })
    // The studio backdrop and pale floor belong to a catalogue picture, not to a car on a lot.
    .replace(/<rect x="0" y="-10" width="320" height="160" fill="#eef1f5"\/>/, '')
    .replace('fill="#d5dae2"', 'fill="#0b0f14" opacity=".45"')
    .replace(/ role="img" aria-label="[^"]*"/, '');
  return car.replace('<svg ', `<svg x="${x}" y="${y}" `);
}

/** Bunting: a line of small triangular flags between two points. */
function bunting(x1: number, x2: number, y: number, colours: string[]): string {
  const flags: string[] = [];
  for (let x = x1, i = 0; x < x2; x += 36, i++) {
    flags.push(
      `<path d="M${x} ${y} L${x + 28} ${y} L${x + 14} ${y + 30} Z" fill="${colours[i % colours.length]}"/>`,
    );
  }
  return `<path d="M${x1} ${y} L${x2} ${y}" stroke="#e5e7eb" stroke-width="2"/>${flags.join('')}`;
}

/** The picture for one dealer, as SVG text. */
export function forecourtSvg(colours: HeroColours): string {
  const { primary, accent } = colours;
  const panes = Array.from(
    { length: 9 },
    (_, i) => `<rect x="${700 + i * 96}" y="330" width="84" height="230" fill="url(#glass)"/>`,
  ).join('');
  const lines = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${120 + i * 170} 640 L${60 + i * 190} 900" stroke="#6b7280" stroke-width="4" opacity=".5"/>`,
  ).join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HERO_WIDTH} ${HERO_HEIGHT}" width="${HERO_WIDTH}" height="${HERO_HEIGHT}">`,
    '<defs>',
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${primary}"/><stop offset=".7" stop-color="#f59e0b" stop-opacity=".55"/><stop offset="1" stop-color="#fde68a"/></linearGradient>`,
    '<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fef3c7"/><stop offset="1" stop-color="#93c5fd"/></linearGradient>',
    '<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4b5563"/><stop offset="1" stop-color="#1f2937"/></linearGradient>',
    '</defs>',
    `<rect width="${HERO_WIDTH}" height="${HERO_HEIGHT}" fill="url(#sky)"/>`,
    '<circle cx="360" cy="470" r="90" fill="#fde68a" opacity=".8"/>',
    '<path d="M0 560 Q200 480 420 540 T860 520 T1300 500 T1600 530 L1600 600 L0 600 Z" fill="#1f2937" opacity=".55"/>',
    // The showroom: a glass front under a roof band in the dealer's colour, and its sign.
    `<rect x="660" y="300" width="900" height="300" fill="#e5e7eb"/>${panes}`,
    `<rect x="640" y="250" width="940" height="64" fill="${primary}"/>`,
    `<rect x="1000" y="262" width="220" height="40" rx="6" fill="#fff" opacity=".92"/>`,
    `<rect x="560" y="160" width="24" height="440" fill="#9ca3af"/><rect x="500" y="120" width="144" height="90" rx="8" fill="${primary}" stroke="#fff" stroke-width="6"/>`,
    bunting(40, 1560, 230, [accent, '#ffffff', primary]),
    `<rect y="600" width="${HERO_WIDTH}" height="300" fill="url(#ground)"/>${lines}`,
    carOnLot('suv', accent, 780, 560, 420),
    carOnLot('ute', '#e5e7eb', 1160, 590, 440),
    carOnLot('hatch', '#60a5fa', 1000, 700, 460),
    carOnLot('sedan', '#111827', 1340, 720, 300),
    '</svg>',
  ].join('');
}

/**
 * The stored file and its content-addressed name (home-hero-{hash}.svg, as
 * engine/server/asset-check.ts names uploads). Our own drawing has nothing active in it, so it
 * is stored as drawn.
 */
export function heroAsset(colours: HeroColours): { name: string; bytes: Buffer } {
  const bytes = Buffer.from(forecourtSvg(colours), 'utf8');
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  return { name: `home-hero-${hash}.svg`, bytes };
}
