/**
 * The Reserve Online form (docs/forms.md, "Reserve online"): the signed-in buyer's mobile is
 * filled in, the message is optional, the request goes to POST /api/reservations with the
 * car and the analytics event id, the success page is told about the hold, and a car
 * reserved meanwhile is said to be reserved.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALREADY_RESERVED, RESERVATION_CATEGORY } from '../../engine/api/reservations/terms.ts';
import type { BlockDefinition } from '../../engine/render/block.ts';
import { writeSession } from '../../engine/render/visitor.ts';
import { createValidators } from '../../engine/api/validation.ts';
import { car } from '../_cars/test-cars.ts';
import { toSummary } from '../_forms/car.ts';
import { readSuccess } from '../_forms/storage.ts';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { EVENT_IDS } from '../_shared/analytics.ts';
import { ReservationForm } from './ReservationForm.tsx';

const SITE = 'gold-coast-ford';
const reserved = {
  car_id: 1001,
  stock_number: 'SMU10001',
  created_at: '2026-06-15T12:00:00.000Z',
  held_until: '2026-06-17T12:00:00.000Z',
  released_at: null,
};
const deposit = {
  amount: 200,
  currency: 'AUD',
  provider: 'pay-at-dealership',
  status: 'pay_at_dealership',
  reference: null,
  instructions:
    'No card has been charged. Please pay the $200 refundable deposit at the dealership.',
};

const Form: BlockDefinition<unknown> = {
  component: () => (
    <ReservationForm
      car={toSummary(car())}
      formId="checkout"
      submitLabel="Reserve with a $200 deposit"
    />
  ),
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fill() {
  await screen.findByLabelText(/Security question: What is 7 \+ 5\?/);
  type(/First name/, 'Sam');
  type(/^Email/, 'sam@example.com');
  type(/Security question/, '12');
}

describe('ReservationForm', () => {
  it("fills in the signed-in buyer's mobile, asks no message, reserves, and tells the success page about the hold", async () => {
    writeSession(SITE, {
      phone_number: '0412345678',
      site: SITE,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const api = fakeApi({
      'POST /reservations': () => ({
        status: 201,
        json: { lead_id: 12, reservation: { ...reserved, deposit } },
      }),
    });
    const view = renderFormBlock('car-checkout', Form, { site: SITE });
    await waitFor(() =>
      expect((screen.getByLabelText(/Phone number/) as HTMLInputElement).value).toBe(
        '0412 345 678',
      ),
    );
    const message = screen.getByLabelText(/^Message/);
    expect(
      message.hasAttribute('required') || message.getAttribute('aria-required') === 'true',
    ).toBe(false);
    expect(document.querySelector(`label[for="${message.id}"]`)?.textContent).toContain(
      '(optional)',
    );

    await fill();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Reserve with a $200 deposit' })),
    );
    await waitFor(() => expect(view.location()).toBe('/success'));

    const [sent] = api.posts('/reservations');
    expect(sent.body).toMatchObject({
      site: SITE,
      car_id: 1001,
      name: 'Sam',
      email: 'sam@example.com',
      phone: '0412 345 678',
      event_id: EVENT_IDS.usedEnquiry,
    });
    expect(sent.body).not.toHaveProperty('message');
    expect(api.posts('/leads')).toEqual([]);
    expect(createValidators().check('reservation-request', sent.body)).toEqual([]);
    expect(readSuccess(SITE)).toMatchObject({
      category: RESERVATION_CATEGORY,
      lead_id: 12,
      held_until: reserved.held_until,
      time_zone: 'Australia/Brisbane',
      deposit_instructions: deposit.instructions,
    });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({
        event: 'lead_submitted',
        event_id: EVENT_IDS.usedEnquiry,
        category: RESERVATION_CATEGORY,
      }),
    );
  });

  it('says the car is already reserved when the API answers 409, keeping what was typed', async () => {
    fakeApi({ 'POST /reservations': () => ({ status: 409, json: { error: ALREADY_RESERVED } }) });
    const view = renderFormBlock('car-checkout', Form, { site: SITE });
    await fill();
    type(/Phone number/, '0412 345 678');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Reserve with a $200 deposit' })),
    );
    const alert = await screen.findByText(ALREADY_RESERVED);
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    expect(ALREADY_RESERVED).toMatch(/already reserved/);
    expect(view.location()).toBe('/');
    expect((screen.getByLabelText(/First name/) as HTMLInputElement).value).toBe('Sam');
  });
});
