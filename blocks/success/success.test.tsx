import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { renderFormBlock } from '../_forms/test-helpers.tsx';
import { STORAGE_KEYS, readSuccess, storeSuccess } from '../_forms/storage.ts';
import { RESERVATION_CATEGORY } from '../../engine/api/reservations/terms.ts';
import Success, { reservationLines, successLine } from './index.tsx';

afterEach(() => localStorage.clear());

describe('success page block', () => {
  it('thanks the visitor for what they sent (read from local storage)', async () => {
    storeSuccess('gold-coast-ford', {
      category: 'Test Drive',
      lead_id: 4,
      car_name: '2021 Ford Ranger XLT',
    });
    renderFormBlock('success', Success);
    screen.getByRole('heading', { level: 1, name: 'Thank you' });
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your test drive request for the 2021 Ford Ranger XLT has been sent.',
      ),
    );
    expect(screen.getByRole('status').getAttribute('data-category')).toBe('Test Drive');
    expect(screen.getByRole('link', { name: 'Browse our stock' }).getAttribute('href')).toBe(
      '/search/new-used-and-demo-cars',
    );
  });

  it('shows the general thanks without a flag, or with a stale or broken one', async () => {
    localStorage.setItem(STORAGE_KEYS.success('gold-coast-ford'), '{not json');
    renderFormBlock('success', Success);
    expect(screen.getByRole('status').textContent).toBe('');
    screen.getByText("We've received your details and one of our team will be in touch shortly.");
    storeSuccess(
      'gold-coast-ford',
      { category: 'General Enquiry' },
      new Date(Date.now() - 2 * 86_400_000),
    );
    expect(readSuccess('gold-coast-ford')).toBeUndefined();
  });

  it('words each category', () => {
    expect(successLine({ category: 'General Enquiry' })).toBe('Your enquiry has been sent.');
    expect(successLine({ category: 'Used Car Enquiry', car_name: 'Mazda CX-5' })).toBe(
      'Your enquiry about the Mazda CX-5 has been sent.',
    );
    expect(successLine({ category: 'Trade-in Offer Accepted' })).toMatch(/accepted our offer/);
    expect(successLine({ category: 'Sell My Car' })).toMatch(/valuation/);
    expect(successLine({ category: 'Finance Application' })).toBe(
      'Your finance application has been sent.',
    );
    expect(successLine({ category: 'Personalised Finance' })).toBe(
      'Your finance enquiry has been sent.',
    );
    expect(successLine({ category: 'Request Photos' })).toBe(
      'Your request for more photos has been sent.',
    );
  });

  it('a reservation says reservation, until when the car is held and how the deposit is paid', async () => {
    const instructions =
      'No card has been charged. Please pay the $200 refundable deposit at the dealership.';
    storeSuccess('gold-coast-ford', {
      category: RESERVATION_CATEGORY,
      lead_id: 7,
      car_name: '2021 Ford Ranger XLT',
      held_until: '2026-06-17T02:00:00.000Z',
      deposit_instructions: instructions,
    });
    renderFormBlock('success', Success);
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Your reservation of the 2021 Ford Ranger XLT has been received.',
      ),
    );
    expect(document.body.textContent).not.toMatch(/enquiry/i);
    screen.getByText(instructions);
    screen.getByText(/^We're holding the car for you until .*17 June/);
  });

  it("words the hold in the site's locale, and only for a reservation", () => {
    const flag = {
      category: RESERVATION_CATEGORY,
      held_until: '2026-06-17T14:30:00.000Z',
      deposit_instructions: 'Pay at the dealership.',
    };
    expect(reservationLines(flag, 'en-US')[0]).toMatch(
      /until Wednesday, June 1[78] at \d{1,2}:30 [AP]M\.$/,
    );
    expect(reservationLines(flag, 'en-AU')[1]).toBe('Pay at the dealership.');
    expect(reservationLines({ ...flag, category: 'Used Car Enquiry' }, 'en-AU')).toEqual([]);
  });

  it("tells the hold's end at the dealer's hour, its zone named, whatever the visitor's own zone", () => {
    const flag = { category: RESERVATION_CATEGORY, held_until: '2026-06-17T14:30:00.000Z' };
    // 14:30 UTC is 00:30 the next day in Brisbane (UTC+10, no daylight saving) and 02:30 in Auckland (UTC+12 in June).
    expect(reservationLines({ ...flag, time_zone: 'Australia/Brisbane' }, 'en-AU')[0]).toBe(
      "We're holding the car for you until Thursday 18 June at 12:30 am AEST.",
    );
    expect(reservationLines({ ...flag, time_zone: 'Pacific/Auckland' }, 'en-NZ')[0]).toMatch(
      /until Thursday(,)? 18 June at 2:30 am NZST\.$/,
    );
    expect(reservationLines({ ...flag, time_zone: 'America/Chicago' }, 'en-US')[0]).toBe(
      "We're holding the car for you until Wednesday, June 17 at 9:30 AM CDT.",
    );
    // A zone the browser does not know falls back to its own clock, never to nothing.
    expect(reservationLines({ ...flag, time_zone: 'Mars/Olympus' }, 'en-US')[0]).toMatch(
      /until Wednesday, June 1[78] at \d{1,2}:30 [AP]M\.$/,
    );
  });
});
