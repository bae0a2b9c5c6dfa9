import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_IDS } from '../_shared/analytics.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { futureDateTime } from '../_forms/enquiry/machine.ts';
import TestDrive from './index.tsx';
import RequestPhotos from '../request-photos/index.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

function localInput(d: Date) {
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

describe('test drive form (booking date-time and message optional)', () => {
  it('books without a date or message; the car in ?car_id= gives event 48 for a used car', async () => {
    window.dataLayer = [];
    const api = fakeApi({
      'GET /cars/90': () => ({
        json: {
          id: 90,
          name: '2019 Mazda CX-5 Maxx',
          car_type: 'used',
          dealership_id: 22,
          dealership_slug: 'southern-mazda',
        },
      }),
      'POST /leads': () => ({ status: 201, json: { lead_id: 2 } }),
    });
    const view = renderFormBlock('test-drive-form', TestDrive, {
      site: 'southern-motor-group',
      route: '/book-test-drive?car_id=90',
    });
    await screen.findByText('2019 Mazda CX-5 Maxx');
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    expect(
      screen.getByLabelText(/Preferred date and time/).closest('.fc-field')!.textContent,
    ).toContain('(optional)');
    expect(screen.getByLabelText(/^Message/).closest('.fc-field')!.textContent).toContain(
      '(optional)',
    );
    expect(screen.queryByLabelText(/Dealership/)).toBeNull();
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412345678');
    fireEvent.click(screen.getByLabelText(/I agree to the/));
    type(/Security question/, '12');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Book test drive' })));
    await waitFor(() => expect(view.location()).toBe('/success'));
    const body = api.posts('/leads')[0].body;
    expect(body).toMatchObject({
      category: 'Test Drive',
      car_id: 90,
      dealership_slug: 'southern-mazda',
      terms_conditions: true,
    });
    expect(body).not.toHaveProperty('booking_datetime');
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event_id: EVENT_IDS.testDriveUsed }),
    );
  });

  it('a chosen time must be in the future', () => {
    fakeApi();
    renderFormBlock('test-drive-form', TestDrive, { props: { carFromQuery: false } });
    type(/Preferred date and time/, localInput(new Date(Date.now() - 86_400_000)));
    fireEvent.click(screen.getByRole('button', { name: 'Book test drive' }));
    const summary = screen.getByRole('group', { name: 'Please fix the following errors:' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toContain('Please choose a date and time in the future.');
    expect(futureDateTime(localInput(new Date(Date.now() + 86_400_000)), {})).toBeUndefined();
    expect(futureDateTime('', {})).toBeUndefined();
  });
});

describe('request photos (everything but the contact details optional)', () => {
  it('sends a Request Photos lead with an empty message', async () => {
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 6 } }) });
    const view = renderFormBlock('request-photos', RequestPhotos, { site: 'kiwi-car-yard' });
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    expect(screen.queryByLabelText(/keep me up to date/)).toBeNull();
    type(/First name/, 'Aroha');
    type(/^Email/, 'aroha@example.co.nz');
    type(/Phone number/, '021 123 4567');
    type(/Security question/, '12');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Request photos' })));
    await waitFor(() => expect(view.location()).toBe('/success'));
    expect(api.posts('/leads')[0].body).toMatchObject({
      category: 'Request Photos',
      site: 'kiwi-car-yard',
    });
  });
});
