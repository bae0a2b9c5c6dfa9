import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import {
  currentOffers,
  dealerToday,
  findOffer,
  offerHref,
  offerIsCurrent,
} from '../_shared/offers.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { COLLAPSED_LENGTH, DISCLAIMER_LIMIT, truncate } from '../_shared/text.ts';
import OfferDetail from '../offer-detail/index.tsx';
import { expectLadderPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import OfferCards, { OFFER_CARD_PHOTO } from './index.tsx';

const LONG_DISCLAIMER =
  'Offer available on new Ranger XLT Double Cab Pick-up 2.0L Bi-Turbo 4x4 automatic models ordered and delivered between 1 May and 30 June 2025 at participating Ford dealers. ' +
  'Driveaway price includes 12 months registration, CTP insurance, stamp duty and dealer delivery. Metallic paint extra. Not available with any other offer. Excludes fleet, government and rental buyers.';

// Gold Coast Ford's website id is 101.
const OFFERS = [
  {
    id: 1,
    name: 'Ranger XLT from $59,990 driveaway',
    description:
      '<p>Our best-selling ute with <strong>free tow pack</strong>.</p><script>alert(1)</script><img src=x onerror="alert(2)">',
    disclaimer: LONG_DISCLAIMER,
    manufacturer: { name: 'Ford', slug: 'ford' },
    model: { name: 'Ranger', slug: 'ranger' },
    expires: '2099-06-30',
  },
  {
    id: 2,
    name: 'Everest servicing special',
    manufacturer: { name: 'Ford' },
    excluded_website_ids: [101],
    disclaimer: 'Short.',
  },
  {
    id: 3,
    name: 'Last year’s clearance',
    manufacturer: { name: 'Ford', slug: 'ford' },
    expires: '2020-01-31',
  },
  { id: 4, name: 'Coming later', starts: '2099-01-01' },
  {
    id: 5,
    name: 'Free first service',
    description: '<p>On every used car.</p>',
    excluded_website_ids: [202],
  },
];

const withOffers = (doc: Record<string, any>) => {
  doc.offers = OFFERS;
};

describe('offer rules', () => {
  const { site } = prepareDemoSite({ patch: withOffers });

  it('honours excluded_website_ids against the site id, and the dates', () => {
    expect(site.id).toBe(101);
    expect(currentOffers(site, '2025-05-01').map((o) => o.id)).toEqual([1, 5]);
    // Another website (id 202) sees offer 2 but not offer 5.
    expect(currentOffers({ ...site, id: 202 }, '2025-05-01').map((o) => o.id)).toEqual([1, 2]);
    expect(currentOffers(site, '2025-05-01', { manufacturer: 'ford' }).map((o) => o.id)).toEqual([
      1,
    ]);
  });

  it('counts the expiry date itself as current', () => {
    expect(offerIsCurrent({ expires: '2025-06-30' }, '2025-06-30')).toBe(true);
    expect(offerIsCurrent({ expires: '2025-06-30' }, '2025-07-01')).toBe(false);
    expect(offerIsCurrent({ starts: '2025-07-01' }, '2025-06-30')).toBe(false);
  });

  it('builds offer page addresses with or without a manufacturer', () => {
    expect(offerHref({ id: 1, manufacturer: { slug: 'ford' } })).toBe('/offers/ford/1');
    expect(offerHref({ id: 2, manufacturer: { name: 'Mercedes-Benz' } })).toBe(
      '/offers/mercedes-benz/2',
    );
    expect(offerHref({ id: 5 })).toBe('/offers/5');
  });

  it('finds an offer page, with the reason when it cannot show', () => {
    expect(findOffer(site, '1', '2025-05-01').status).toBe('ok');
    expect(findOffer(site, '2', '2025-05-01').status).toBe('excluded');
    expect(findOffer(site, '3', '2025-05-01').status).toBe('ended');
    expect(findOffer(site, '4', '2025-05-01').status).toBe('upcoming');
    expect(findOffer(site, '99', '2025-05-01').status).toBe('missing');
    expect(findOffer(site, 'abc', '2025-05-01').status).toBe('missing');
  });

  it("takes today in the dealer's time zone", () => {
    // 20:00 UTC on 30 June is already 1 July in Brisbane.
    expect(dealerToday(site, new Date('2025-06-30T20:00:00Z'))).toBe('2025-07-01');
  });
});

describe('offer cards block', () => {
  it('shows current offers that are not excluded, linking to their pages', async () => {
    await loadAndRender('offer-cards', OfferCards, { patch: withOffers });
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => c.getAttribute('aria-labelledby'))).toEqual([
      'offer-1-title',
      'offer-5-title',
    ]);
    expect(
      within(cards[0])
        .getByRole('link', { name: 'View offer: Ranger XLT from $59,990 driveaway' })
        .getAttribute('href'),
    ).toBe('/offers/ford/1');
    expect(
      within(cards[1])
        .getByRole('link', { name: /View offer/ })
        .getAttribute('href'),
    ).toBe('/offers/5');
    // The offer without its own picture uses its model's.
    expect(within(cards[0]).getByRole('img').getAttribute('src')).toBe('/assets/models/ranger.svg');
    // Description as text (sanitised), disclaimer cut at 200.
    expect(cards[0].textContent).toContain('Our best-selling ute with free tow pack.');
    const disclaimer = cards[0].querySelector('.fc-offer-card__disclaimer')!.textContent!;
    expect(disclaimer).toBe(truncate(LONG_DISCLAIMER, DISCLAIMER_LIMIT));
    expect(disclaimer.length).toBeLessThanOrEqual(200);
    expect(cards[0].textContent).toContain('Ends 30 June 2099');
  });

  it('leaves out the offer of the offer page it is on', async () => {
    await loadAndRender('offer-cards', OfferCards, {
      patch: withOffers,
      params: { manufacturer: 'ford', offerId: '1' },
      props: { heading: 'More offers' },
    });
    expect(screen.getAllByRole('article').map((c) => c.getAttribute('aria-labelledby'))).toEqual([
      'offer-5-title',
    ]);
  });

  it("asks for an offer's uploaded photo at the ladder widths a card shows, with its colour while it loads", async () => {
    await loadAndRender('offer-cards', OfferCards, {
      patch: (doc) =>
        void (doc.offers = [
          { id: 9, name: 'Showroom sale', image: { src: UPLOADED_PHOTO, alt: 'Sale' } },
        ]),
    });
    expectLadderPhoto(screen.getByRole('img', { name: 'Sale' }), UPLOADED_PHOTO, OFFER_CARD_PHOTO);
  });

  it('says so when there are no current offers', async () => {
    // The demo site has offers; this one has none.
    await loadAndRender('offer-cards', OfferCards, { patch: (doc) => void (doc.offers = []) });
    screen.getByText(/There are no special offers right now/);
  });
});

