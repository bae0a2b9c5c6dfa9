/**
 * Serves imported cars' photos (import/photos.ts stores them): GET /stock/{name}, mounted
 * under /assets. Names are content-addressed, so a photo never changes and is cached for a
 * year; a raster photo is sent at the ladder width `?w=` asks for, in the format the browser
 * accepts (engine/assets/photo-serve.ts); an SVG as it is, with the asset library's
 * sandboxing policy (engine/server/assets-api.ts). A photo this server does not hold is read from
 * the shared store when there is one (a bucket: another server imported it; docs/deploy.md,
 * "Photos in a bucket").
 */
import { Router } from 'express';
import { ASSET_FILE, ASSET_TYPES, type AssetExt } from '../assets/asset-rules.ts';
import {
  photoDerivatives,
  sendPhoto,
  storeDown,
  type PhotoDerivatives,
} from '../assets/photo-serve.ts';
import { FolderPhotoStore, PHOTO_KEYS, PhotoStoreDown } from '../assets/photo-store.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `derivatives` carries the store the originals are in (default: the data folder alone). */
export function stockPhotosRouter(
  dataDir: string,
  derivatives: PhotoDerivatives = photoDerivatives(dataDir),
): Router {
  const router = Router();
  const store = derivatives.store ?? new FolderPhotoStore(dataDir);
  router.get('/stock/:file', async (req, res) => {
    const name = String(req.params.file);
    const key = PHOTO_KEYS.stock(name);
    const file = ASSET_FILE.test(name) ? store.file(key) : undefined;
    if (!ASSET_FILE.test(name) || (!file && !store.shared)) {
      res.status(404).type('text/plain').send('No such photo');
      return;
    }
    const ext = name.slice(name.lastIndexOf('.') + 1) as AssetExt;
    if (ext !== 'svg') {
      const read = async () => (await store.get(key))?.bytes;
      return sendPhoto(req, res, file ? { name, file } : { name, read }, derivatives, IMMUTABLE);
    }
    let bytes: Buffer | undefined;
    if (!file) {
      try {
        bytes = (await store.get(key))?.bytes;
      } catch (err) {
        if (err instanceof PhotoStoreDown) return storeDown(res, err);
        throw err;
      }
      if (!bytes) {
        res.status(404).type('text/plain').send('No such photo');
        return;
      }
    }
    res.setHeader('Content-Type', ASSET_TYPES[ext]);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader(
      'Content-Security-Policy',
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    // The data folder may sit below a dot-folder (`.data/`); the name was checked above.
    if (file) res.sendFile(file, { dotfiles: 'allow' });
    else res.send(bytes);
  });
  return router;
}
