import { describe, expect, it } from 'vitest';
import { termsRule } from '../common.tsx';
import { errorsAt, expectLeadTable } from '../test-lead-machine.ts';
import { financeQuote } from './calls.ts';
import { dollars, financeMachine, type FinanceContext } from './machine.ts';

const enquiry: FinanceContext = {
  region: 'AU',
  application: false,
  askDealership: false,
  consents: [],
};
const application: FinanceContext = {
  region: 'US',
  application: true,
  askDealership: true,
  consents: [termsRule],
};
const visitor = { name: 'Sam', email: 'sam@example.com', phone: '0412 345 678' };
const applicant = {
  ...visitor,
  last_name: 'Taylor',
  phone: '(608) 555-0134',
  preferredDealership: 'gold-coast-ford',
  vehiclePriceBudget: '$30,000',
  employment: 'Full-time',
  income: '85,000',
  residential: 'Renting',
  terms_conditions: true,
};

describe('the finance table', () => {
  it('is one row whose submit sends, for the enquiry and the application, through every outcome', () => {
    expect(financeMachine.steps).toHaveLength(1);
    expectLeadTable(financeMachine, enquiry, visitor);
    expectLeadTable(financeMachine, application, applicant);
  });

  it('the enquiry asks only the contact details; the application its answers, the dealership and the terms too', () => {
    expect(errorsAt(financeMachine, financeMachine.initial, enquiry, {})).toEqual([
      'name',
      'email',
      'phone',
    ]);
    expect(errorsAt(financeMachine, financeMachine.initial, application, {})).toEqual([
      'name',
      'last_name',
      'email',
      'phone',
      'preferredDealership',
      'vehiclePriceBudget',
      'employment',
      'income',
      'residential',
      'terms_conditions',
    ]);
    expect(
      errorsAt(financeMachine, financeMachine.initial, enquiry, {
        ...visitor,
        vehiclePriceBudget: 'lots',
      }),
    ).toEqual(['vehiclePriceBudget']);
  });

  it('takes dollars with $ and commas, and sends the quote in whole dollars', () => {
    expect(dollars('The budget')('$30,000', {})).toBeUndefined();
    expect(dollars('The budget')('', {})).toBeUndefined();
    expect(dollars('The budget')('thirty', {})).toBe(
      'Please enter the budget in dollars, e.g. 30,000.',
    );
    expect(
      financeQuote({ price: 30000.4, deposit: 2999.6, years: 5, rate: 8.456, weekly: 123.5 }),
    ).toEqual({ price: 30000, deposit: 3000, termYears: 5, interestRate: 8.46, paymentWeek: 124 });
  });
});
