import { describe, expect, it, vi } from 'vitest';
import { WatchlistStore, WATCHLIST_MESSAGES, type WatchlistEffects } from './watchlist.ts';
import { parseIds, toggleId } from './local-lists.ts';
import { downloadCarPdf, PDF_FAILED } from './pdf.ts';
import { idsFilter, slugFilter, findCarsByIds } from './data.ts';
import { features, car } from './test-cars.ts';
import type { ApiOutcome } from '../_forms/api.ts';

function effects(
  outcome: ApiOutcome<{ success?: boolean }> | (() => Promise<ApiOutcome<{ success?: boolean }>>),
) {
  const calls = {
    post: [] as unknown[],
    alert: [] as string[],
    toast: [] as unknown[],
    track: [] as unknown[],
  };
  const e: WatchlistEffects = {
    post: async (path, body) => {
      calls.post.push([path, body]);
      return typeof outcome === 'function' ? outcome() : outcome;
    },
    alert: (m) => calls.alert.push(m),
    toast: (t) => calls.toast.push(t),
    track: (t) => calls.track.push(t),
  };
  return { e, calls };
}

const ok: ApiOutcome<{ success?: boolean }> = { ok: true, status: 200, data: { success: true } };

describe('watchlist', () => {
  it('Save adds immediately, with a loading flag, then POSTs save-car; toast with View List and an analytics event', async () => {
    let release!: (v: ApiOutcome<{ success?: boolean }>) => void;
    const { e, calls } = effects(() => new Promise((r) => (release = r)));
    const store = new WatchlistStore(e);
    const pending = store.save({ id: 7, name: '2022 Ford Ranger XLT' });
    expect(store.has(7)).toBe(true);
    expect(store.isSaving(7)).toBe(true);
    release(ok);
    expect(await pending).toEqual({ success: true });
    expect(store.isSaving(7)).toBe(false);
    expect(calls.post).toEqual([['/watchlist/save-car', { car_id: 7 }]]);
    expect(calls.toast).toEqual([
      {
        title: 'Car Saved In Watchlist',
        text: '2022 Ford Ranger XLT is now available in your watchlist',
        link: true,
      },
    ]);
    expect(calls.track).toEqual([{ event: 'watchlist_saved', car_id: 7 }]);
    expect(calls.alert).toEqual([]);
  });

  it('Remove takes it out immediately, then POSTs remove-car; toast without a link', async () => {
    const { e, calls } = effects(ok);
    const store = new WatchlistStore(e);
    store.load([7, 8]);
    const pending = store.remove({ id: 7, name: 'Ranger' });
    expect(store.has(7)).toBe(false);
    expect(store.isRemoving(7)).toBe(true);
    expect(await pending).toEqual({ success: true });
    expect(calls.post).toEqual([['/watchlist/remove-car', { car_id: 7 }]]);
    expect(calls.toast).toEqual([
      { title: WATCHLIST_MESSAGES.removedTitle, text: 'Ranger is no longer in your watchlist' },
    ]);
    expect(store.list()).toEqual(['8']);
  });

  it('a failed save is rolled back, alerts the error message and answers success false', async () => {
    const { e, calls } = effects({
      ok: false,
      status: 401,
      error: 'Please sign in again.',
      fields: [],
      network: false,
    });
    const store = new WatchlistStore(e);
    expect(await store.save({ id: 9 })).toEqual({ success: false });
    expect(store.has(9)).toBe(false);
    expect(store.isSaving(9)).toBe(false);
    expect(calls.alert).toEqual(['Please sign in again.']);
    expect(calls.toast).toEqual([]);
  });

  it('a failed remove puts the car back; success false in the answer counts as failure; network failures say so', async () => {
    const { e, calls } = effects({ ok: true, status: 200, data: { success: false } });
    const store = new WatchlistStore(e);
    store.load([9]);
    expect(await store.remove({ id: 9 })).toEqual({ success: false });
    expect(store.has(9)).toBe(true);
    expect(calls.alert).toEqual([WATCHLIST_MESSAGES.failed]);
    const net = effects({ ok: false, status: 0, fields: [], network: true });
    const s2 = new WatchlistStore(net.e);
    await s2.save({ id: 1 });
    expect(net.calls.alert).toEqual([WATCHLIST_MESSAGES.offline]);
  });

  it('notifies subscribers on every change', async () => {
    const { e } = effects(ok);
    const store = new WatchlistStore(e);
    const listener = vi.fn();
    store.subscribe(listener);
    await store.save({ id: 1 });
    expect(listener).toHaveBeenCalledTimes(2); // optimistic change, then settled
  });
});

