import { describe, expect, it } from 'vitest';
import { termsRule } from '../_forms/common.tsx';
import { errorsAt, expectLeadTable } from '../_forms/test-lead-machine.ts';
import { MAX_QUANTITY, partsRequestMachine, quantity, vehicleYear, vin } from './machine.ts';

const request = {
  'Vehicle Make': 'Ford',
  'Vehicle Model': 'Ranger',
  'Vehicle Year': '2019',
  vin: '',
  part: 'front brake pads',
  quantity: '2',
  location_id: '3',
  name: 'Sam',
  email: 'sam@example.com',
  phone: '0412 345 678',
  message: '',
  terms_conditions: true,
};
const context = { region: 'AU' as const, askCounter: true, consents: [termsRule] };

describe('the parts request table', () => {
  it('is one row whose submit sends, through every outcome', () => {
    expect(partsRequestMachine.steps).toHaveLength(1);
    expect(expectLeadTable(partsRequestMachine, context, request)).toEqual({
      step: 0,
      phase: 'editing',
    });
    expectLeadTable(
      partsRequestMachine,
      { ...context, askCounter: false, consents: [] },
      {
        ...request,
        location_id: '',
      },
    );
  });

  it('asks for the vehicle, the part and the counter (when there are several), then the consents', () => {
    const state = partsRequestMachine.initial;
    expect(errorsAt(partsRequestMachine, state, context, {})).toEqual([
      'Vehicle Make',
      'Vehicle Model',
      'Vehicle Year',
      'part',
      'quantity',
      'location_id',
      'name',
      'email',
      'phone',
      'terms_conditions',
    ]);
    const oneCounter = { ...context, askCounter: false, consents: [] };
    expect(
      errorsAt(partsRequestMachine, state, oneCounter, { ...request, location_id: '' }),
    ).toEqual([]);
  });

  it('takes a year from 1950 to next year, a VIN of 17 without I, O or Q, and 1 to 99 of a part', () => {
    const now = () => new Date('2025-06-01T00:00:00Z');
    expect(vehicleYear(now)('2026', {})).toBeUndefined();
    expect(vehicleYear(now)('2027', {})).toBe('Please enter a year from 1950 to 2026.');
    expect(vin('1FTFW1E50MFA12345', {})).toBeUndefined();
    expect(vin('1FTFW1E50MFA1234O', {})).toBeDefined();
    expect(quantity(String(MAX_QUANTITY), {})).toBeUndefined();
    expect(quantity('0', {})).toBeDefined();
  });
});
