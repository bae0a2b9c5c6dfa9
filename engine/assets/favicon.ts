/**
 * The platform's own icon (the index of demo sites, its error pages): a white "F" on a
 * rounded blue square, as SVG for `<link rel="icon">` and as a real Windows icon for
 * browsers and tools that ask for /favicon.ico. The ICO holds one 32×32 PNG drawn here
 * from the same shapes (no image library; zlib is Node's). Dealer sites have their own
 * icon, /assets/favicon/{slug}.svg (engine/server/assets.ts).
 */
import { deflateSync } from 'node:zlib';

const BLUE = [0x1f, 0x3a, 0x93] as const;
const SIZE = 32;
const RADIUS = 6;
/** The "F", as rectangles [x, y, width, height] on the 32×32 grid. */
const LETTER: [number, number, number, number][] = [
  [10, 7, 4, 18],
  [10, 7, 13, 4],
  [10, 14, 11, 4],
];

export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${SIZE} ${SIZE}" width="${SIZE}" height="${SIZE}"><title>Forecourt</title><rect width="${SIZE}" height="${SIZE}" rx="${RADIUS}" fill="#1f3a93"/>${LETTER.map(
  ([x, y, w, h]) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#fff"/>`,
).join('')}</svg>`;

function insideRoundedSquare(x: number, y: number): boolean {
  const cx = x + 0.5;
  const cy = y + 0.5;
  const nx = Math.min(Math.max(cx, RADIUS), SIZE - RADIUS);
  const ny = Math.min(Math.max(cy, RADIUS), SIZE - RADIUS);
  return (cx - nx) ** 2 + (cy - ny) ** 2 <= RADIUS ** 2;
}

/** RGBA pixels of the icon, row by row. */
export function faviconPixels(): Uint8Array {
  const out = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = (y * SIZE + x) * 4;
      if (!insideRoundedSquare(x, y)) continue; // transparent
      const white = LETTER.some(([lx, ly, w, h]) => x >= lx && x < lx + w && y >= ly && y < ly + h);
      out.set(white ? [255, 255, 255, 255] : [...BLUE, 255], i);
    }
  }
  return out;
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (8-bit RGBA, no interlace) of square RGBA pixels. */
export function pngOf(pixels: Uint8Array, size: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // bit depth 8, colour type RGBA, deflate, adaptive filtering, no interlace
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    raw.set(pixels.subarray(y * size * 4, (y + 1) * size * 4), y * (size * 4 + 1) + 1);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** An .ico file with one PNG image (Windows Vista and every current browser read PNG entries). */
export function icoOf(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(6 + 16);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size >= 256 ? 0 : size, 6); // width
  header.writeUInt8(size >= 256 ? 0 : size, 7); // height
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9); // reserved
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14); // image size
  header.writeUInt32LE(22, 18); // image offset
  return Buffer.concat([header, png]);
}

let ico: Buffer | undefined;
/** The platform icon as /favicon.ico (made once). */
export function faviconIco(): Buffer {
  return (ico ??= icoOf(pngOf(faviconPixels(), SIZE), SIZE));
}
