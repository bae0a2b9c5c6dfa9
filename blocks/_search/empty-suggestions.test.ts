import algoliasearchHelper from 'algoliasearch-helper';
import { describe, expect, it } from 'vitest';
import {
  bestWaysOut,
  MAX_WAYS_OUT,
  popularMakes,
  withoutRefinement,
  type HelperState,
} from './empty-suggestions.ts';

const state = () =>
  new algoliasearchHelper.SearchParameters({
    index: 'Car_production',
    query: 'rnager',
    disjunctiveFacets: ['make', 'fuel'],
    disjunctiveFacetsRefinements: { make: ['Ford'], fuel: ['Diesel'] },
    numericRefinements: { price: { '<=': [20000] } },
  }) as unknown as HelperState & {
    query: string;
    disjunctiveFacetsRefinements: Record<string, string[]>;
    numericRefinements: Record<string, Record<string, number[]>>;
  };

describe('ways out of an empty search', () => {
  it('removes exactly one chosen filter, keeping the others and the words', () => {
    const withoutFuel = withoutRefinement(state(), {
      attribute: 'fuel',
      type: 'disjunctive',
      value: 'Diesel',
      label: 'Diesel',
    }) as ReturnType<typeof state>;
    expect(withoutFuel.disjunctiveFacetsRefinements).toEqual({ make: ['Ford'], fuel: [] });
    expect(withoutFuel.query).toBe('rnager');
    const withoutPrice = withoutRefinement(state(), {
      attribute: 'price',
      type: 'numeric',
      value: 20000,
      label: '≤ 20000',
      operator: '<=',
    }) as ReturnType<typeof state>;
    expect(withoutPrice.numericRefinements.price?.['<='] ?? []).toEqual([]);
    expect(withoutPrice.disjunctiveFacetsRefinements.make).toEqual(['Ford']);
    expect(
      (
        withoutRefinement(state(), {
          attribute: 'query',
          type: 'query',
          value: 'rnager',
          label: 'rnager',
        }) as ReturnType<typeof state>
      ).query,
    ).toBe('');
  });

  it('offers those that find cars, the most first, at most three', () => {
    const ways = [0, 12, 3, 40, 7].map((count, i) => ({ count, item: `way ${i}` }));
    expect(bestWaysOut(ways).map((w) => w.item)).toEqual(['way 3', 'way 1', 'way 4']);
    expect(bestWaysOut(ways)).toHaveLength(MAX_WAYS_OUT);
    expect(bestWaysOut([{ count: 0, item: 'none' }])).toEqual([]);
  });

  it('lists the most stocked makes, ties alphabetical, none without cars', () => {
    expect(popularMakes({ Kia: 5, Ford: 20, Mazda: 5, Holden: 0 }, 3)).toEqual([
      { name: 'Ford', count: 20 },
      { name: 'Kia', count: 5 },
      { name: 'Mazda', count: 5 },
    ]);
    expect(popularMakes(undefined)).toEqual([]);
  });
});
