/**
 * The Reserve Online form as a one-row table (docs/forms.md, "Reserve online"): the contact
 * details, an optional message (a reservation says what it is about), then the consents. Its
 * submit sends the reservation; the outcomes are the lead machine's
 * (../_forms/lead-machine.ts), a car reserved meanwhile by someone else among the refusals.
 */
import type { Region } from '../../engine/site/types.ts';
import { leadRequest_message_maxLength } from '../../schemas/api-limits.gen.ts';
import { contactRules } from '../_forms/common.tsx';
import { leadMachine, type LeadStep } from '../_forms/lead-machine.ts';
import { maxLength, type FieldRule } from '../_forms/rules.ts';

export interface ReservationContext {
  region: Region;
  /** The consents the site asks for (../_forms/common.tsx, consentRules). */
  consents: FieldRule[];
}

export const RESERVATION_STEPS: readonly LeadStep<ReservationContext>[] = [
  {
    id: 'reservation',
    title: 'Your reservation',
    rules: (c) => [
      ...contactRules(c.region),
      {
        name: 'message',
        label: 'Message',
        checks: [maxLength(leadRequest_message_maxLength, 'Message')],
      },
      ...c.consents,
    ],
  },
];

export const reservationMachine = leadMachine(RESERVATION_STEPS);
