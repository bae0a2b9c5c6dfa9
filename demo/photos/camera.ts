/**
 * Camera-like photos drawn from the demo's artwork (docs/cars.md, "Demo photos"): the car
 * drawing of svg.ts rendered at a phone camera's 4032 × 3024, with sensor-like grain and the
 * EXIF a phone writes (camera name, an orientation tag and a GPS position), as a JPEG. They
 * exist so the demo's pages carry real-size originals through the photo pipeline, which must
 * drop that metadata; nothing is fetched from the network.
 */
import { loadSharp } from '../../engine/assets/sharp.ts';

export const CAMERA_SIZE = { width: 4032, height: 3024 } as const;

/** Where a dealer's phone would have been: the Gold Coast, as a phone writes it. */
export const CAMERA_GPS = {
  GPSLatitudeRef: 'S',
  GPSLatitude: '27/1 58/1 0/1',
  GPSLongitudeRef: 'E',
  GPSLongitude: '153/1 24/1 0/1',
};

export const CAMERA_EXIF = {
  IFD0: { Make: 'Forecourt', Model: 'Demo Camera', Orientation: '1' },
  IFD3: CAMERA_GPS,
};

export type Grain = Awaited<ReturnType<typeof makeGrain>>;

/**
 * The grain: gaussian noise made at a quarter of the size and scaled up, as a sensor's is
 * softer than pure noise (noise over 12 megapixels takes libvips many seconds). It takes
 * seconds and 36 MB, so a batch of photos shares one (camera-photos.ts) and lets it go after.
 */
export const makeGrain = async () =>
  (await loadSharp())({
    create: {
      width: CAMERA_SIZE.width / 4,
      height: CAMERA_SIZE.height / 4,
      channels: 3,
      background: '#000',
      noise: { type: 'gaussian', mean: 128, sigma: 18 },
    },
  })
    .resize(CAMERA_SIZE.width, CAMERA_SIZE.height)
    .raw()
    .toBuffer({ resolveWithObject: true });

/** The photo of `svg` (a 4:3 drawing) as a camera's JPEG. */
export async function cameraJpeg(svg: string, grain?: Grain): Promise<Buffer> {
  // Drawn at its own size and scaled up: a drawing's edges are too sharp for a lens, and
  // rendering 12 megapixels of SVG takes seconds.
  const sharp = await loadSharp();
  const drawn = await sharp(Buffer.from(svg))
    .removeAlpha()
    .resize(CAMERA_SIZE.width, CAMERA_SIZE.height, { fit: 'cover' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const noise = grain ?? (await makeGrain());
  return sharp(drawn.data, { raw: drawn.info })
    .composite([{ input: noise.data, raw: noise.info, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif(CAMERA_EXIF)
    .toBuffer();
}
