import { describe, expect, it, vi } from 'vitest';
import {
  budgetButton,
  budgetFilter,
  budgetFrom,
  budgetSearchMax,
  bodyTypeSegment,
  BODY_TYPES,
  parseAmount,
  recogniseBodyType,
  sortBodyFacet,
} from './budget.ts';
import { boundedCache, hostFrom, sortIndices } from './client.ts';
import { dropdownItems, groupDropdown } from './dropdown.ts';
import {
  addToHistory,
  describeSearch,
  HISTORY_SIZE,
  readHistory,
  rememberSearch,
} from './history.ts';
import { autoHeading, carTypeLabel, orderCarTypeItems } from './labels.ts';
import { messagesFor } from '../../engine/messages/index.ts';
import { bodyForSegment } from './url-state.ts';

describe('budget finder maths', () => {
  it('budget = weekly × 260 + deposit, rounded; defaults 200 and 2000 make 54,000', () => {
    expect(budgetFrom(200, 2000)).toBe(54000);
    expect(budgetFrom(123.45, 999.6)).toBe(33097);
    expect(budgetFrom(0, 0)).toBe(0);
    expect(budgetFrom(-50, Number.NaN)).toBe(0);
  });
  it('amount fields accept text and convert it to numbers', () => {
    expect(parseAmount('200')).toBe(200);
    expect(parseAmount('$1,250.50')).toBe(1250.5);
    expect(parseAmount(' 2 000 ')).toBe(2000);
    expect(parseAmount('1.2.3')).toBe(1.23);
    expect(parseAmount('abc')).toBe(0);
    expect(parseAmount('')).toBe(0);
    expect(parseAmount(undefined)).toBe(0);
  });
  it('below the cheapest car of the current results the button is disabled and says so', () => {
    expect(budgetButton(54000, 12990, 'Car')).toEqual({
      disabled: false,
      label: 'View Cars In This Range',
    });
    expect(budgetButton(54000, 54000, 'Car').disabled).toBe(false);
    expect(budgetButton(4000, 12990, 'Car')).toEqual({
      disabled: true,
      label: '0 Cars Found',
      message: 'No Cars found for this budget',
    });
    expect(budgetButton(4000, 12990, 'Caravan').label).toBe('0 Caravans Found');
    expect(budgetButton(4000, undefined, 'Car').disabled).toBe(false);
  });
  it('the search maximum falls back to 100000 when no price range is known', () => {
    expect(budgetSearchMax(87450)).toBe(87450);
    expect(budgetSearchMax(0)).toBe(100000);
    expect(budgetSearchMax(undefined)).toBe(100000);
  });
  it('the budget search filter is price above 1000 plus the base filter', () => {
    expect(budgetFilter('show_on_dealer_website:true')).toBe(
      'price > 1000 AND (show_on_dealer_website:true)',
    );
    expect(budgetFilter(undefined)).toBe('price > 1000');
  });
});

describe('body types', () => {
  it('recognises every body type of BODY_TYPES in any spelling', () => {
    for (const b of BODY_TYPES) expect(recogniseBodyType(b)).toBe(b);
    expect(recogniseBodyType('SUV')).toBe('suv');
    expect(recogniseBodyType('Cab Chassis')).toBe('cabChassis');
    expect(recogniseBodyType('people-mover')).toBe('peopleMover');
    expect(recogniseBodyType('Station Wagon')).toBe('stationWagon');
    expect(recogniseBodyType('4X4')).toBe('4x4');
    expect(recogniseBodyType('caravan')).toBeNull();
  });
  it("'truck' is a light truck, except for the dealer whose trucks are utes", () => {
    expect(recogniseBodyType('truck')).toBe('lightTruck');
    expect(recogniseBodyType('Truck', true)).toBe('ute');
  });
  it('body facet links land on search paths the search page reads', () => {
    expect(bodyTypeSegment('cabChassis')).toBe('cab-chassis');
    for (const b of BODY_TYPES) expect(bodyForSegment(bodyTypeSegment(b)), b).toBeTruthy();
  });
  it('sorts the body facet by count, then name descending', () => {
    const sorted = sortBodyFacet([
      { value: 'sedan', count: 5 },
      { value: 'ute', count: 9 },
      { value: 'suv', count: 5 },
    ]);
    expect(sorted.map((v) => v.value)).toEqual(['ute', 'suv', 'sedan']);
  });
});

