/**
 * The parts request as a one-row table (docs/forms.md, "Parts request"): the vehicle (make,
 * model and year required, the VIN optional), the part and how many, the parts counter when
 * the site has several, the contact details, a message, then the consents. Its submit sends
 * the lead; the outcomes are the lead machine's (../_forms/lead-machine.ts).
 */
import type { Region } from '../../engine/site/types.ts';
import {
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
  leadRequest_message_maxLength,
  leadRequest_part_maxLength,
} from '../../schemas/api-limits.gen.ts';
import {
  BOOKING_MESSAGES,
  VIN_MESSAGE,
  VIN_PATTERN,
  vehicleYearRange,
} from '../../engine/api/service-booking.ts';
import { contactRules } from '../_forms/common.tsx';
import { leadMachine, type LeadStep } from '../_forms/lead-machine.ts';
import { maxLength, required, type Check, type FieldRule } from '../_forms/rules.ts';

export const MAX_QUANTITY = 99;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The vehicle's year: four digits, from 1950 to next year. */
export const vehicleYear =
  (now: () => Date = () => new Date()): Check =>
  (v) => {
    const s = trimmed(v);
    if (!s) return 'Please enter the year of your vehicle, e.g. 2019.';
    const { min, max } = vehicleYearRange(now());
    const n = /^\d{4}$/.test(s) ? Number(s) : NaN;
    return n >= min && n <= max ? undefined : `Please enter a year from ${min} to ${max}.`;
  };

/** Optional VIN: 17 letters and digits, never I, O or Q (the lead schema's rule). */
export const vin: Check = (v) => {
  const s = trimmed(v).replace(/\s+/g, '');
  return !s || VIN_PATTERN.test(s) ? undefined : VIN_MESSAGE;
};

/** How many: a whole number from 1 to 99. */
export const quantity: Check = (v) => {
  const s = trimmed(v);
  return /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_QUANTITY
    ? undefined
    : `Please enter how many you need, from 1 to ${MAX_QUANTITY}.`;
};

export interface PartsRequestContext {
  region: Region;
  /** The site has more than one parts counter: the visitor picks one. */
  askCounter: boolean;
  /** The consents the site asks for (../_forms/common.tsx, consentRules). */
  consents: FieldRule[];
}

export const PARTS_REQUEST_STEPS: readonly LeadStep<PartsRequestContext>[] = [
  {
    id: 'request',
    title: 'Your parts request',
    rules: (c) => [
      {
        name: 'Vehicle Make',
        label: 'Make',
        checks: [
          required('', 'enter', 'Please enter the make of your vehicle.'),
          maxLength(leadRequest_Vehicle_Make_maxLength, 'Make'),
        ],
      },
      {
        name: 'Vehicle Model',
        label: 'Model',
        checks: [
          required('', 'enter', 'Please enter the model of your vehicle.'),
          maxLength(leadRequest_Vehicle_Model_maxLength, 'Model'),
        ],
      },
      { name: 'Vehicle Year', label: 'Year', checks: [vehicleYear()] },
      { name: 'vin', label: 'VIN', checks: [vin] },
      {
        name: 'part',
        label: 'Part name or number',
        checks: [
          required('', 'enter', BOOKING_MESSAGES.part),
          maxLength(leadRequest_part_maxLength, 'Part name or number'),
        ],
      },
      { name: 'quantity', label: 'Quantity', checks: [quantity] },
      ...(c.askCounter
        ? [
            {
              name: 'location_id',
              label: 'Preferred parts counter',
              checks: [required('', 'select', 'Please choose a parts counter.')],
            },
          ]
        : []),
      ...contactRules(c.region),
      {
        name: 'message',
        label: 'Anything else',
        checks: [maxLength(leadRequest_message_maxLength, 'Message')],
      },
      ...c.consents,
    ],
  },
];

export const partsRequestMachine = leadMachine(PARTS_REQUEST_STEPS);
