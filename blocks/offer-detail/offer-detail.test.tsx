import { describe, it } from 'vitest';
import { screen } from '@testing-library/react';
import { expectLadderPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import OfferDetail, { OFFER_PHOTO } from './index.tsx';

describe('offer page picture', () => {
  it("asks for the offer's uploaded photo at the ladder widths the page shows, with its colour while it loads", async () => {
    await loadAndRender('offer-detail', OfferDetail, {
      patch: (doc) =>
        void (doc.offers = [
          { id: 9, name: 'Showroom sale', image: { src: UPLOADED_PHOTO, alt: 'Sale' } },
        ]),
      params: { offerId: '9' },
      route: '/offers/9',
    });
    expectLadderPhoto(screen.getByRole('img', { name: 'Sale' }), UPLOADED_PHOTO, OFFER_PHOTO);
  });
});
