/**
 * The enquiry form as a table of steps (docs/forms.md, "How every form behaves"), shared by
 * the enquiry, test-drive and request-photos forms: the contact details, then the enquiry
 * (the category, location or dealership the site asks for, the test drive's time, the plate,
 * the message, the consents). Continue checks only its step; the last step's submit checks
 * every step and sends the lead. A one-step form is the two rows as one. The outcomes are
 * the lead machine's (../lead-machine.ts).
 */
import type { Region } from '../../../engine/site/types.ts';
import { leadRequest_message_maxLength } from '../../../schemas/api-limits.gen.ts';
import { contactRules } from '../common.tsx';
import { leadMachine, type LeadMachine, type LeadStep } from '../lead-machine.ts';
import { MESSAGES } from '../messages.ts';
import {
  maxLength,
  plateCheck,
  required,
  type Check,
  type EnquiryLayout,
  type FieldRule,
} from '../rules.ts';

export type EnquiryMode = 'enquiry' | 'test-drive' | 'photos';

/** A preferred time must be in the future (datetime-local gives local time, no zone). */
export const futureDateTime: Check = (v) => {
  if (typeof v !== 'string' || v === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v))
    return 'Please enter a date and time, e.g. 25/12/2025 10:30 AM.';
  return Date.parse(v) > Date.now() ? undefined : 'Please choose a date and time in the future.';
};

export interface EnquiryContext {
  region: Region;
  layout: Pick<EnquiryLayout, 'categorySelect' | 'location' | 'dealership'>;
  /** A test drive asks for the preferred time. */
  testDrive: boolean;
  /** The plate is asked (the block says so, or a service or parts enquiry is chosen). */
  showRego: boolean;
  messageRequired: boolean;
  /** The region's name for a plate ("Rego", "License plate") and its message. */
  plateLabel: string;
  plateInvalid: string;
  /** The consents the site asks for (../common.tsx, consentRules). */
  consents: FieldRule[];
}

const selectRule = (name: string, label: string, message: string): FieldRule => ({
  name,
  label,
  checks: [required('', 'select', message)],
});

function enquiryRules(c: EnquiryContext): FieldRule[] {
  const message = maxLength(leadRequest_message_maxLength, 'Message');
  return [
    ...(c.layout.categorySelect
      ? [selectRule('category select', 'Enquiry about', MESSAGES.category)]
      : []),
    ...(c.layout.location ? [selectRule('location', 'Location', MESSAGES.location)] : []),
    ...(c.layout.dealership
      ? [selectRule('dealership_slug', 'Dealership', MESSAGES.dealership)]
      : []),
    ...(c.testDrive
      ? [{ name: 'booking_datetime', label: 'Preferred date and time', checks: [futureDateTime] }]
      : []),
    ...(c.showRego
      ? [{ name: 'Rego', label: c.plateLabel, checks: [plateCheck(c.plateInvalid)] }]
      : []),
    {
      name: 'message',
      label: 'Message',
      checks: c.messageRequired ? [required('', 'enter', MESSAGES.message), message] : [message],
    },
    ...c.consents,
  ];
}

/** The second step's title, by what the form is for. */
export const ENQUIRY_TITLES: Record<EnquiryMode, string> = {
  enquiry: 'Your enquiry',
  'test-drive': 'Your test drive',
  photos: 'What you would like to see',
};

const DETAILS: LeadStep<EnquiryContext> = {
  id: 'details',
  title: 'Your details',
  rules: (c) => contactRules(c.region),
};

/** The form's machine: two rows (details, then the enquiry), or the two as one. */
export function enquiryMachine(
  mode: EnquiryMode,
  steps: 'one' | 'two' = 'two',
): LeadMachine<EnquiryContext> {
  const enquiry = { id: 'enquiry', title: ENQUIRY_TITLES[mode], rules: enquiryRules };
  return leadMachine<EnquiryContext>(
    steps === 'one'
      ? [{ ...DETAILS, rules: (c) => [...DETAILS.rules(c), ...enquiry.rules(c)] }]
      : [DETAILS, enquiry],
  );
}
