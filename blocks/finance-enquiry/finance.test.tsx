import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, renderFormBlock } from '../_forms/test-helpers.tsx';
import { financeHref, financeQuery } from '../_forms/links.ts';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { EVENT_IDS } from '../_shared/analytics.ts';
import FinanceEnquiry from './index.tsx';
import ApplyForFinance from '../apply-for-finance/index.tsx';
import FinanceCalculator from '../finance-calculator/index.tsx';
import PersonalisedFinance from '../personalised-finance/index.tsx';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('finance links', () => {
  it("go to the site's finance page with the query and #finance-form", () => {
    const { site } = prepareDemoSite(); // Ford template: /finance-enquiry
    expect(
      financeHref(site, {
        car_id: 12,
        car_type: 'used',
        vehiclePriceBudget: 25990.4,
        preferredDealership: 'nerang-ford',
      }),
    ).toBe(
      '/finance-enquiry?preferredDealership=nerang-ford&vehiclePriceBudget=25990&car_id=12&car_type=used#finance-form',
    );
    expect(financeHref(prepareDemoSite({ site: 'southern-motor-group' }).site)).toBe(
      '/apply-for-finance#finance-form',
    );
    expect(financeHref(prepareDemoSite({ site: 'kiwi-car-yard' }).site, {})).toBe(
      '/finance#finance-form',
    );
  });

  it('read the query, ignoring what is not the site’s', () => {
    const dealers = [{ slug: 'nerang-ford' }];
    expect(
      financeQuery(
        '?preferredDealership=nerang-ford&vehiclePriceBudget=%2430%2C000&car_id=55&car_type=demo',
        dealers,
      ),
    ).toEqual({
      preferredDealership: 'nerang-ford',
      vehiclePriceBudget: 30000,
      car_id: '55',
      car_type: 'demo',
    });
    expect(
      financeQuery(
        '?preferredDealership=elsewhere&vehiclePriceBudget=lots&car_id=<x>&car_type=boat',
        dealers,
      ),
    ).toEqual({
      preferredDealership: undefined,
      vehiclePriceBudget: undefined,
      car_id: undefined,
      car_type: undefined,
    });
  });
});

describe('finance enquiry', () => {
  it('starts from the query and is the #finance-form anchor', async () => {
    fakeApi({
      'GET /cars/55': () => ({
        json: {
          id: 55,
          name: '2022 Ford Everest Trend',
          car_type: 'used',
          price: 61990,
          dealership_id: 12,
          dealership_slug: 'nerang-ford',
        },
      }),
    });
    renderFormBlock('finance-enquiry', FinanceEnquiry, {
      route:
        '/finance-enquiry?preferredDealership=nerang-ford&vehiclePriceBudget=45000&car_id=55&car_type=used',
    });
    expect(document.getElementById('finance-form')).toBeTruthy();
    expect((screen.getByLabelText(/Vehicle price or budget/) as HTMLInputElement).value).toBe(
      '45000',
    );
    await screen.findByText('2022 Ford Everest Trend');
  });

  it('sends a Finance Enquiry lead with the dealership and budget', async () => {
    const api = fakeApi({ 'POST /leads': () => ({ status: 201, json: { lead_id: 4 } }) });
    const view = renderFormBlock('finance-enquiry', FinanceEnquiry, {
      route: '/finance?preferredDealership=nerang-ford&vehiclePriceBudget=45000',
    });
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    expect((screen.getByLabelText(/Preferred dealership/) as HTMLSelectElement).value).toBe(
      'nerang-ford',
    );
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412345678');
    type(/Security question/, '12');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send finance enquiry' })),
    );
    await waitFor(() => expect(view.location()).toBe('/success'));
    expect(api.posts('/leads')[0].body).toMatchObject({
      category: 'Finance Enquiry',
      preferredDealership: 'nerang-ford',
      vehiclePriceBudget: 45000,
    });
  });
});

