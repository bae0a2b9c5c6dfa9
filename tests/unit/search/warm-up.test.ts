/**
 * A server's stock is searchable before its text index exists: start-up leaves the text index
 * for LiveStock.warm(), which the server calls once its first answer is sent (docs/deploy.md,
 * "Memory and start-up"). Until then a text query builds it on first use and answers the same.
 */
import { describe, expect, it } from 'vitest';
import { LiveStock } from '../../../engine/inventory/live-stock.ts';
import { loadSites } from '../../../engine/inventory/import/import-stock.ts';
import { CAR_INDEX } from '../../../engine/search/car-index.ts';
import { demoProviders } from '../../../demo/defaults.ts';
import { SITES_DIR } from '../helpers.ts';

const loaded = loadSites(SITES_DIR);
const sites = loaded.entries.flatMap((e) => (e.ok ? [e.site] : []));
const live = () =>
  new LiveStock({ stock: demoProviders({ count: 400 }).stock, catalogue: loaded.catalogue, sites });
const textIndexBuilt = (stock: LiveStock) => stock.engine.source(CAR_INDEX)!.index.hasTextIndex();

describe('warming the search after start-up', () => {
  it('leaves the text index unbuilt until warm(), which builds it', async () => {
    const stock = live();
    expect(
      stock.engine.search(CAR_INDEX, { filters: 'car_type:used', hitsPerPage: 1 }).nbHits,
    ).toBeGreaterThan(0);
    expect(textIndexBuilt(stock)).toBe(false);
    await stock.warm();
    expect(textIndexBuilt(stock)).toBe(true);
  });

  it('answers a text query the same whether or not it was warmed first', async () => {
    const make = String(live().cars[0].make);
    const cold = live();
    const warmed = live();
    await warmed.warm();
    const ask = (s: LiveStock) => s.engine.search(CAR_INDEX, { query: make, hitsPerPage: 50 });
    const answer = ask(cold);
    expect(textIndexBuilt(cold)).toBe(true);
    expect(answer.nbHits).toBeGreaterThan(0);
    expect(answer.hits.map((h) => h.objectID)).toEqual(ask(warmed).hits.map((h) => h.objectID));
    expect(answer.nbHits).toBe(ask(warmed).nbHits);
  });
});
