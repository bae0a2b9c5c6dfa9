import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENT_IDS } from '../_shared/analytics.ts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { readSuccess, storedValuation } from '../_forms/storage.ts';
import { parseKms, regoStates, tradeInDetailsRules } from '../_forms/TradeInFlow.tsx';
import { validate } from '../_forms/rules.ts';
import TradeIn from './index.tsx';
import SellMyCar from '../sell-my-car/index.tsx';
import { click, fillDetails, thisYear, toCarStep, type, valuation, valueCar } from './test-kit.tsx';

beforeEach(() => {
  localStorage.clear();
  window.dataLayer = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.dataLayer;
});

const summaryLinks = () =>
  within(screen.getByRole('group', { name: 'Please fix the following errors:' }))
    .getAllByRole('link')
    .map((l) => l.textContent);

describe('trade-in postcode (docs/forms.md, Regional rules)', () => {
  it('is required, exactly 4 digits, max length 4, numeric keypad, a plain text box', async () => {
    fakeApi();
    renderFormBlock('trade-in', TradeIn);
    const input = screen.getByLabelText(/^Postcode/) as HTMLInputElement;
    expect(input.maxLength).toBe(4);
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.type).toBe('text'); // never type=number: no thousands separator, no spinner
    click('Continue');
    expect(summaryLinks()).toContain('Invalid postcode. Please enter a 4-digit number.');
    type(/^Postcode/, '42a');
    click('Continue');
    expect(summaryLinks()).toContain('Invalid postcode. Please enter a 4-digit number.');
    expect(input.value).toBe('42a'); // kept as typed
    type(/^Postcode/, '4217');
    expect(summaryLinks()).not.toContain('Invalid postcode. Please enter a 4-digit number.');
  });

  it('is a 5-digit ZIP code on US sites', () => {
    fakeApi();
    renderFormBlock('trade-in', TradeIn, { site: 'lakeside-chevrolet' });
    const input = screen.getByLabelText(/^ZIP code/) as HTMLInputElement;
    expect(input.maxLength).toBe(5);
    type(/^ZIP code/, '5370');
    click('Continue');
    expect(summaryLinks()).toContain('Invalid ZIP code. Please enter a 5-digit number.');
  });

  it('rules as pure functions', () => {
    const values = {
      name: 'A',
      last_name: 'B',
      postcode: '0800',
      phone: '0412345678',
      email: 'a@b.co',
      PreferredContactMethod: 'SMS',
      finance: 'Yes',
    };
    expect(validate(tradeInDetailsRules('AU'), values)).toEqual([]);
    expect(validate(tradeInDetailsRules('AU'), { ...values, postcode: '800' })[0].message).toBe(
      'Invalid postcode. Please enter a 4-digit number.',
    );
    expect(
      validate(tradeInDetailsRules('NZ'), { ...values, phone: '021 123 4567', postcode: '1061' }),
    ).toEqual([]);
    expect(parseKms('85,000 km')).toBe(85000);
    expect(parseKms('lots')).toBeNaN();
    expect(regoStates('NZ')).toEqual(['NZ']);
    expect(regoStates('AU')).toContain('QLD');
    expect(regoStates('US')).toContain('WI');
  });
});

