/** The car rules (rules.ts): which tag and badges a car shows. */
import { describe, expect, it } from 'vitest';
import { carTag, isBelowMarket, isCertifiedBadge, type CarTag } from './rules.ts';
import { car, DAY, features, NOW } from './test-cars.ts';
import type { Car } from '../../schemas/types.gen.ts';

describe('tag precedence (first match wins)', () => {
  const all = features({
    electricHybridLabel: true,
    certifiedUsedBadge: true,
    reservedWording: 'Reserved',
    tagColours: { 'runout sale': '#1a7f37' },
  });
  const recent = new Date(NOW - 2 * DAY).toISOString();
  // Each row: a car that qualifies for every rule from `expected` down; the first one must win.
  const table: [string, Partial<Car>, Partial<CarTag> | null][] = [
    [
      'electric beats everything',
      {
        simple_fuel: 'Electric',
        reserved: true,
        certified: true,
        tag: 'x',
        status: 'in_stock',
        created_at: recent,
      },
      { kind: 'electric', text: 'Electric' },
    ],
    ['hybrid label', { simple_fuel: 'Hybrid', reserved: true }, { kind: 'hybrid', text: 'Hybrid' }],
    [
      'reserved beats certified',
      { reserved: true, certified: true, tag: 'x' },
      { kind: 'reserved', text: 'Reserved' },
    ],
    [
      'certified beats own tag',
      { certified: true, tag: 'Low kms', created_at: recent },
      { kind: 'certified' },
    ],
    [
      'own tag in red',
      { tag: 'Low kms', status: 'coming_soon', created_at: recent },
      { kind: 'own', text: 'Low kms', colour: '#c8102e' },
    ],
    [
      'runout sale in the site colour',
      { tag: 'runout sale', make: 'Ford' },
      { kind: 'own', text: 'runout sale', colour: '#1a7f37' },
    ],
    [
      'coming soon beats new arrival',
      { status: 'coming_soon', created_at: recent },
      { kind: 'coming-soon', text: 'COMING SOON' },
    ],
    [
      'new arrival under 8 days',
      { created_at: recent },
      { kind: 'new-arrival', text: 'New Arrival' },
    ],
    ['nothing otherwise', {}, null],
  ];
  it.each(table)('%s', (_name, overrides, expected) => {
    const tag = carTag(car({ created_at_timestamp: undefined as never, ...overrides }), all, NOW);
    if (expected === null) expect(tag).toBeNull();
    else expect(tag).toMatchObject(expected);
  });

  it('leaves out the electric label and the certified image where the site has them off', () => {
    const off = features();
    expect(carTag(car({ simple_fuel: 'Electric' }), off, NOW)).toBeNull();
    expect(carTag(car({ certified: true }), off, NOW)).toBeNull();
    expect(carTag(car({ reserved: true }), off, NOW)).toMatchObject({ text: 'RESERVED' });
  });

  it('certified image is for Toyota only', () => {
    expect(carTag(car({ certified: true, make: 'Mazda' }), all, NOW)).toBeNull();
  });

  it('new arrival ends at 8 days', () => {
    const at = (days: number) =>
      carTag(car({ created_at_timestamp: Math.floor((NOW - days * DAY) / 1000) }), features(), NOW);
    expect(at(7.9)).toMatchObject({ kind: 'new-arrival' });
    expect(at(8)).toBeNull();
  });

  it('sold cars show JUST SOLD within the cutoff, SOLD after', () => {
    const sold = (days: number) =>
      car({
        status: 'sold',
        sold: true,
        sold_date_timestamp: Math.floor((NOW - days * DAY) / 1000),
        reserved: true,
      });
    expect(carTag(sold(1), features(), NOW)).toEqual({ kind: 'just-sold', text: 'JUST SOLD' });
    expect(carTag(sold(4), features(), NOW)).toEqual({ kind: 'sold', text: 'SOLD' });
    expect(carTag(sold(4), features({ soldCutoffDays: 5 }), NOW)).toEqual({
      kind: 'just-sold',
      text: 'JUST SOLD',
    });
  });
});
describe('badges', () => {
  it('below market: at least 500 under the state average (preferred) and below it', () => {
    const at = (price: number, state: number | null, national: number | null) =>
      isBelowMarket(
        car({
          price,
          autograb_data: { state_average_market_price: state, average_market_price: national },
        }),
      );
    expect(at(29500, 30000, 40000)).toBe(true);
    expect(at(29501, 30000, 40000)).toBe(false); // 499 under
    expect(at(29500, null, 30000)).toBe(true); // national when no state average
    expect(at(29600, null, 30000)).toBe(false);
    expect(at(29000, 30000, 20000)).toBe(true); // state preferred over national
    expect(at(0, 30000, 30000)).toBe(false);
    expect(isBelowMarket(car({ autograb_data: null }))).toBe(false);
  });
  it('certified: Toyota, certified, switch on, not sold', () => {
    const on = features({ certifiedUsedBadge: true });
    expect(isCertifiedBadge(car({ certified: true }), on)).toBe(true);
    expect(isCertifiedBadge(car({ certified: true }), features())).toBe(false);
    expect(isCertifiedBadge(car({ certified: false }), on)).toBe(false);
    expect(isCertifiedBadge(car({ certified: true, make: 'Lexus' }), on)).toBe(false);
    expect(isCertifiedBadge(car({ certified: true, status: 'sold', sold: true }), on)).toBe(false);
  });
});
