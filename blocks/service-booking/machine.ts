/**
 * The service booking as a one-row table (docs/forms.md, "Service booking"): the centre, the
 * kind of service, the day and drop-off time (checked with the server's own hours rule,
 * engine/api/service-booking.ts), the car (optional), the contact details, notes, then the
 * consents. Its submit sends the lead; the outcomes are the lead machine's
 * (../_forms/lead-machine.ts).
 */
import type { Region } from '../../engine/site/types.ts';
import {
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
  leadRequest_message_maxLength,
} from '../../schemas/api-limits.gen.ts';
import {
  serviceBookingErrors,
  type BookingClock,
  type BookingSite,
} from '../../engine/api/service-booking.ts';
import { contactRules } from '../_forms/common.tsx';
import { leadMachine, type LeadStep } from '../_forms/lead-machine.ts';
import { maxLength, plateCheck, required, type Check, type FieldRule } from '../_forms/rules.ts';

export interface ServiceBookingContext {
  region: Region;
  /** The site's locations, whose hours the booking must fall within. */
  site: BookingSite;
  /** The browser's side of the shared rule: now, an hour's notice and the block's slot size. */
  clock(): BookingClock;
  /** "Service centre" in the site's words. */
  centreLabel: string;
  /** The region's name for a plate ("Rego", "License plate") and its message. */
  plateLabel: string;
  plateInvalid: string;
  /** The consents the site asks for (../_forms/common.tsx, consentRules). */
  consents: FieldRule[];
}

type BookingField = 'location_id' | 'booking_date' | 'booking_time';

/** The shared hours rule's message for one of the booking's fields. */
const booking =
  (c: ServiceBookingContext, field: BookingField): Check =>
  (_value, values) =>
    serviceBookingErrors(c.site, values, c.clock()).find((e) => e.path === `/${field}`)?.message;

export const SERVICE_BOOKING_STEPS: readonly LeadStep<ServiceBookingContext>[] = [
  {
    id: 'booking',
    title: 'Your booking',
    rules: (c) => [
      { name: 'location_id', label: c.centreLabel, checks: [booking(c, 'location_id')] },
      {
        name: 'service_type',
        label: 'Type of service',
        checks: [required('', 'select', 'Please choose the type of service.')],
      },
      { name: 'booking_date', label: 'Date', checks: [booking(c, 'booking_date')] },
      { name: 'booking_time', label: 'Drop-off time', checks: [booking(c, 'booking_time')] },
      { name: 'Rego', label: c.plateLabel, checks: [plateCheck(c.plateInvalid)] },
      {
        name: 'Vehicle Make',
        label: 'Make',
        checks: [maxLength(leadRequest_Vehicle_Make_maxLength, 'Make')],
      },
      {
        name: 'Vehicle Model',
        label: 'Model',
        checks: [maxLength(leadRequest_Vehicle_Model_maxLength, 'Model')],
      },
      ...contactRules(c.region),
      {
        name: 'message',
        label: 'Notes',
        checks: [maxLength(leadRequest_message_maxLength, 'Notes')],
      },
      ...c.consents,
    ],
  },
];

export const serviceBookingMachine = leadMachine(SERVICE_BOOKING_STEPS);
