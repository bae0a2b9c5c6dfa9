/** The steps of the trade-in form as a visitor takes them, shared by this block's tests. */
import { act, fireEvent, screen } from '@testing-library/react';

export const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
export const click = (name: string | RegExp) =>
  fireEvent.click(screen.getByRole('button', { name }));

export const thisYear = new Date().getFullYear();

/** A valuation as the API answers it: a three-year-old Corolla, eligible, offered $18,000. */
export const valuation = (over: Record<string, unknown> = {}) => ({
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
  ...over,
});

/** Step 1, filled in (not sent). */
export async function fillDetails(postcode = '4217') {
  await screen.findByLabelText(/Security question: What is/);
  type(/First Name/, 'Sam');
  type(/Last Name/, 'Taylor');
  type(/^Postcode|^ZIP code/, postcode);
  type(/Mobile Number/, '0412 345 678');
  fireEvent.change(screen.getByRole('textbox', { name: /^Email/ }), {
    target: { value: 'sam@example.com' },
  });
  fireEvent.click(screen.getByLabelText('No'));
  type(/Security question/, '12');
}

/** Step 1 filled and sent: the form shows step 2 (the car). */
export async function toCarStep() {
  await fillDetails();
  await act(async () => click('Continue'));
  await screen.findByRole('heading', { name: /Step 2 of 4/ });
}

/** Step 2 filled with a car and its condition, and valued: the form shows step 3 (the registration). */
export async function valueCar(car: {
  make: string;
  model: string;
  year: number;
  odometer: string;
  condition: RegExp;
}) {
  type(/^Make/, car.make);
  type(/^Model/, car.model);
  type(/^Year/, String(car.year));
  type(/Odometer/, car.odometer);
  fireEvent.click(screen.getByLabelText(car.condition));
  await act(async () => click('Value my car'));
  await screen.findByRole('heading', { name: /Step 3 of 4/ });
}
