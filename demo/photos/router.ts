/**
 * The demo's car photos as the platform's photo provider (engine/providers.ts):
 * GET /cars/:id/:n.svg?w=…, a car's photo n at the width the card or gallery asks for
 * (mounted under /assets, so the generated image URLs are /assets/cars/{id}/{n}.svg?w={width}).
 */
import { Router } from 'express';
import type { Car } from '../../schemas/types.gen.ts';
import { carPhotoSvg } from './svg.ts';

export { carPhotoSvg } from './svg.ts';

export function carPhotosRouter(getCar: (id: string) => Car | undefined) {
  const router = Router();
  router.get('/cars/:id/:n.svg', (req, res) => {
    const car = getCar(req.params.id);
    const n = Number(req.params.n);
    if (!car || !Number.isInteger(n) || n < 1 || n > car.photos_count) {
      res.status(404).type('text/plain').send('No such photo');
      return;
    }
    const width = Number(typeof req.query.w === 'string' ? req.query.w : undefined);
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.type('image/svg+xml').send(carPhotoSvg(car, n, width));
  });
  return router;
}
