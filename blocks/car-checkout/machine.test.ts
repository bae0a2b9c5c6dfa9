import { describe, expect, it } from 'vitest';
import { leadRequest_message_maxLength } from '../../schemas/api-limits.gen.ts';
import { termsRule } from '../_forms/common.tsx';
import { errorsAt, expectLeadTable } from '../_forms/test-lead-machine.ts';
import { reservationMachine } from './machine.ts';

const buyer = { name: 'Sam', email: 'sam@example.com', phone: '0412 345 678' };

describe('the Reserve Online table', () => {
  it('is one row whose submit sends the reservation, through every outcome', () => {
    expect(reservationMachine.steps).toHaveLength(1);
    expectLeadTable(reservationMachine, { region: 'AU', consents: [] }, buyer);
    expectLeadTable(
      reservationMachine,
      { region: 'NZ', consents: [termsRule] },
      { ...buyer, phone: '021 123 4567', terms_conditions: true },
    );
  });

  it('asks for the contact details and the terms, never a message', () => {
    const c = { region: 'AU' as const, consents: [termsRule] };
    expect(errorsAt(reservationMachine, reservationMachine.initial, c, {})).toEqual([
      'name',
      'email',
      'phone',
      'terms_conditions',
    ]);
    expect(
      errorsAt(reservationMachine, reservationMachine.initial, c, {
        ...buyer,
        message: 'x'.repeat(leadRequest_message_maxLength + 1),
        terms_conditions: true,
      }),
    ).toEqual(['message']);
  });
});
