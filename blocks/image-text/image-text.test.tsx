import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ImageTextProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import { expectLadderPhoto, expectPlainPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import ImageText, { IMAGE_TEXT_PHOTO } from './index.tsx';

describe('image and text block', () => {
  it('shows the picture, heading, sanitised text and buttons', () => {
    const { container } = renderBlock<ImageTextProps>('image-text', ImageText, {
      props: {
        heading: 'Family owned since 1969',
        text: '<p>Three generations of the same family.</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
        image: { src: '/assets/models/everest.svg', alt: 'Our Southport showroom' },
        imagePosition: 'left',
        actions: [
          { label: 'Meet the team', href: '/about-us' },
          { label: 'Careers', href: '/careers' },
        ],
      },
    });
    screen.getByRole('heading', { level: 2, name: 'Family owned since 1969' });
    screen.getByRole('img', { name: 'Our Southport showroom' });
    const body = container.querySelector('.fc-image-text__body')!;
    expect(body.innerHTML).not.toContain('script');
    expect(body.innerHTML).not.toContain('javascript:');
    expect(container.querySelector('.fc-image-text--image-left')).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Meet the team' }).getAttribute('href')).toBe(
      '/about-us',
    );
    expect(screen.getByRole('link', { name: 'Careers' }).className).toContain(
      'fc-button--secondary',
    );
  });
});

describe('image and text picture', () => {
  const render = (src: string) =>
    renderBlock<ImageTextProps>('image-text', ImageText, {
      props: { heading: 'Our showroom', image: { src, alt: 'Showroom' }, imagePosition: 'left' },
    }).container.querySelector('.fc-image-text__image');

  it('asks for an uploaded photo at the ladder widths its layout shows, with its colour while it loads', () => {
    expectLadderPhoto(render(UPLOADED_PHOTO), UPLOADED_PHOTO, IMAGE_TEXT_PHOTO);
  });

  it('shows a drawing or an outside address as it is', () => {
    expectPlainPhoto(render('/assets/models/everest.svg'), '/assets/models/everest.svg');
    expectPlainPhoto(render('https://cdn.example.com/a.jpg'), 'https://cdn.example.com/a.jpg');
  });
});
