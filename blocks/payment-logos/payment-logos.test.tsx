import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { PaymentLogosProps } from '../../schemas/resolved.gen.ts';
import { renderBlock } from '../_shared/test-utils.tsx';
import PaymentLogos from './index.tsx';

describe('payment logos block', () => {
  it('shows "We accept" with the five payment marks by default', () => {
    renderBlock<PaymentLogosProps>('payment-logos', PaymentLogos, { props: {} });
    const region = screen.getByRole('region', { name: 'We accept' });
    const logos = within(region).getAllByRole('img');
    expect(logos.map((img) => img.getAttribute('alt'))).toEqual([
      'Mastercard',
      'Visa',
      'Maestro',
      'Google Pay',
      'Apple Pay',
    ]);
    expect(logos.map((img) => img.getAttribute('src'))).toEqual([
      '/assets/payment/mastercard.svg',
      '/assets/payment/visa.svg',
      '/assets/payment/maestro.svg',
      '/assets/payment/google-pay.svg',
      '/assets/payment/apple-pay.svg',
    ]);
    for (const img of logos) expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
  });

  it('shows only the chosen methods', () => {
    renderBlock<PaymentLogosProps>('payment-logos', PaymentLogos, {
      props: { logos: ['visa', 'apple-pay'], heading: 'Pay with' },
    });
    expect(
      within(screen.getByRole('region', { name: 'Pay with' }))
        .getAllByRole('img')
        .map((i) => i.getAttribute('alt')),
    ).toEqual(['Visa', 'Apple Pay']);
  });
});
