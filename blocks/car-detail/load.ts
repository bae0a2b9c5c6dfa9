/**
 * The car page's data, loaded on the server (and in the browser on client navigation): the
 * car by slug through the site's search index, its page head (title, Open Graph, schema.org,
 * the gallery's first photo preloaded) and its similar cars (similar.ts).
 */
import type { BlockLoadContext } from '../../engine/render/block.ts';
import type { PageHead } from '../../engine/render/head.ts';
import type { Car } from '../../schemas/types.gen.ts';
import type { CarDetailProps } from '../../schemas/resolved.gen.ts';
import { findCarBySlug, type FindOptions } from '../_cars/data.ts';
import { carPhotos, GALLERY_LAYOUT } from '../_cars/images.ts';
import { carHead, missingCarHead } from '../_cars/seo.ts';
import { photoPreload } from '../_shared/photo.ts';
import { findSimilarCars } from './similar.ts';

export interface CarDetailData {
  car?: Car;
  slug?: string;
  missing?: boolean;
  now: number;
  head?: PageHead;
  /** Cars like this one, shown under it (none when the search fails). */
  similar?: Car[];
}

export async function loadCarDetail(
  {
    props,
    site,
    params,
    url,
  }: Pick<BlockLoadContext<CarDetailProps>, 'props' | 'site' | 'params' | 'url'>,
  search?: FindOptions['search'],
): Promise<CarDetailData> {
  const now = Date.now();
  const slug = props.slug ?? params.slug;
  if (!slug) return { missing: true, now, head: missingCarHead(site) };
  const car = await findCarBySlug(site, slug, { origin: url.origin, search });
  if (!car) return { slug, missing: true, now, head: missingCarHead(site) };
  const photo = carPhotos(car)[0];
  const head: PageHead = {
    ...carHead(car, site, url.origin),
    preloadImage: photo ? photoPreload(photo, GALLERY_LAYOUT) : undefined,
  };
  const similar = await findSimilarCars(site, car, { origin: url.origin, search });
  return { car, slug, now, head, similar };
}