describe('offer page block', () => {
  it('shows the offer of /offers/:manufacturer/:offerId with a sanitised description', async () => {
    const { container } = await loadAndRender('offer-detail', OfferDetail, {
      patch: withOffers,
      params: { manufacturer: 'ford', offerId: '1' },
      route: '/offers/ford/1',
    });
    screen.getByRole('heading', { level: 1, name: 'Ranger XLT from $59,990 driveaway' });
    const description = container.querySelector('.fc-offer-detail__description')!;
    expect(description.querySelector('strong')!.textContent).toBe('free tow pack');
    expect(description.innerHTML).not.toContain('script');
    expect(description.innerHTML).not.toContain('onerror');
    expect(screen.getByRole('link', { name: 'View the Ranger' }).getAttribute('href')).toBe(
      '/ranger',
    );
  });

  it('collapses a long disclaimer to about 160 characters with View more / View less', async () => {
    await loadAndRender('offer-detail', OfferDetail, {
      patch: withOffers,
      params: { offerId: '1' },
    });
    const region = screen.getByRole('region', { name: 'Disclaimer' });
    const text = region.querySelector('p')!;
    expect(LONG_DISCLAIMER.length).toBeGreaterThan(200);
    expect(text.textContent).toBe(truncate(LONG_DISCLAIMER, COLLAPSED_LENGTH));
    const toggle = within(region).getByRole('button', { name: 'View more of the disclaimer' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(text.id);
    fireEvent.click(toggle);
    expect(text.textContent).toBe(LONG_DISCLAIMER);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.textContent).toContain('View less');
    fireEvent.click(toggle);
    expect(text.textContent!.length).toBeLessThanOrEqual(160);
  });

  it('shows a short disclaimer whole, without a toggle (/offers/:offerId)', async () => {
    await loadAndRender('offer-detail', OfferDetail, {
      patch: (doc) => {
        doc.offers = [{ id: 7, name: 'Tyre deal', disclaimer: 'Fitted price. Ends Sunday.' }];
      },
      params: { offerId: '7' },
    });
    screen.getByText('Fitted price. Ends Sunday.');
    expect(screen.queryByRole('button', { name: /View more/ })).toBeNull();
  });

  it('does not show an offer excluded for this website, an ended one or an unknown one', async () => {
    const excluded = await loadAndRender('offer-detail', OfferDetail, {
      patch: withOffers,
      params: { offerId: '2' },
    });
    screen.getByRole('heading', { level: 1, name: 'Offer not available' });
    excluded.unmount();
    const ended = await loadAndRender('offer-detail', OfferDetail, {
      patch: withOffers,
      params: { offerId: '3' },
    });
    screen.getByRole('heading', { level: 1, name: 'Last year’s clearance has ended' });
    expect(screen.getByRole('link', { name: 'See current offers' }).getAttribute('href')).toBe(
      '/special-offers',
    );
    ended.unmount();
    await loadAndRender('offer-detail', OfferDetail, {
      patch: withOffers,
      params: { offerId: '404' },
    });
    screen.getByRole('heading', { level: 1, name: 'Offer not available' });
  });
});
