/** A car's photos: how many it has, and one address per photo, shared by every list. */
import type { Car } from '../../schemas/types.gen.ts';
import type { Draw } from '../prng.ts';
import { joinFlat } from './shared-values.ts';

export function drawPhotos(
  d: Draw,
  id: number,
  status: Car['status'],
  itemType: Car['item_type'],
): { photos: number; images: Car['images']; thumbnails: string[] } {
  const photos =
    (status === 'coming_soon' && d.chance(0.25)) || d.chance(0.03)
      ? 0
      : itemType === 'motorcycle'
        ? d.int(4, 8)
        : d.int(6, 16);
  const images: Car['images'] = new Array(photos);
  const thumbnails: string[] = new Array(photos);
  for (let p = 0; p < photos; p++) {
    // One address per photo for every list: the photo server draws it at any width (?w=,
    // which pages always set: blocks/_cars/images.ts), 800 wide when none is asked for.
    // 20,000 cars hold a quarter of a million of these (docs/deploy.md, "Memory and start-up").
    const photo = joinFlat('/assets/cars/', id, '/', p + 1, '.svg');
    images[p] = { url: photo, thumb_url: photo };
    thumbnails[p] = photo;
  }
  return { photos, images, thumbnails };
}
