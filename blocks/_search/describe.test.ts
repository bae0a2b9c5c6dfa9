import { describe, expect, it } from 'vitest';
import type { InstantSearchServerState } from 'react-instantsearch';
import { prepared, readSite } from '../../tests/unit/helpers.ts';
import { describeSearchPage, searchPageDescription } from './describe.ts';

/** A server state as InstantSearch's getServerState gives it: the helper state and the results. */
function serverState(
  nbHits: number,
  disjunctive: Record<string, string[]> = {},
): InstantSearchServerState {
  return {
    initialResults: {
      Car_production: {
        state: { disjunctiveFacetsRefinements: disjunctive, facetsRefinements: {} },
        results: [{ nbHits }],
      },
    },
  } as never;
}

const ford = prepared(readSite('gold-coast-ford'));

describe('search page description', () => {
  it('words the search, the site and the count', () => {
    expect(searchPageDescription(ford, serverState(4570))).toBe(
      'Cars for sale at Gold Coast Ford. 4,570 cars in stock: search and filter by make, model, price, body type and more.',
    );
    expect(
      searchPageDescription(
        ford,
        serverState(1, { make: ['Ford'], model: ['Ranger'], car_type: ['used'] }),
      ),
    ).toMatch(/^Used Ford Ranger for sale at Gold Coast Ford\. 1 car in stock:/);
  });

  it('uses the heading the document sets', () => {
    expect(searchPageDescription(ford, serverState(12), 'Utes on sale')).toMatch(
      /^Utes on sale at Gold Coast Ford\. 12 cars/,
    );
  });

  it('words the directories from their heading', () => {
    expect(searchPageDescription(ford, serverState(9), 'Find a dealer', 'dealerships')).toBe(
      'Find a dealer at Gold Coast Ford. 9 dealerships to visit: search by name, town and the makes they sell.',
    );
    expect(searchPageDescription(ford, serverState(1), 'Our models', 'models')).toMatch(
      /^Our models at Gold Coast Ford\. 1 model to explore:/,
    );
    expect(searchPageDescription(ford, serverState(1), '', 'models')).toBeUndefined();
  });

  it('says nothing without results to count (the server search failed)', () => {
    expect(searchPageDescription(ford, undefined)).toBeUndefined();
    expect(searchPageDescription(ford, { initialResults: {} } as never)).toBeUndefined();
  });

  it('leaves the description to a page whose document has one', () => {
    const url = new URL('http://x/search/new-used-and-demo-cars');
    expect(describeSearchPage({ site: ford, url }, serverState(3), { heading: '' })).toMatch(
      /^Cars for sale/,
    );
    const described = {
      ...ford,
      pages: ford.pages.map((p) =>
        p.path === '/search/new-used-and-demo-cars' ? { ...p, description: 'Our stock.' } : p,
      ),
    };
    expect(
      describeSearchPage({ site: described, url }, serverState(3), { heading: '' }),
    ).toBeUndefined();
  });
});
