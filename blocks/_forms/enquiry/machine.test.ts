import { describe, expect, it } from 'vitest';
import { termsRule } from '../common.tsx';
import { GENERAL_ENQUIRY } from '../rules.ts';
import { errorsAt, expectLeadTable, runEvents } from '../test-lead-machine.ts';
import type { CarSummary } from '../car.ts';
import { enquiryCategory } from './calls.ts';
import { enquiryMachine, futureDateTime, type EnquiryContext } from './machine.ts';

const general: EnquiryContext = {
  region: 'AU',
  layout: { categorySelect: true, location: true, dealership: true },
  testDrive: false,
  showRego: true,
  messageRequired: true,
  plateLabel: 'Rego',
  plateInvalid: 'Please enter a valid rego.',
  consents: [termsRule],
};
const testDrive: EnquiryContext = {
  ...general,
  layout: { categorySelect: false, location: false, dealership: false },
  testDrive: true,
  showRego: false,
  messageRequired: false,
  consents: [],
};
const visitor = { name: 'Sam', email: 'sam@example.com', phone: '0412 345 678' };
const enquiry = {
  ...visitor,
  'category select': 'Service',
  location: '3',
  dealership_slug: 'gold-coast-ford',
  Rego: 'ABC123',
  message: 'When can I bring it in?',
  terms_conditions: true,
};

describe('the enquiry table', () => {
  it('has two rows, details then the enquiry, or the two as one; each through every outcome', () => {
    const two = enquiryMachine('enquiry');
    expect(two.steps.map((s) => s.title)).toEqual(['Your details', 'Your enquiry']);
    expect(expectLeadTable(two, general, enquiry).step).toBe(1);
    expect(enquiryMachine('test-drive').steps[1].title).toBe('Your test drive');
    expectLeadTable(enquiryMachine('test-drive'), testDrive, visitor);
    const one = enquiryMachine('photos', 'one');
    expect(one.steps.map((s) => s.title)).toEqual(['Your details']);
    expect(expectLeadTable(one, testDrive, visitor).step).toBe(0);
  });

  it('continues on the details alone; sending checks both steps', () => {
    const two = enquiryMachine('enquiry');
    expect(errorsAt(two, two.initial, general, {})).toEqual(['name', 'email', 'phone']);
    const second = runEvents(two, [{ type: 'continue' }]);
    expect(errorsAt(two, second, general, visitor)).toEqual([
      'category select',
      'location',
      'dealership_slug',
      'message',
      'terms_conditions',
    ]);
    expect(two.firstInvalidStep(general, { ...enquiry, email: '' })).toBe(0);
    expect(two.firstInvalidStep(general, { ...enquiry, message: '' })).toBe(1);
    expect(errorsAt(two, second, general, { ...enquiry, Rego: '!!' })).toEqual(['Rego']);
    expect(two.stepOfField(general, 'message')).toBe(1);
    expect(two.stepOfField(testDrive, 'Rego')).toBeUndefined();
  });

  it('asks a test drive for a time in the future', () => {
    const two = enquiryMachine('test-drive');
    const second = runEvents(two, [{ type: 'continue' }]);
    expect(
      errorsAt(two, second, testDrive, { ...visitor, booking_datetime: '2000-01-01T10:00' }),
    ).toEqual(['booking_datetime']);
    expect(futureDateTime('soon', {})).toBe(
      'Please enter a date and time, e.g. 25/12/2025 10:30 AM.',
    );
    expect(futureDateTime('', {})).toBeUndefined();
  });

  it("sends the form's category, or the car's enquiry", () => {
    const used = { id: 7, car_type: 'used' } as CarSummary;
    expect(enquiryCategory('enquiry', undefined)).toBe(GENERAL_ENQUIRY);
    expect(enquiryCategory('enquiry', used, 'Finance Enquiry')).toBe('Used Car Enquiry');
    expect(enquiryCategory('test-drive', used)).toBe('Test Drive');
    expect(enquiryCategory('photos', used)).toBe('Request Photos');
  });
});
