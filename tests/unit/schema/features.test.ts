import { describe, expect, it } from 'vitest';
import featuresSchema from '../../../schemas/features.schema.json';
import { minimalDoc, prepared } from '../helpers.ts';

/**
 * The defaults the project's docs state, pinned by hand: a change to one of these changes
 * documented behaviour (docs/forms.md, "Security question"; docs/cars.md: sold cut-off,
 * reserve online, promo tiles, watchlist).
 */
const DOCUMENTED_DEFAULTS: Record<string, unknown> = {
  captcha: true,
  soldCutoffDays: 3,
  reserveDeposit: 200,
  reserveRoute: 'checkout',
  promoTilePositions: [8],
  watchlist: true,
};

describe('feature switches', () => {
  const site = prepared(minimalDoc());
  const properties = featuresSchema.properties as Record<
    string,
    { default?: unknown; description?: string; 'x-group'?: string }
  >;

  it('every switch in the schema has a default, a description and a group', () => {
    for (const [name, prop] of Object.entries(properties)) {
      expect(prop.default, name).not.toBeUndefined();
      expect(prop.description?.length, name).toBeGreaterThan(10);
      expect(prop['x-group'], name).toBeTruthy();
    }
  });

  it.each(Object.entries(properties))('%s defaults to the schema default', (name, prop) => {
    expect(site.features[name as keyof typeof site.features]).toEqual(prop.default);
  });

  it.each(Object.entries(DOCUMENTED_DEFAULTS))(
    '%s defaults to %j, as the docs say',
    (name, expected) => {
      expect(properties[name].default).toEqual(expected);
    },
  );

  // The schema is where defaults are stated; this file keeps the tool-written record of
  // them, so changing any default is a deliberate `vitest -u` whose diff a reviewer sees.
  it('the schema defaults are the recorded ones', async () => {
    const defaults = Object.fromEntries(
      Object.entries(properties).map(([name, prop]) => [name, prop.default]),
    );
    await expect(`${JSON.stringify(defaults, null, 2)}\n`).toMatchFileSnapshot(
      './__snapshots__/feature-defaults.json',
    );
  });

  it('search settings default to preset 3, page size 21 and the Car_production index', () => {
    expect(site.search).toMatchObject({
      engine: 'embedded',
      index: 'Car_production',
      preset: 3,
      pageSize: 21,
      usedOnly: false,
      inStockOnly: false,
      excludedMakes: [],
    });
    expect(site.region).toBe('AU');
    expect(site.api.baseUrl).toBe('/api');
  });

  it('a site that sets a switch keeps its value and the others keep their defaults', () => {
    const s = prepared(
      minimalDoc({ features: { soldCutoffDays: 7, reservedWording: 'Reserved' } }),
    );
    expect(s.features.soldCutoffDays).toBe(7);
    expect(s.features.reservedWording).toBe('Reserved');
    expect(s.features.makesBeforeShowAll).toBe(7);
  });
});
