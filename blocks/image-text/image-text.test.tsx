import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ImageTextProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import ImageText from './index.tsx';

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
