import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { LiteClient } from 'algoliasearch/lite';
import { loadInventory } from '../../demo/defaults.ts';
import {
  CAR_INDEX,
  createCarSearchEngine,
  createLocalSearchClient,
} from '../../engine/search/index.ts';
import { rangeAttributesIn, resolveUrlFacts } from './load.ts';

let client: LiteClient;
beforeAll(() => {
  const cars = loadInventory(join(import.meta.dirname, '../../sites'), {
    count: 2000,
    now: Date.UTC(2025, 5, 15),
  });
  client = createLocalSearchClient(createCarSearchEngine(cars)) as unknown as LiteClient;
}, 60_000);

describe('what a search URL needs before it is searched', () => {
  it('names the sliders a query string refines (known sliders only)', () => {
    expect(
      rangeAttributesIn('?range[price]=1:2&range[year]=2010:&range[colour]=x&query=a'),
    ).toEqual(['price', 'year']);
    expect(rangeAttributesIn('?query=a')).toEqual([]);
  });

  it('asks nothing for a URL without a make or a slider', async () => {
    const asked: unknown[] = [];
    const spy = {
      search: (r: unknown) => (asked.push(r), client.search(r as never)),
    } as unknown as LiteClient;
    expect(
      await resolveUrlFacts(spy, CAR_INDEX, '', { pathname: '/search/used-cars', search: '' }),
    ).toEqual({});
    expect(asked).toEqual([]);
  });

  it('gets the stock range of the URL sliders and the make and model names in one request, in the multi-query array form', async () => {
    const asked: unknown[] = [];
    const spy = {
      search: (r: unknown) => (asked.push(r), client.search(r as never)),
    } as unknown as LiteClient;
    const facts = await resolveUrlFacts(spy, CAR_INDEX, '', {
      pathname: '/search/ford/ranger',
      search: '?range[price]=-5:99999999',
    });
    expect(asked).toHaveLength(1);
    expect(Array.isArray(asked[0])).toBe(true);
    expect(facts.names).toEqual({ makes: ['Ford'], models: { Ford: ['Ranger'] } });
    expect(facts.rangeStats?.price?.max).toBeGreaterThan(10_000);
    expect(facts.rangeStats?.price?.min).toBeGreaterThanOrEqual(0);
  });
});
