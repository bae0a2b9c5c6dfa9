/**
 * Serves imported cars' photos (import/photos.ts stores them): GET /stock/{name}, mounted
 * under /assets. Names are content-addressed, so a photo never changes and is cached for a
 * year; a raster photo is sent at the ladder width `?w=` asks for, in the format the browser
 * accepts (engine/assets/photo-serve.ts); an SVG as it is, with the asset library's
 * sandboxing policy (engine/server/assets-api.ts).
 */
import { Router } from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ASSET_FILE, ASSET_TYPES, type AssetExt } from '../assets/asset-rules.ts';
import { photoDerivatives, sendPhoto } from '../assets/photo-serve.ts';
import { stockPhotoDir } from './import/photos.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function stockPhotosRouter(dataDir: string): Router {
  const router = Router();
  const dir = stockPhotoDir(dataDir);
  const derivatives = photoDerivatives(dataDir);
  router.get('/stock/:file', async (req, res) => {
    const name = String(req.params.file);
    const file = join(dir, name);
    if (!ASSET_FILE.test(name) || !existsSync(file)) {
      res.status(404).type('text/plain').send('No such photo');
      return;
    }
    const ext = name.slice(name.lastIndexOf('.') + 1) as AssetExt;
    if (ext !== 'svg') return sendPhoto(req, res, { name, file }, derivatives, IMMUTABLE);
    res.setHeader('Content-Type', ASSET_TYPES[ext]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    // The data folder may sit below a dot-folder (`.data/`); the name was checked above.
    res.sendFile(file, { dotfiles: 'allow' });
  });
  return router;
}
