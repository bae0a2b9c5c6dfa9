/**
 * Recording that a buyer asked for a dealer's phone number (the car page's Show phone
 * number, and its Call button on a phone): an analytics event and a call to the API with
 * car_id, dealership_id and website_id. A failed record is only logged (docs/cars.md,
 * "Visitor actions").
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import { apiPost } from '../_forms/api.ts';
import { pushEvent as track } from './track.ts';
import type { CarLike } from './rules.ts';

export function recordPhoneReveal(site: Pick<ResolvedSite, 'id' | 'api'>, car: CarLike): void {
  track({ event: 'phone_revealed', car_id: car.id ?? car.objectID });
  if (!site.id) {
    console.warn('[forecourt] phone reveal not recorded: the site document has no id');
    return;
  }
  const body: Record<string, unknown> = { car_id: car.id ?? car.objectID, website_id: site.id };
  if (typeof car.dealership_id === 'number') body.dealership_id = car.dealership_id;
  void apiPost(site, '/phone-reveals', body)
    .then((r) => {
      if (!r.ok)
        console.warn('[forecourt] could not record the phone reveal', r.status, r.error ?? '');
    })
    .catch((err: unknown) => console.warn('[forecourt] could not record the phone reveal', err));
}
