import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CallToActionProps } from '../../schemas/resolved.gen.ts';
import { prepareDemoSite, renderBlock } from '../_shared/test-utils.tsx';
import CallToAction from './index.tsx';

describe('call to action block', () => {
  it('shows the heading, text and buttons', () => {
    renderBlock<CallToActionProps>('call-to-action', CallToAction, {
      props: {
        heading: 'Due for a service?',
        text: 'Book online in two minutes.',
        actions: [
          { label: 'Book a service', href: '/service#service-booking' },
          { label: 'Call 07 5555 0111', href: 'tel:0755550111' },
        ],
        tone: 'dark',
      },
    });
    expect(screen.getByRole('region', { name: 'Due for a service?' }).className).toContain(
      'fc-cta--dark',
    );
    // The Ford demo site has an online service-booking key: /service links go to /ford-service.
    expect(screen.getByRole('link', { name: 'Book a service' }).getAttribute('href')).toBe(
      '/ford-service#service-booking',
    );
    expect(screen.getByRole('link', { name: 'Call 07 5555 0111' }).getAttribute('href')).toBe(
      'tel:0755550111',
    );
  });

  it('refuses unsafe links in the document', () => {
    expect(() =>
      prepareDemoSite({
        blocks: [
          {
            type: 'call-to-action',
            id: 'c',
            props: { heading: 'X', actions: [{ label: 'Y', href: 'javascript:alert(1)' }] },
          },
        ] as never,
      }),
    ).toThrow(/href/);
  });
});
