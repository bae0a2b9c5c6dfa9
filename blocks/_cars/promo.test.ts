import { describe, expect, it } from 'vitest';
import type { PromoTileProps } from '../../schemas/resolved.gen.ts';
import { withDefaults } from '../_shared/test-utils.tsx';
import {
  assignTiles,
  eligibleTiles,
  fitsDisplay,
  insertPromoTiles,
  isCurrent,
  isoDay,
  seededRandom,
  shuffle,
  type PromoTile,
} from './promo.ts';

const tile = (id: string, extra: Partial<PromoTile> = {}): PromoTile => ({
  ...withDefaults<PromoTileProps>('promo-tile', { heading: id, ...extra }),
  id,
});
const cars = Array.from({ length: 20 }, (_, i) => `car${i + 1}`);
const layout = (items: ReturnType<typeof insertPromoTiles<string>>) =>
  items.map((i) => (i.type === 'car' ? i.car : `[${i.tile.id}]`));

describe('promo tile dates', () => {
  // The sample promotion (docs/cars.md, "Card rules"): 2025-01-01 to 2025-02-01.
  const sample = tile('sample', { start: '2025-01-01', expiry: '2025-02-01' });
  it.each([
    ['2024-12-31', false],
    ['2025-01-01', true],
    ['2025-01-15', true],
    ['2025-02-01', true],
    ['2025-02-02', false],
    ['2026-11-23', false],
  ])('on %s shown: %s', (today, shown) => {
    expect(isCurrent(sample, today)).toBe(shown);
  });
  it('open-ended tiles', () => {
    expect(isCurrent(tile('a'), '2030-01-01')).toBe(true);
    expect(isCurrent(tile('a', { start: '2026-01-01' }), '2025-12-31')).toBe(false);
    expect(isCurrent(tile('a', { expiry: '2026-01-01' }), '2026-01-02')).toBe(false);
  });
  it('days are the dealer calendar day', () => {
    // 2026-01-31 20:00 UTC is already 1 February in Brisbane (UTC+10).
    expect(isoDay(Date.UTC(2026, 0, 31, 20), 'Australia/Brisbane')).toBe('2026-02-01');
    expect(isoDay(Date.UTC(2026, 0, 31, 20), 'UTC')).toBe('2026-01-31');
  });
});

describe('promo tile display filter', () => {
  it('no filter: always', () => {
    expect(fitsDisplay(tile('a'), ['new'])).toBe(true);
  });
  it('used tile: shown when used cars are in view', () => {
    const used = tile('u', { display: ['used'] });
    expect(fitsDisplay(used, ['new', 'demo', 'used'])).toBe(true);
    expect(fitsDisplay(used, [])).toBe(true); // nothing refined: every type is in view
    expect(fitsDisplay(used, ['new'])).toBe(false);
  });
  it('strictDisplay: only when every type in view is one of its own', () => {
    const strict = tile('s', { display: ['used'], strictDisplay: true });
    expect(fitsDisplay(strict, ['used'])).toBe(true);
    expect(fitsDisplay(strict, ['used', 'new'])).toBe(false);
    expect(fitsDisplay(strict, [])).toBe(false);
    expect(
      fitsDisplay(tile('s2', { display: ['new', 'demo'], strictDisplay: true }), ['new', 'demo']),
    ).toBe(true);
  });
  it('eligible = current and fitting', () => {
    const tiles = [
      tile('old', { start: '2025-01-01', expiry: '2025-02-01' }),
      tile('used', { display: ['used'] }),
      tile('any'),
    ];
    expect(eligibleTiles(tiles, '2026-11-23', ['new']).map((t) => t.id)).toEqual(['any']);
    expect(eligibleTiles(tiles, '2025-01-10', ['used']).map((t) => t.id)).toEqual([
      'old',
      'used',
      'any',
    ]);
  });
});

describe('promo tile insertion', () => {
  it('a tile is the item at position 8', () => {
    const items = insertPromoTiles(
      cars,
      assignTiles([tile('t')], [8], () => 0),
    );
    const l = layout(items);
    expect(l[7]).toBe('[t]');
    expect(l.slice(0, 7)).toEqual(cars.slice(0, 7));
    expect(l[8]).toBe('car8');
    expect(l.filter((x) => x.startsWith('car'))).toEqual(cars);
  });
  it('positions 8 and 17 with two tiles, random order from the injected source', () => {
    const tiles = [tile('a'), tile('b')];
    const first = layout(
      insertPromoTiles(
        cars,
        assignTiles(tiles, [8, 17], () => 0.99),
      ),
    );
    const second = layout(
      insertPromoTiles(
        cars,
        assignTiles(tiles, [17, 8], () => 0),
      ),
    );
    expect([first[7], first[16]]).toEqual(['[a]', '[b]']);
    expect([second[7], second[16]]).toEqual(['[b]', '[a]']);
  });
  it('more positions than tiles: the extra positions stay cars; more tiles than positions: some wait', () => {
    expect(
      layout(
        insertPromoTiles(
          cars,
          assignTiles([tile('a')], [8, 17], () => 0),
        ),
      ).filter((x) => x.startsWith('[')).length,
    ).toBe(1);
    expect(
      layout(
        insertPromoTiles(
          cars,
          assignTiles([tile('a'), tile('b'), tile('c')], [8], () => 0),
        ),
      ).filter((x) => x.startsWith('[')).length,
    ).toBe(1);
  });
  it('a pinned tile keeps its position', () => {
    const l = layout(
      insertPromoTiles(
        cars,
        assignTiles([tile('a'), tile('pinned', { position: 8 })], [8, 17], () => 0),
      ),
    );
    expect(l[7]).toBe('[pinned]');
    expect(l[16]).toBe('[a]');
  });
  it('short results never end with a tile', () => {
    expect(
      layout(
        insertPromoTiles(
          cars.slice(0, 7),
          assignTiles([tile('a')], [8], () => 0),
        ),
      ),
    ).toEqual(cars.slice(0, 7));
    expect(
      layout(
        insertPromoTiles(
          cars.slice(0, 8),
          assignTiles([tile('a')], [8], () => 0),
        ),
      )[7],
    ).toBe('[a]');
  });
  it('shuffle is a permutation and every order happens', () => {
    const seen = new Set<string>();
    const random = seededRandom(42);
    for (let i = 0; i < 200; i++) seen.add(shuffle(['a', 'b', 'c'], random).join(''));
    expect([...seen].sort()).toEqual(['abc', 'acb', 'bac', 'bca', 'cab', 'cba']);
  });
});