describe('trade-in flow', () => {
  it('lead → valuation with adjustments → rego lookup → offer accepted (event 18) → /success', async () => {
    const secret = 'lead-12-secret-from-the-api-0123456789ab';
    const api = fakeApi({
      'POST /leads': () => ({ status: 201, json: { lead_id: 12, lead_secret: secret } }),
      'POST /valuations': () => ({ status: 201, json: valuation({ offer_price: 19000 }) }),
      'POST /valuations/adjustments': (c) => ({
        json: valuation({ adjustmentAnswers: c.body.adjustmentAnswers }),
      }),
      'POST /rego-lookup': () => ({
        json: {
          rego: 'ABC123',
          regoState: 'QLD',
          vehicle: {
            year: thisYear - 3,
            make: 'Toyota',
            model: 'Corolla',
            body: 'Hatch',
            colour: 'White',
            vin: 'JTDKB0000000001',
          },
        },
      }),
      'POST /offers/accept': () => ({ json: { success: true, lead_id: 12 } }),
      'POST /miscellaneous': () => ({ json: { success: true, lead_id: 12 } }),
    });
    const view = renderFormBlock('trade-in', TradeIn, { route: '/cars/trade-in?car_id=555' });
    await fillDetails();
    await act(async () => click('Continue'));
    await screen.findByRole('heading', { name: /Step 2 of 4/ });
    const lead = api.posts('/leads')[0].body;
    expect(lead).toMatchObject({
      isLastStep: false,
      category: 'Trade-in',
      subcategory: '1. Lead Created',
      name: 'Sam',
      last_name: 'Taylor',
      postcode: '4217',
      PreferredContactMethod: 'Phone',
      finance: 'No',
    });

    type(/^Make/, 'Toyota');
    type(/^Model/, 'Corolla');
    type(/^Year/, String(thisYear - 3));
    type(/Odometer/, '45,000');
    fireEvent.click(screen.getByLabelText(/^Good: minor wear/));
    await act(async () => click('Value my car'));
    await screen.findByRole('heading', { name: /Step 3 of 4/ });
    expect(api.posts('/valuations')[0].body).toMatchObject({
      site: 'gold-coast-ford',
      lead_id: 12,
      lead_secret: secret,
      make: 'Toyota',
      model: 'Corolla',
      year: thisYear - 3,
      kms: 45000,
    });
    expect(api.posts('/valuations/adjustments')[0].body.adjustmentAnswers).toMatchObject({
      condition: 'good',
      accident_history: false,
      keys: 2,
    });
    expect(storedValuation('gold-coast-ford')).toMatchObject({ offer_price: 18000 });

    type(/Registration/, 'abc123');
    expect((screen.getByLabelText(/State/) as HTMLSelectElement).value).toBe('QLD');
    await act(async () => click('Find my car'));
    await screen.findByText(/White/);
    expect(api.posts('/rego-lookup')[0].body).toEqual({
      site: 'gold-coast-ford',
      rego: 'ABC123',
      regoState: 'QLD',
    });
    click('See my offer');
    await screen.findByRole('heading', { name: /Step 4 of 4/ });
    screen.getByText('$18,000');

    await act(async () => click('Accept offer'));
    await waitFor(() => expect(view.location()).toBe('/success'));
    expect(api.posts('/offers/accept')[0].body).toEqual({
      site: 'gold-coast-ford',
      lead_id: 12,
      lead_secret: secret,
      category: 'Trade-in',
      subcategory: '3. Offer Accepted',
      form_completed: true,
      offer_accepted: true,
      event_id: EVENT_IDS.offerAccepted,
    });
    expect(api.posts('/miscellaneous')[0].body).toMatchObject({
      site: 'gold-coast-ford',
      lead_id: 12,
      lead_secret: secret,
      column_name: 'valuation',
      value: { offer_price: 18000, rego: 'ABC123' },
    });
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({ event_id: EVENT_IDS.offerAccepted, lead_id: 12 }),
    );
    expect(readSuccess('gold-coast-ford')?.category).toBe('Trade-in Offer Accepted');
  });

  it('older than 7 years or over 100,000 km: no online estimate, we call', async () => {
    const api = fakeApi({
      'POST /leads': () => ({ status: 201, json: { lead_id: 13 } }),
      'POST /valuations': () => ({
        status: 201,
        json: valuation({ eligible: false, estimate: null, offer_price: null, reason: 'too old' }),
      }),
      'POST /miscellaneous': () => ({ json: { success: true } }),
    });
    renderFormBlock('sell-my-car', SellMyCar);
    await fillDetails();
    await act(async () => click('Continue'));
    await screen.findByRole('heading', { name: /Step 2 of 4/ });
    expect(api.posts('/leads')[0].body.category).toBe('Sell My Car');
    type(/^Make/, 'Holden');
    type(/^Model/, 'Commodore');
    type(/^Year/, String(thisYear - 12));
    type(/Odometer/, '180000');
    // The condition questions go: there is no online estimate to adjust.
    expect(screen.queryByLabelText(/^Good: minor wear/)).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/can't be valued online/);
    await act(async () => click('Value my car'));
    await screen.findByRole('heading', { name: "We'll call you with an offer" });
    expect(api.posts('/valuations/adjustments')).toHaveLength(0);
    expect(api.posts('/miscellaneous')).toHaveLength(1);
  });

  it('keeps what was typed when the lead fails', async () => {
    fakeApi({
      'POST /leads': () => ({
        status: 500,
        json: { error: 'Your enquiry could not be saved. Please try again.' },
      }),
    });
    renderFormBlock('trade-in', TradeIn);
    await fillDetails();
    await act(async () => click('Continue'));
    await screen.findByText('Your enquiry could not be saved. Please try again.');
    expect((screen.getByLabelText(/Last Name/) as HTMLInputElement).value).toBe('Taylor');
    screen.getByRole('heading', { name: /Step 1 of 4/ });
  });

  it('a registration that is not found can be skipped', async () => {
    fakeApi({
      'POST /leads': () => ({ status: 201, json: { lead_id: 12 } }),
      'POST /valuations': () => ({ status: 201, json: valuation() }),
      'POST /valuations/adjustments': () => ({ json: valuation() }),
      'POST /rego-lookup': () => ({
        status: 404,
        json: { error: "We couldn't find a vehicle with that registration." },
      }),
    });
    renderFormBlock('trade-in', TradeIn);
    await toCarStep();
    await valueCar({
      make: 'Toyota',
      model: 'Corolla',
      year: thisYear - 2,
      odometer: '20000',
      condition: /^Excellent/,
    });
    type(/Registration/, 'ZZZ999');
    await act(async () => click('Find my car'));
    await waitFor(() =>
      expect(summaryLinks()).toEqual(["We couldn't find a vehicle with that registration."]),
    );
    click('Continue without a registration match');
    await screen.findByRole('heading', { name: /Step 4 of 4/ });
  });
});
