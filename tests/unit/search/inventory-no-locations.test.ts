import { describe, expect, it } from 'vitest';
import { generateInventory } from '../../../demo/defaults.ts';
import { readCatalogue, readInventorySites } from '../../../engine/inventory/load.ts';
import { SITES_DIR } from '../helpers.ts';

describe('inventory for a site without locations', () => {
  it('gives its dealerships no stock instead of failing', () => {
    const sites = readInventorySites(SITES_DIR);
    const fresh = {
      slug: 'new-site',
      region: 'AU' as const,
      dealerships: [{ id: 999, slug: 'new-dealer', name: 'New Dealer', manufacturers: ['Ford'] }],
      locations: [],
    };
    const cars = generateInventory({
      catalogue: readCatalogue(SITES_DIR),
      sites: [...sites, fresh as never],
      count: 500,
    });
    expect(cars).toHaveLength(500);
    expect(cars.some((c) => c.dealership_slug === 'new-dealer')).toBe(false);
  });
});
