/**
 * The car a form is about: given by the page (a car card's modal, the detail page) or
 * read from ?car_id= and fetched from {api}/cars/{id}.
 */
import { useEffect, useState } from 'react';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { apiGet } from './api.ts';

/** What forms need of a car (a subset of Car, so a search hit or a full car both fit). */
export interface CarSummary {
  id: number | string;
  slug?: string;
  name?: string;
  year?: number;
  make?: string;
  model?: string;
  badge?: string | null;
  car_type?: string | null;
  tag?: string | null;
  status?: string | null;
  price?: number | null;
  km?: number | null;
  stocknum?: string | null;
  dealership_id?: number | null;
  dealership_slug?: string | null;
  location_id?: number | null;
  primary_image_url?: string | null;
  finance_lenders?: Car['finance_lenders'];
}

export function carTitle(car: CarSummary): string {
  return (
    car.name ||
    [car.year, car.make, car.model, car.badge].filter(Boolean).join(' ') ||
    `Car ${car.id}`
  );
}

export function toSummary(car: Car): CarSummary {
  return car as unknown as CarSummary;
}

/** car_id from a query string: digits or a feed key; anything else is ignored. */
export function carIdFrom(search: string): string | undefined {
  const id = new URLSearchParams(search).get('car_id');
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : undefined;
}

export type CarState =
  | { status: 'none' }
  | { status: 'loading'; id: string }
  | { status: 'ready'; car: CarSummary }
  | { status: 'missing'; id: string };

/** Fetches the car in ?car_id= after hydration (the server render shows the form without it). */
export function useCarFromQuery(
  site: ResolvedSite,
  search: string,
  enabled = true,
  given?: CarSummary,
): CarState {
  const id = enabled && !given ? carIdFrom(search) : undefined;
  const [state, setState] = useState<CarState>(
    given ? { status: 'ready', car: given } : { status: 'none' },
  );
  useEffect(() => {
    if (given) {
      setState({ status: 'ready', car: given });
      return;
    }
    if (!id) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    setState({ status: 'loading', id });
    void apiGet<Car>(
      site,
      `/cars/${encodeURIComponent(id)}?site=${encodeURIComponent(site.slug)}`,
      { signal: controller.signal },
    ).then((r) => {
      if (controller.signal.aborted) return;
      setState(
        r.ok && r.data ? { status: 'ready', car: toSummary(r.data) } : { status: 'missing', id },
      );
    });
    return () => controller.abort();
  }, [site, id, given]);
  return state;
}
