/**
 * The watchlist in components: one WatchlistStore per site and phone number, shared by
 * every card on the page, wired to the site API, window.alert, toasts and analytics. The
 * API call carries no token: the browser sends the site's HttpOnly session cookie.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { useHref, useLocation, useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { Watchlist } from '../../schemas/types.gen.ts';
import { apiGet, apiPost } from '../_forms/api.ts';
import { pushEvent as track } from './track.ts';
import { forgetSession, signInHref, useSession, type StoredSession } from '../_shared/session.ts';
import { toast } from '../_shared/toast.tsx';
import {
  WATCHLIST_MESSAGES,
  WatchlistStore,
  type WatchlistCar,
  type WatchlistResult,
} from './watchlist.ts';

export const WATCHLIST_PATH = '/watchlist';

const stores = new Map<string, WatchlistStore>();
const loads = new Map<string, Promise<void>>();

/** A watchlist call; a 401 means the session cookie is gone, so the visitor is signed out here too. */
async function post(site: ResolvedSite, path: string, body: { car_id: number | string }) {
  const outcome = await apiPost<{ success?: boolean }>(site, path, { site: site.slug, ...body });
  if (!outcome.ok && outcome.status === 401) forgetSession(site);
  return outcome;
}

function storeFor(site: ResolvedSite, session: StoredSession | undefined): WatchlistStore {
  const key = `${site.slug}|${session?.phone_number ?? ''}`;
  let store = stores.get(key);
  if (!store) {
    store = new WatchlistStore({
      post: (path, body) => post(site, path, body),
      alert: (message) => window.alert(message),
      toast: () => {},
      track: (event) => track(event),
    });
    stores.set(key, store);
  }
  return store;
}

export interface WatchlistApi {
  enabled: boolean;
  signedIn: boolean;
  loaded: boolean;
  ids: string[];
  has(id: string | number): boolean;
  isSaving(id: string | number): boolean;
  isRemoving(id: string | number): boolean;
  save(car: WatchlistCar): Promise<WatchlistResult>;
  remove(car: WatchlistCar): Promise<WatchlistResult>;
  toggle(car: WatchlistCar): Promise<WatchlistResult>;
}

export function useWatchlist(): WatchlistApi {
  const { site } = useSite();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const listHref = useHref(WATCHLIST_PATH);
  const store = storeFor(site, session);
  // Effects that need this render's router: the toast's View List link.
  store.setEffects({
    post: (path, body) => post(site, path, body),
    alert: (message) => window.alert(message),
    toast: ({ title, text, link }) =>
      toast({
        title,
        text,
        tone: 'success',
        link: link
          ? {
              label: WATCHLIST_MESSAGES.viewList,
              href: listHref,
              navigate: () => navigate(WATCHLIST_PATH),
            }
          : undefined,
      }),
    track: (event) => track(event),
  });
  useSyncExternalStore(
    store.subscribe,
    () => store.version,
    () => 0,
  );

  const phone = session?.phone_number;
  useEffect(() => {
    if (!phone || store.loaded) return;
    const key = `${site.slug}|${phone}`;
    if (!loads.has(key)) {
      loads.set(
        key,
        apiGet<Watchlist>(site, `/watchlist?site=${encodeURIComponent(site.slug)}`).then((r) => {
          if (r.ok && Array.isArray(r.data?.car_ids)) store.load(r.data.car_ids);
          else {
            loads.delete(key);
            if (!r.ok && r.status === 401) forgetSession(site);
            console.warn('[forecourt] could not load the watchlist', r.ok ? 'no car_ids' : r.error);
          }
        }),
      );
    }
  }, [phone, site, store]);

  const path = location.pathname + location.search;
  const needPhone = (): WatchlistResult | undefined => {
    if (phone) return undefined;
    navigate(signInHref('watchlist', path, path));
    return { success: false };
  };
  return {
    enabled: site.features.watchlist !== false,
    signedIn: Boolean(phone),
    loaded: store.loaded,
    ids: store.list(),
    has: (id) => store.has(id),
    isSaving: (id) => store.isSaving(id),
    isRemoving: (id) => store.isRemoving(id),
    save: async (car) => needPhone() ?? store.save(car),
    remove: async (car) => needPhone() ?? store.remove(car),
    toggle: async (car) => needPhone() ?? (store.has(car.id) ? store.remove(car) : store.save(car)),
  };
}