describe('make dropdown', () => {
  const makes = Array.from({ length: 30 }, (_, i) => ({
    value: `Make ${String(i).padStart(2, '0')}`,
    label: `Make ${String(i).padStart(2, '0')}`,
    count: i,
  }));
  it('puts the Popular makes header first and the All makes header at the 21st item', () => {
    const items = dropdownItems(makes);
    expect(items[0]).toEqual({ kind: 'header', label: 'Popular makes' });
    expect(items[20]).toEqual({ kind: 'header', label: 'All makes' });
    expect(items.filter((i) => i.kind === 'header')).toHaveLength(2);
    // Popular: most stocked first.
    expect(items[1]).toMatchObject({ kind: 'option', value: 'Make 29' });
    // All makes: A–Z, every one.
    expect(items.slice(21).map((i) => (i.kind === 'option' ? i.value : ''))).toEqual(
      makes.map((m) => m.value),
    );
  });
  it('short lists show plainly, A–Z', () => {
    const items = dropdownItems(makes.slice(0, 5).reverse());
    expect(items.every((i) => i.kind === 'option')).toBe(true);
    expect(items.map((i) => (i.kind === 'option' ? i.value : ''))).toEqual([
      'Make 00',
      'Make 01',
      'Make 02',
      'Make 03',
      'Make 04',
    ]);
  });
  it('groups options under their headers', () => {
    const groups = groupDropdown(dropdownItems(makes));
    expect(groups.map((g) => [g.label, g.options.length])).toEqual([
      ['Popular makes', 19],
      ['All makes', 30],
    ]);
  });
});

describe('search history', () => {
  const entry = (n: number) => ({ url: `/search/x?query=${n}`, label: `#${n}`, at: n });
  it('keeps the last 5 searches, newest first, without repeats', () => {
    let list = [] as ReturnType<typeof addToHistory>;
    for (let i = 1; i <= 7; i++) list = addToHistory(list, entry(i));
    expect(list.map((e) => e.at)).toEqual([7, 6, 5, 4, 3]);
    list = addToHistory(list, { ...entry(5), at: 8 });
    expect(list.map((e) => e.at)).toEqual([8, 7, 6, 4, 3]);
    expect(list).toHaveLength(HISTORY_SIZE);
  });
  it('is stored per site and survives junk in storage', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    for (let i = 1; i <= 6; i++) rememberSearch(storage, 'site-a', entry(i));
    expect(readHistory(storage, 'site-a').map((e) => e.at)).toEqual([6, 5, 4, 3, 2]);
    expect(readHistory(storage, 'site-b')).toEqual([]);
    store.set('fc-search-history:site-c', '{oops');
    expect(readHistory(storage, 'site-c')).toEqual([]);
    store.set(
      'fc-search-history:site-d',
      JSON.stringify([{ url: 'javascript:alert(1)', label: 'x', at: 1 }, entry(1)]),
    );
    expect(readHistory(storage, 'site-d')).toEqual([entry(1)]);
  });
  it('describes a search in a few words', () => {
    const fmt = {
      money: (n: number) => `$${n.toLocaleString('en-AU')}`,
      number: (n: number) => n.toLocaleString('en-AU'),
      carType: (v: string) => carTypeLabel(v, true),
      distanceUnit: 'km',
      display: messagesFor('AU').display,
    };
    expect(describeSearch({}, fmt)).toBe('All stock');
    expect(
      describeSearch(
        {
          query: 'xlt',
          refinementList: { car_type: ['used'], make: ['Ford'], model: ['Ranger'] },
          range: { price: ':50000', km: '10000:90000' },
        },
        fmt,
      ),
    ).toBe('“xlt” · Pre-Owned · Ford Ranger · up to $50,000 · 10,000–90,000 km');
  });
  it('describes a US search in US words and miles', () => {
    const us = {
      money: (n: number) => `$${n.toLocaleString('en-US')}`,
      number: (n: number) => n.toLocaleString('en-US'),
      carType: (v: string) => carTypeLabel(v, false),
      distanceUnit: 'mi',
      display: messagesFor('US').display,
    };
    expect(
      describeSearch(
        {
          refinementList: { simple_body: ['Ute'], simple_fuel: ['Petrol'] },
          range: { km: ':30000' },
        },
        us,
      ),
    ).toBe('Pickup Truck · Gasoline · up to 30,000 mi');
  });
});

