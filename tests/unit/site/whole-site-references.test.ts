/**
 * Whole-site rules (docs/site-documents.md, "Whole-site rules"): a model, location, offer,
 * dealership, review or reviews account a document names must be one the site has.
 */
import { describe, expect, it } from 'vitest';
import { siteCollections } from '../../../engine/site/whole-site.ts';
import { prepared } from '../helpers.ts';
import { catalogue, issuesOf, page, withData } from './whole-site-kit.ts';

describe('references into site data', () => {
  it('a fixed model, location, offer, location id and dealership must exist', () => {
    const doc = withData({
      offers: [{ id: 3, name: 'Spring deal' }],
      pages: [
        page('contact', '/contact'),
        page('home', '/', [
          { type: 'model-detail', id: 'md', props: { model: 'bronco-x' } },
          { type: 'location-detail', id: 'ld', props: { location: 'sydney' } },
          { type: 'offer-detail', id: 'od', props: { offerId: 4 } },
          { type: 'locations', id: 'ls', props: { filter: 8 } },
          { type: 'locations', id: 'ls2', props: { filter: 'service' } },
        ]),
      ],
    });
    ((doc as Record<string, unknown>).locations as Record<string, unknown>[])[0].dealership_slug =
      'elsewhere';
    const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : 1);
    expect(issuesOf(doc).sort(byPath)).toEqual([
      {
        path: '/locations/0/dealership_slug',
        message: 'names dealership with slug "elsewhere", which this site does not have',
      },
      {
        path: '/pages/1/blocks/0/props/model',
        message:
          'names model with slug "bronco-x", which this site does not have; did you mean "bronco"?',
      },
      {
        path: '/pages/1/blocks/1/props/location',
        message: 'names location with slug "sydney", which this site does not have',
      },
      {
        path: '/pages/1/blocks/2/props/offerId',
        message: 'names offer with id 4, which this site does not have; did you mean "3"?',
      },
      {
        path: '/pages/1/blocks/3/props/filter',
        message: 'names location with id 8, which this site does not have; did you mean "7"?',
      },
    ]);
  });
  it("a location's dealership id must be one of the site's dealerships, as its dealership slug must", () => {
    const doc = withData({ pages: [page('home', '/')] });
    const [location] = (doc as unknown as { locations: Record<string, unknown>[] }).locations;
    location.dealership_id = 9;
    expect(issuesOf(doc)).toEqual([
      {
        path: '/locations/0/dealership_id',
        message: 'names dealership with id 9, which this site does not have; did you mean "1"?',
      },
    ]);
    location.dealership_id = 1;
    expect(issuesOf(doc)).toEqual([]);
  });
  it("a make is named by the platform's one slug rule, the catalogue's own slug for it", () => {
    const made = siteCollections(
      prepared(withData({ pages: [page('home', '/')] })),
      catalogue.models,
    );
    const catalogueSlugs = new Map(catalogue.manufacturers.map((m) => [m.name, m.slug]));
    for (const name of new Set(catalogue.models.map((m) => m.manufacturer_name))) {
      if (catalogueSlugs.has(name))
        expect(made.makeSlugs?.has(catalogueSlugs.get(name)!), name).toBe(true);
    }
    expect(made.makeSlugs?.has('lynk-and-co')).toBe(true);
    expect(made.makeSlugs?.has('lynk-co')).toBe(false);
  });
});
describe('reviews', () => {
  const withReviews = (props: Record<string, unknown>) =>
    withData({
      pages: [
        page('home', '/', [
          {
            type: 'reviews',
            id: 'rv',
            props: { reviews: [{ id: 4, customer_name: 'Ana', rating: 5 }], ...props },
          },
        ]),
      ],
    });

  it('a hidden review id must be one of the reviews pasted here, unless the block also reads the reviews service', () => {
    expect(issuesOf(withReviews({ hiddenReviewIds: [4] }))).toEqual([]);
    expect(issuesOf(withReviews({ hiddenReviewIds: [9] }))).toEqual([
      {
        path: '/pages/0/blocks/0/props/hiddenReviewIds/0',
        message: 'names review with id 9, which this site does not have; did you mean "4"?',
      },
    ]);
    expect(issuesOf(withReviews({ hiddenReviewIds: [9], fetchReviews: true }))).toEqual([]);
  });

  it('the reviews account is the site (its slug or id) or one of its dealerships', () => {
    expect(issuesOf(withReviews({ orgId: 'test-site' }))).toEqual([]);
    expect(issuesOf(withReviews({ orgId: 'main' }))).toEqual([]);
    expect(issuesOf(withReviews({ orgId: 'other-dealer' }))[0]).toEqual({
      path: '/pages/0/blocks/0/props/orgId',
      message: 'names reviews account "other-dealer", which this site does not have',
    });
  });
});
