/**
 * Every raster photo the platform stores (feed imports, asset-library uploads) is decoded
 * once here, with sharp (docs/cars.md, "Photos"; docs/security.md, "Photos"): its EXIF
 * orientation applied, every piece of metadata dropped (a phone photo's GPS position
 * included: sharp writes none unless asked), no larger than STORED_MAX_EDGE, and its
 * dominant colour taken for the page's placeholder. A photo of more than MAX_PHOTO_PIXELS is
 * refused from its header alone, before any pixel is decoded, so a small file that declares
 * a huge image (a decompression bomb) costs no memory; sharp's own `limitInputPixels` guards
 * the decode as well.
 */
import { loadSharp } from './sharp.ts';

/** 40 megapixels: more than any phone's or dealer camera's usual photo (12–24 MP). */
export const MAX_PHOTO_PIXELS = 40_000_000;

/** Photos are stored at most this long on their longer side: the ladder's top (1,600) and room for a sharper screen. */
export const STORED_MAX_EDGE = 2560;

export const PHOTO_MESSAGES = {
  tooManyPixels: (name: string, width: number, height: number) =>
    `The image ${JSON.stringify(name)} is ${width.toLocaleString('en')} × ${height.toLocaleString('en')} pixels (${Math.round((width * height) / 1e6).toLocaleString('en')} megapixels); the most a photo may have is ${MAX_PHOTO_PIXELS / 1e6} megapixels. Export it smaller (about 2,000 pixels wide is plenty) and upload it again.`,
  unreadable: (name: string) =>
    `The image ${JSON.stringify(name)} could not be read: its file is damaged or not a whole image.`,
} as const;

/** A photo refused by the rules above; the caller turns it into its own refusal. */
export class PhotoRefused extends Error {
  constructor(
    readonly status: 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

export type RasterExt = 'jpg' | 'png' | 'webp';

export interface StoredPhoto {
  bytes: Buffer;
  ext: RasterExt;
  width: number;
  height: number;
  /** The dominant colour, `rrggbb`. */
  colour: string;
}

const hex = (n: number) => n.toString(16).padStart(2, '0');

/** The photo as it is stored, or PhotoRefused saying why not (`name` names it in the message). */
export async function storePhoto(
  input: Buffer,
  ext: RasterExt,
  name: string,
): Promise<StoredPhoto> {
  const sharp = await loadSharp();
  // The header only: nothing is decoded, whatever size it declares.
  const head = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw new PhotoRefused(422, PHOTO_MESSAGES.unreadable(name));
    });
  const { width = 0, height = 0 } = head;
  if (width * height > MAX_PHOTO_PIXELS)
    throw new PhotoRefused(413, PHOTO_MESSAGES.tooManyPixels(name, width, height));
  const image = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: STORED_MAX_EDGE,
      height: STORED_MAX_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    });
  const encoded =
    ext === 'jpg'
      ? image.jpeg({ quality: 88 })
      : ext === 'webp'
        ? image.webp({ quality: 88 })
        : image.png({ compressionLevel: 9 });
  try {
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    const { dominant } = await sharp(data).resize(64, 64, { fit: 'inside' }).stats();
    return {
      bytes: data,
      ext,
      width: info.width,
      height: info.height,
      colour: `${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
    };
  } catch {
    throw new PhotoRefused(422, PHOTO_MESSAGES.unreadable(name));
  }
}
