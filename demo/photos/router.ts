/**
 * The demo's car photos as the platform's photo provider (engine/providers.ts), mounted under
 * /assets:
 * - GET /cars/:id/:n.svg?w=…, a car's drawn photo n at the width the card or gallery asks for;
 * - GET /cars/:id/{n}-{hash}-c{colour}.jpg?w=…, a camera photo of the few cars that have them
 *   (demo/inventory/camera-cars.ts), made on first use and served through the photo pipeline
 *   (camera-photos.ts): only a name the car's own photo list holds is answered, so no request
 *   makes a photo nobody shows.
 */
import { Router } from 'express';
import { sendPhoto } from '../../engine/assets/photo-serve.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { CAMERA_PHOTO_FILE, cameraPhotosIn, type CameraPhotos } from './camera-photos.ts';
import { carPhotoSvg } from './svg.ts';

export { carPhotoSvg } from './svg.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The demo's photo provider; `cameraDir` keeps the camera photos (default `.data/demo-photos/`). */
export function demoPhotos(cameraDir?: string) {
  return (getCar: (id: string) => Car | undefined) => {
    const router = Router();
    const notFound = (res: import('express').Response) =>
      res.status(404).type('text/plain').send('No such photo');
    router.get('/cars/:id/:n.svg', (req, res) => {
      const car = getCar(req.params.id);
      const n = Number(req.params.n);
      if (!car || !Number.isInteger(n) || n < 1 || n > car.photos_count) return notFound(res);
      const width = Number(typeof req.query.w === 'string' ? req.query.w : undefined);
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.type('image/svg+xml').send(carPhotoSvg(car, n, width));
    });
    let camera: CameraPhotos | undefined;
    router.get('/cars/:id/:file', async (req, res) => {
      const { id, file } = req.params;
      const car = getCar(id);
      const m = CAMERA_PHOTO_FILE.exec(file);
      const n = Number(m?.[1]);
      if (!car || !m || car.images[n - 1]?.url !== `/assets/cars/${id}/${file}`)
        return notFound(res);
      camera ??= cameraPhotosIn(cameraDir);
      const stored = await camera.stored(car, n, file).catch(() => undefined);
      if (!stored) return notFound(res);
      await sendPhoto(req, res, { name: file, file: stored }, camera.derivatives, IMMUTABLE);
    });
    return router;
  };
}

/** The demo's photos with the camera photos kept in `.data/demo-photos/`. */
export const carPhotosRouter = demoPhotos();
