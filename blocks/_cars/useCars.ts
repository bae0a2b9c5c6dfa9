/** Cars by id, fetched in the browser (favourites, compare and watchlist live there). */
import { useEffect, useState } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Car } from '../../schemas/types.gen.ts';
import { findCarsByIds } from './data.ts';

export type CarsState =
  { status: 'idle' | 'loading' | 'error'; cars: Car[] } | { status: 'ready'; cars: Car[] };

export function useCarsByIds(ids: string[], enabled = true): CarsState {
  const { site } = useSite();
  const [state, setState] = useState<CarsState>({ status: 'idle', cars: [] });
  const key = ids.join(',');
  useEffect(() => {
    if (!enabled) return;
    if (!key) {
      setState({ status: 'ready', cars: [] });
      return;
    }
    let live = true;
    setState((s) => ({ status: 'loading', cars: s.cars }));
    findCarsByIds(site, key.split(','))
      .then((cars) => live && setState({ status: 'ready', cars }))
      .catch((err: unknown) => {
        console.error('[forecourt] could not load the cars', err);
        if (live) setState((s) => ({ status: 'error', cars: s.cars }));
      });
    return () => {
      live = false;
    };
  }, [site, key, enabled]);
  return state;
}
