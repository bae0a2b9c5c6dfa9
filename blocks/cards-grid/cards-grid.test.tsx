import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CardsGridProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import { expectLadderPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import CardsGrid, { CARDS_GRID_PHOTO } from './index.tsx';

describe('cards grid block', () => {
  it('shows cards with a picture or an icon, text and links', () => {
    const { container } = renderBlock<CardsGridProps>('cards-grid', CardsGrid, {
      props: {
        heading: 'Service and parts',
        columns: 4,
        cards: [
          {
            title: 'Book a service',
            text: 'Factory-trained technicians.',
            icon: 'wrench',
            link: { label: 'Book now', href: '/service' },
          },
          {
            title: 'Genuine parts',
            image: { src: '/assets/models/ranger.svg', alt: 'Ranger with accessories' },
          },
        ],
      },
    });
    const region = screen.getByRole('region', { name: 'Service and parts' });
    const cards = within(region).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(cards[0].querySelector('svg[data-icon="wrench"]')).not.toBeNull();
    // The Ford demo site has an online service-booking key: /service links go to /ford-service.
    expect(within(cards[0]).getByRole('link', { name: 'Book now' }).getAttribute('href')).toBe(
      '/ford-service',
    );
    within(cards[1]).getByRole('img', { name: 'Ranger with accessories' });
    within(cards[1]).getByRole('heading', { level: 3, name: 'Genuine parts' });
    expect(
      (container.querySelector('.fc-cards-grid') as HTMLElement).style.getPropertyValue(
        '--fc-cards-columns',
      ),
    ).toBe('4');
  });

  it("asks for a card's uploaded photo at the ladder widths a card shows, with its colour while it loads", () => {
    const { container } = renderBlock<CardsGridProps>('cards-grid', CardsGrid, {
      props: { cards: [{ title: 'Showroom', image: { src: UPLOADED_PHOTO, alt: 'Showroom' } }] },
    });
    expectLadderPhoto(
      container.querySelector('.fc-cards-grid__image'),
      UPLOADED_PHOTO,
      CARDS_GRID_PHOTO,
    );
  });
});
