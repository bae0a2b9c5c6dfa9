import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import TradeIn from './index.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string | RegExp) => fireEvent.click(screen.getByRole('button', { name }));
/** The alert that names the found car (the form has its own alert region too). */
const mismatchAlert = () => screen.queryAllByRole('alert').find((el) => el.textContent?.includes('This registration is for a'));
const thisYear = new Date().getFullYear();
const valuation = {
  id: '3f2b8f0e-1d4c-4a7b-9a51-0c7d2e4b5a61',
  site: 'gold-coast-ford',
  lead_id: 12,
  vehicle: { make: 'Toyota', model: 'Corolla', year: thisYear - 3, kms: 45000 },
  eligible: true,
  estimate: { low: 17100, high: 18900 },
  offer_price: 18000,
  adjustmentAnswers: {},
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
};

async function toRegoStep() {
  fakeApi({
    'POST /leads': () => ({ status: 201, json: { lead_id: 12 } }),
    'POST /valuations': () => ({ status: 201, json: valuation }),
    'POST /valuations/adjustments': () => ({ json: valuation }),
    'POST /rego-lookup': () => ({
      json: { rego: 'ABC123', regoState: 'QLD', vehicle: { year: 2019, make: 'Mazda', model: 'CX-5', body: 'SUV', colour: 'Red', vin: 'JM0000000000001' } },
    }),
  });
  renderFormBlock('trade-in', TradeIn);
  await screen.findByLabelText(/Security question: What is/);
  type(/First Name/, 'Sam');
  type(/Last Name/, 'Taylor');
  type(/^Postcode/, '4217');
  type(/Mobile Number/, '0412 345 678');
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), { target: { value: 'sam@example.com' } });
  fireEvent.click(screen.getByLabelText('No'));
  type(/Security question/, '12');
  await act(async () => click('Continue'));
  await screen.findByRole('heading', { name: /Step 2 of 4/ });
  type(/^Make/, 'Toyota');
  type(/^Model/, 'Corolla');
  type(/^Year/, String(thisYear - 3));
  type(/Odometer/, '45,000');
  fireEvent.click(screen.getByLabelText(/^Good: minor wear/));
  await act(async () => click('Value my car'));
  await screen.findByRole('heading', { name: /Step 3 of 4/ });
  type(/Registration/, 'abc123');
  await act(async () => click('Find my car'));
}

describe('the registration finds a different car (docs/forms.md, "Trade-in and sell my car")', () => {
  it('says so, naming both cars, and asks to confirm before the offer', async () => {
    await toRegoStep();
    await waitFor(() => expect(mismatchAlert()).toBeDefined());
    const alert = mismatchAlert()!;
    expect(alert.textContent).toContain('This registration is for a 2019 Mazda CX-5, not the');
    expect(alert.textContent).toContain(`${thisYear - 3} Toyota Corolla`);
    expect(screen.queryByRole('button', { name: 'See my offer' })).toBeNull();
    click('Yes, this is my car');
    await screen.findByRole('heading', { name: /Step 4 of 4/ });
  }, 60_000);

  it('"No, correct the registration" forgets the car and returns to the field', async () => {
    await toRegoStep();
    await waitFor(() => expect(mismatchAlert()).toBeDefined());
    click('No, correct the registration');
    await waitFor(() => expect(mismatchAlert()).toBeUndefined());
    expect(document.activeElement).toBe(screen.getByLabelText(/Registration/));
    screen.getByRole('button', { name: 'Find my car' });
  }, 60_000);
});