describe('labels', () => {
  it('orders car types new, demo, used and calls used Pre-Owned where switched', () => {
    const items = orderCarTypeItems([{ value: 'used' }, { value: 'new' }, { value: 'demo' }]);
    expect(items.map((i) => i.value)).toEqual(['new', 'demo', 'used']);
    expect(carTypeLabel('used', false)).toBe('Used');
    expect(carTypeLabel('used', true)).toBe('Pre-Owned');
  });
  it('words a heading from the search', () => {
    expect(autoHeading({}, false)).toBe('Cars for sale');
    expect(autoHeading({ car_type: ['used'], make: ['Ford'], model: ['Ranger'] }, false)).toBe(
      'Used Ford Ranger for sale',
    );
    expect(autoHeading({ car_type: ['demo', 'new'] }, false)).toBe('New & Demo cars for sale');
    expect(autoHeading({ car_type: ['used'] }, true)).toBe('Pre-Owned cars for sale');
    expect(autoHeading({ make: ['Kia'] }, false)).toBe('Kia cars for sale');
    expect(autoHeading({ car_type: ['new', 'demo', 'used'] }, false)).toBe('Cars for sale');
    // One body type names the cars (/search/suv), unless a model already does.
    expect(autoHeading({ simple_body: ['SUV'] }, false)).toBe('SUVs for sale');
    expect(autoHeading({ car_type: ['used'], make: ['Ford'], simple_body: ['Ute'] }, false)).toBe(
      'Used Ford Utes for sale',
    );
    expect(autoHeading({ simple_body: ['Cab Chassis'] }, false)).toBe('Cab Chassis for sale');
    expect(autoHeading({ simple_body: ['Bus'] }, false)).toBe('Buses for sale');
    expect(autoHeading({ simple_body: ['SUV', 'Ute'] }, false)).toBe('Cars for sale');
    expect(autoHeading({ make: ['Ford'], model: ['Ranger'], simple_body: ['Ute'] }, false)).toBe(
      'Ford Ranger for sale',
    );
  });
});

describe('search client', () => {
  it('reads hosts with or without scheme and port', () => {
    expect(hostFrom('search.example.com')).toEqual({
      url: 'search.example.com',
      protocol: 'https',
    });
    expect(hostFrom('localhost:4173')).toEqual({ url: 'localhost', protocol: 'http', port: 4173 });
    expect(hostFrom('http://127.0.0.1:9000')).toEqual({
      url: '127.0.0.1',
      protocol: 'http',
      port: 9000,
    });
  });
  it('names the sort replicas after the index', () => {
    expect(sortIndices('Car_production')).toEqual({
      relevance: 'Car_production',
      price_asc: 'Car_production_price_asc',
      price_desc: 'Car_production_price_desc',
      year_desc: 'Car_production_year_desc',
      km_asc: 'Car_production_km_asc',
      newest: 'Car_production_newest',
    });
  });
  it('caches up to 10 results and evicts the oldest', async () => {
    const cache = boundedCache(10);
    for (let i = 0; i < 11; i++) await cache.set({ q: i }, { n: i });
    let misses = 0;
    const miss = () => {
      misses++;
      return Promise.resolve({ n: -1 });
    };
    expect(await cache.get({ q: 0 }, miss)).toEqual({ n: -1 });
    expect(await cache.get({ q: 1 }, miss)).toEqual({ n: 1 });
    expect(await cache.get({ q: 10 }, miss)).toEqual({ n: 10 });
    expect(misses).toBe(1);
    const none = boundedCache(0);
    await none.set('k', 1);
    expect(await none.get('k', () => Promise.resolve(2))).toBe(2);
  });
  it('answers from the cache only after the next frame is drawn, or after 100 ms in a tab that draws none', async () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    try {
      const cache = boundedCache(10);
      await cache.set('k', { n: 1 });
      let answer: unknown;
      void cache.get('k', () => Promise.resolve({ n: -1 })).then((v) => (answer = v));
      await vi.advanceTimersByTimeAsync(50);
      expect(answer).toBeUndefined();
      frames.shift()!(performance.now());
      await vi.advanceTimersByTimeAsync(0);
      expect(answer).toEqual({ n: 1 });
      // No frame comes (a hidden tab): the answer still arrives.
      answer = undefined;
      void cache.get('k', () => Promise.resolve({ n: -1 })).then((v) => (answer = v));
      await vi.advanceTimersByTimeAsync(99);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(answer).toEqual({ n: 1 });
    } finally {
      vi.useRealTimers();
      vi.unstubAllGlobals();
    }
  });
});
