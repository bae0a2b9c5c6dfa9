import { describe, expect, it } from 'vitest';
import featuresSchema from '../../schemas/features.schema.json';
import { minimalDoc, prepared } from './helpers.ts';

/** Defaults the spec states (or implies: "on some sites" means off by default). */
const SPEC_DEFAULTS: Record<string, unknown> = {
  electricHybridLabel: false,
  reservedWording: 'RESERVED',
  certifiedUsedBadge: false,
  tagColours: {},
  cardAttributes: ['car_type', 'simple_body', 'km', 'simple_transmission', 'stocknum'],
  cardButtons: ['viewDetails', 'enquire', 'testDrive', 'finance', 'reserve'],
  enquireButtonLabel: 'Enquire Now',
  findSimilarLabel: 'Find Me Something Similar',
  preOwnedLabel: false,
  noPriceText: 'Enquire for price',
  promoTilePositions: [8],
  locationOverlay: false,
  favourites: false,
  favouritesGarageRules: false,
  favouritesUsedOnly: false,
  compare: false,
  watchlist: true,
  phoneLinksInMenu: false,
  soldCutoffDays: 3,
  priceAscendingExcludesZero: false,
  makesBeforeShowAll: 7,
  makeCards: true,
  infiniteScroll: false,
  stickyFilter: false,
  persistFilterSections: false,
  financeLink: '/finance',
  financeButtonText: 'Get Finance',
  financeRequiresSignIn: false,
  financeExcludedDealerships: [],
  calculatorInterestRate: 10,
  reserveButtons: false,
  reserveDeposit: 200,
  reserveRoute: 'checkout',
  reviewsMinimumRating: 4,
  reviewsAutoRotate: false,
  enquiryMessageOptional: false,
  locationField: false,
  locationFieldForNewCars: false,
  removeDealershipSelect: false,
  termsAgreement: false,
  captcha: true,
  valuationTool: false,
  hideInstantOfferText: false,
  serviceBookingKey: '',
  specToggleWording: 'Show More',
  modelsSortedByName: false,
  embedOrigins: [],
};

describe('feature switches', () => {
  const site = prepared(minimalDoc());
  const properties = featuresSchema.properties as Record<string, { default?: unknown; description?: string; 'x-group'?: string }>;

  it('every switch in the schema has a default, a description and a group', () => {
    for (const [name, prop] of Object.entries(properties)) {
      expect(prop.default, name).not.toBeUndefined();
      expect(prop.description?.length, name).toBeGreaterThan(10);
      expect(prop['x-group'], name).toBeTruthy();
    }
  });

  it.each(Object.entries(SPEC_DEFAULTS))('%s defaults to %j', (name, expected) => {
    expect(site.features[name as keyof typeof site.features]).toEqual(expected);
  });

  it('the table above covers every switch', () => {
    expect(Object.keys(properties).sort()).toEqual(Object.keys(SPEC_DEFAULTS).sort());
  });

  it('search settings default to preset 3, page size 21 and the Car_production index', () => {
    expect(site.search).toMatchObject({ engine: 'embedded', index: 'Car_production', preset: 3, pageSize: 21, usedOnly: false, inStockOnly: false, excludedMakes: [] });
    expect(site.region).toBe('AU');
    expect(site.api.baseUrl).toBe('/api');
  });

  it('a site that sets a switch keeps its value and the others keep their defaults', () => {
    const s = prepared(minimalDoc({ features: { soldCutoffDays: 7, reservedWording: 'Reserved' } }));
    expect(s.features.soldCutoffDays).toBe(7);
    expect(s.features.reservedWording).toBe('Reserved');
    expect(s.features.makesBeforeShowAll).toBe(7);
  });
});