describe('favourites and compare lists', () => {
  it('toggle adds at the end and removes', () => {
    expect(toggleId([], '1')).toEqual({ list: ['1'], added: true, refused: false });
    expect(toggleId(['1', '2'], '1')).toEqual({ list: ['2'], added: false, refused: false });
  });
  it('compare holds at most 4 cars', () => {
    expect(toggleId(['1', '2', '3', '4'], '5', 4)).toEqual({
      list: ['1', '2', '3', '4'],
      added: false,
      refused: true,
    });
    expect(toggleId(['1', '2', '3', '4'], '4', 4).list).toEqual(['1', '2', '3']);
  });
  it('stored lists are read defensively', () => {
    expect(parseIds('["1",2,"2","<x>"]')).toEqual(['1', '2']);
    expect(parseIds('{"a":1}')).toEqual([]);
    expect(parseIds('not json')).toEqual([]);
    expect(parseIds(null)).toEqual([]);
  });
});

describe('PDF download', () => {
  const site = { slug: 'southern-motor-group', api: { baseUrl: '/api' } };
  it('fetches the API PDF and saves it as {slug}.pdf', async () => {
    const fetchMock = vi.fn(
      async (_input: string, _init?: RequestInit) =>
        new Response('%PDF-1.4', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    );
    const save = vi.fn();
    const alert = vi.fn();
    const done = await downloadCarPdf(site, 'my-car-12', {
      fetch: fetchMock as unknown as typeof fetch,
      save,
      alert,
    });
    expect(alert.mock.calls).toEqual([]);
    expect(done).toBe(true);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/cars/my-car-12/pdf?site=southern-motor-group');
    expect(save.mock.calls[0][1]).toBe('my-car-12.pdf');
    expect(alert).not.toHaveBeenCalled();
  });
  it('a failure alerts with the message', async () => {
    const alert = vi.fn();
    const notFound = vi.fn(
      async () => new Response(JSON.stringify({ error: 'Car not found' }), { status: 404 }),
    );
    expect(
      await downloadCarPdf(site, 'gone-1', {
        fetch: notFound as unknown as typeof fetch,
        save: vi.fn(),
        alert,
      }),
    ).toBe(false);
    expect(alert).toHaveBeenCalledWith('Car not found');
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await downloadCarPdf(site, 'x', {
      fetch: down as unknown as typeof fetch,
      save: vi.fn(),
      alert,
    });
    expect(alert).toHaveBeenLastCalledWith(PDF_FAILED);
  });
});

describe('car lookups', () => {
  const site = {
    search: {
      index: 'Car_production',
      preset: 3,
      usedOnly: true,
      inStockOnly: true,
      excludedMakes: ['Suzuki'],
    },
    features: features(),
    dealerships: [{ id: 1, slug: 'kiwi-car-yard', name: 'Kiwi' }],
  } as never;
  it('by slug within what the site shows on its website (sold cars included)', () => {
    expect(slugFilter(site, 'a-"b')).toBe(
      'slug:"a-\\"b" AND show_on_dealer_website:true AND car_type:used AND NOT make:"Suzuki" AND dealership_slug:"kiwi-car-yard"',
    );
  });
  it('by ids, in the order asked', async () => {
    expect(idsFilter(site, [3, '1'])).toMatch(
      /^\(objectID:"3" OR objectID:"1"\) AND show_on_dealer_website:true/,
    );
    const search = vi.fn(async (_filters: string, _hits: number, _attrs: readonly string[]) => [
      car({ id: 1, objectID: '1' }),
      car({ id: 3, objectID: '3' }),
    ]);
    const found = await findCarsByIds(site, ['3', '2', '1', '3'], { search });
    expect(found.map((c) => c.id)).toEqual([3, 1]);
    expect(search.mock.calls[0][1]).toBe(3);
  });
});

describe('analytics ids', () => {
  it('the favourite event id is the platform one (39)', async () => {
    const { EVENT_IDS } = await import('../_shared/analytics.ts');
    const { FAVOURITE_ADDED_EVENT_ID } = await import('./track.ts');
    expect(FAVOURITE_ADDED_EVENT_ID).toBe(EVENT_IDS.favouriteAdded);
  });
});
