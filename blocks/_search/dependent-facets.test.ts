/**
 * A chosen model does not narrow the make list: the requests InstantSearch's helper really
 * builds, answered by the embedded engine, with and without the dependent-facets client.
 */
import algoliasearchHelper from 'algoliasearch-helper';
import { describe, expect, it } from 'vitest';
import {
  CAR_INDEX,
  createCarSearchEngine,
  createLocalSearchClient,
} from '../../engine/search/index.ts';
import type { Car } from '../../schemas/types.gen.ts';
import { NARROWER_FACETS, widenFacetRequest, withDependentFacets } from './dependent-facets.ts';

const car = (id: number, make: string, model: string, car_type: string) =>
  ({ id, objectID: String(id), make, model, car_type, custom_rank: id }) as unknown as Car;
const cars = [
  car(1, 'Ford', 'Ranger', 'used'),
  car(2, 'Ford', 'Everest', 'used'),
  car(3, 'Toyota', 'HiLux', 'used'),
  car(4, 'Mazda', 'BT-50', 'new'),
  car(5, 'Mazda', 'CX-5', 'used'),
];
const local = createLocalSearchClient(createCarSearchEngine(cars, { cacheSize: 0 }));

/** The make and model lists of a search for a Ford Ranger among used cars, through `client`. */
async function listsFor(client: Pick<typeof local, 'search'>) {
  const helper = algoliasearchHelper(client as never, CAR_INDEX, {
    disjunctiveFacets: ['make', 'model', 'car_type'],
    disjunctiveFacetsRefinements: { make: ['Ford'], model: ['Ranger'], car_type: ['used'] },
  });
  const results = await helper.searchOnce({});
  const names = (attribute: string) =>
    (results.content.getFacetValues(attribute, { sortBy: ['name:asc'] }) as { name: string }[]).map(
      (v) => v.name,
    );
  return { hits: results.content.nbHits, makes: names('make'), models: names('model') };
}

describe('dependent facets', () => {
  it('without it, a chosen model leaves only its make in the make list (the fault it fixes)', async () => {
    expect((await listsFor(local)).makes).toEqual(['Ford']);
  });

  it('offers every make the other filters allow once a model is chosen, and keeps the results and models', async () => {
    const lists = await listsFor(withDependentFacets(local));
    // Mazda's only used car is a CX-5: the car type still holds, the model does not.
    expect(lists.makes).toEqual(['Ford', 'Mazda', 'Toyota']);
    expect(lists.models).toEqual(['Everest', 'Ranger']);
    expect(lists.hits).toBe(1);
  });

  it('leaves hit requests and other facets alone, and drops an OR group it empties', () => {
    const hits = {
      indexName: CAR_INDEX,
      params: { facets: ['make'], facetFilters: [['model:X']] },
    };
    expect(widenFacetRequest(hits)).toBe(hits);
    const body = {
      indexName: CAR_INDEX,
      params: { hitsPerPage: 0, facets: ['body'], facetFilters: [['model:X']] },
    };
    expect(widenFacetRequest(body)).toBe(body);
    for (const narrower of NARROWER_FACETS.make) {
      const widened = widenFacetRequest({
        indexName: CAR_INDEX,
        params: {
          hitsPerPage: 0,
          facets: 'make',
          facetFilters: [[`${narrower}:X`], 'fuel:Diesel'],
        },
      });
      expect(widened.params).toEqual({
        hitsPerPage: 0,
        facets: 'make',
        facetFilters: ['fuel:Diesel'],
      });
    }
  });
});