describe('apply for finance', () => {
  it('asks employment, income and living situation, with the terms on sites that need them', async () => {
    fakeApi();
    renderFormBlock('apply-for-finance', ApplyForFinance, { site: 'southern-motor-group' });
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    const links = within(screen.getByRole('group', { name: 'Please fix the following errors:' }))
      .getAllByRole('link')
      .map((l) => l.textContent);
    expect(links).toEqual(
      expect.arrayContaining([
        'Please enter your last name.',
        'Please select a dealership.',
        'Please enter the vehicle price or your budget.',
        'Please select your employment status.',
        'Please enter your yearly income before tax.',
        'Please select your living situation.',
        'You must agree to the terms of use before submitting.',
      ]),
    );
  });
});

describe('finance calculator', () => {
  it('starts at the site rate (10) and shows a weekly repayment in whole dollars', () => {
    fakeApi();
    renderFormBlock('finance-calculator', FinanceCalculator);
    expect((screen.getByLabelText(/Interest rate/) as HTMLInputElement).value).toBe('10');
    expect((screen.getByLabelText(/Vehicle price/) as HTMLInputElement).value).toBe('30000');
    screen.getByText('$147'); // 30,000 over 5 years at 10%
    screen.getByText(/Comparison rate based on a secured loan of \$30,000 over 5 years/);
    screen.getByText(/Offer ends/);
    expect(screen.getByRole('link', { name: 'Get Pre-Approved Now' }).getAttribute('href')).toMatch(
      /^\/finance-enquiry\?vehiclePriceBudget=30000#finance-form$/,
    );
  });

  it('8.5 on the dealer group that sets it; Taurus starts with a 10% deposit', () => {
    fakeApi();
    renderFormBlock('finance-calculator', FinanceCalculator, {
      site: 'southern-motor-group',
      props: { provider: 'taurus', price: 40000 },
    });
    expect((screen.getByLabelText(/Interest rate/) as HTMLInputElement).value).toBe('8.5');
    expect((screen.getByLabelText(/Deposit/) as HTMLInputElement).value).toBe('4000');
  });

  it('explains bad input instead of showing a number', () => {
    fakeApi();
    renderFormBlock('finance-calculator', FinanceCalculator);
    type(/Deposit/, '40000');
    screen.getByText('The deposit must be less than the price.');
    screen.getByText('Enter the price, deposit and rate to see your repayments.');
    type(/Deposit/, '$5,000');
    expect(screen.queryByText('The deposit must be less than the price.')).toBeNull();
  });
});

describe('personalised finance', () => {
  it("sets the calculator to the car's price and sends the quote with the enquiry", async () => {
    const api = fakeApi({
      'GET /cars/77': () => ({
        json: {
          id: 77,
          name: '2023 Ford Ranger XLT',
          car_type: 'new',
          price: 62000,
          dealership_id: 11,
          dealership_slug: 'gold-coast-ford',
        },
      }),
      'POST /leads': () => ({ status: 201, json: { lead_id: 8 } }),
    });
    const view = renderFormBlock('personalised-finance', PersonalisedFinance, {
      route: '/personalised/finance?car_id=77',
    });
    await screen.findByText('2023 Ford Ranger XLT');
    await waitFor(() =>
      expect((screen.getByLabelText(/^Vehicle price$/) as HTMLInputElement).value).toBe('62000'),
    );
    await waitFor(() => screen.getByLabelText(/Security question: What is/));
    type(/First name/, 'Sam');
    type(/^Email/, 'sam@example.com');
    type(/Phone number/, '0412345678');
    type(/Security question/, '12');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Send me this quote' })),
    );
    await waitFor(() => expect(view.location()).toBe('/success'));
    expect(api.posts('/leads')[0].body).toMatchObject({
      category: 'Personalised Finance',
      car_id: 77,
      // A finance lead on a new car carries the car's enquiry event id (docs/forms.md, "Analytics").
      event_id: EVENT_IDS.newEnquiry,
      finance_quote: { price: 62000, deposit: 0, termYears: 5, interestRate: 10 },
    });
  });
});
