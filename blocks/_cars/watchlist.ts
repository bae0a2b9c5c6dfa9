/**
 * The watchlist of a signed-in visitor (docs/cars.md, "Visitor actions"). The API knows
 * whose it is from the site's session cookie, so the calls name only the car.
 *
 * Save adds the car at once, then POSTs {api}/watchlist/save-car {site, car_id};
 * Remove takes it out at once, then POSTs /watchlist/remove-car. Each has its own loading
 * flag per car. When the call fails (an error answer, success not true, or no answer) the
 * change is rolled back, an alert shows the error message and the operation answers
 * success false. Success shows the toast ("Car Saved In Watchlist" / "{car name} is now
 * available in your watchlist" with View List; "Car Removed" / "{car name} is no longer in
 * your watchlist"); a save also sends an analytics event. A visitor without a phone number
 * goes to /sign-in?type=watchlist&redirect={path}&back={path} instead (the hook does that).
 *
 * WatchlistStore is plain TypeScript with its effects injected, so the rules are tested
 * without a browser; useWatchlist() wires it to the API, window.alert, toasts and analytics.
 */
import type { ApiOutcome } from '../_forms/api.ts';

export const WATCHLIST_MESSAGES = {
  savedTitle: 'Car Saved In Watchlist',
  savedText: (name: string) => `${name} is now available in your watchlist`,
  removedTitle: 'Car Removed',
  removedText: (name: string) => `${name} is no longer in your watchlist`,
  viewList: 'View List',
  failed: 'We could not update your watchlist. Please try again.',
  offline: 'We could not reach the server. Check your connection and try again.',
} as const;

export interface WatchlistCar {
  id: number | string;
  name?: string;
}

export interface WatchlistEffects {
  /** The hook adds the site to the body. */
  post(
    path: '/watchlist/save-car' | '/watchlist/remove-car',
    body: { car_id: number | string },
  ): Promise<ApiOutcome<{ success?: boolean }>>;
  alert(message: string): void;
  toast(t: { title: string; text: string; link?: boolean }): void;
  track(event: { event: string; car_id: number | string }): void;
}

export type WatchlistResult = { success: boolean };

/** The error sentence of a failed call. */
export function watchlistError(outcome: ApiOutcome<{ success?: boolean }>): string {
  if (outcome.ok) return WATCHLIST_MESSAGES.failed;
  if (outcome.network) return WATCHLIST_MESSAGES.offline;
  return outcome.error ?? WATCHLIST_MESSAGES.failed;
}

export class WatchlistStore {
  private ids = new Set<string>();
  private saving = new Set<string>();
  private removing = new Set<string>();
  private listeners = new Set<() => void>();
  /** Bumped on every change (a snapshot for useSyncExternalStore). */
  version = 0;
  loaded = false;

  constructor(private effects: WatchlistEffects) {}

  setEffects(effects: WatchlistEffects) {
    this.effects = effects;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private changed() {
    this.version++;
    for (const l of this.listeners) l();
  }

  /** Replaces the list (as the server answered it). */
  load(ids: (string | number)[]) {
    this.ids = new Set(ids.map(String));
    this.loaded = true;
    this.changed();
  }

  has(id: string | number) {
    return this.ids.has(String(id));
  }
  isSaving(id: string | number) {
    return this.saving.has(String(id));
  }
  isRemoving(id: string | number) {
    return this.removing.has(String(id));
  }
  list(): string[] {
    return [...this.ids];
  }

  save(car: WatchlistCar): Promise<WatchlistResult> {
    return this.change('save', car);
  }

  remove(car: WatchlistCar): Promise<WatchlistResult> {
    return this.change('remove', car);
  }

  private async change(kind: 'save' | 'remove', car: WatchlistCar): Promise<WatchlistResult> {
    const id = String(car.id);
    const flags = kind === 'save' ? this.saving : this.removing;
    if (flags.has(id)) return { success: false };
    const before = this.ids.has(id);
    if (kind === 'save') this.ids.add(id);
    else this.ids.delete(id);
    flags.add(id);
    this.changed();
    let outcome: ApiOutcome<{ success?: boolean }>;
    try {
      outcome = await this.effects.post(
        kind === 'save' ? '/watchlist/save-car' : '/watchlist/remove-car',
        { car_id: car.id },
      );
    } catch (err) {
      outcome = {
        ok: false,
        status: 0,
        error: err instanceof Error ? err.message : String(err),
        fields: [],
        network: false,
      };
    }
    flags.delete(id);
    const ok = outcome.ok && outcome.data?.success === true;
    if (!ok) {
      if (before) this.ids.add(id);
      else this.ids.delete(id);
      this.changed();
      this.effects.alert(watchlistError(outcome));
      return { success: false };
    }
    this.changed();
    const name = car.name || 'This car';
    if (kind === 'save') {
      this.effects.toast({
        title: WATCHLIST_MESSAGES.savedTitle,
        text: WATCHLIST_MESSAGES.savedText(name),
        link: true,
      });
      this.effects.track({ event: 'watchlist_saved', car_id: car.id });
    } else {
      this.effects.toast({
        title: WATCHLIST_MESSAGES.removedTitle,
        text: WATCHLIST_MESSAGES.removedText(name),
      });
    }
    return { success: true };
  }
}
