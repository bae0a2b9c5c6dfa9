import { describe, expect, it } from 'vitest';
import { ineligibleReason } from '../../engine/api/adapters/valuation.ts';
import { MESSAGES, requiredMessage } from './messages.ts';
import {
  cleanPostcode,
  email,
  enquiryLayout,
  mustAgree,
  onlineEstimatePossible,
  phone,
  postcode,
  postcodeInput,
  rego,
  required,
  validate,
  type FormFeatures,
} from './rules.ts';

const features = (over: Partial<FormFeatures> = {}): FormFeatures => ({
  enquiryMessageOptional: false,
  locationField: false,
  locationFieldForNewCars: false,
  removeDealershipSelect: false,
  termsAgreement: false,
  captcha: true,
  ...over,
});

describe('visitor messages (blocks/_forms/messages.ts)', () => {
  it('keeps the established wording exactly (spelling included)', () => {
    expect(MESSAGES.summaryHeading).toBe('Please fix the following errors:');
    expect(MESSAGES.formError).toBe('An error occurred when submitting this form');
    expect(MESSAGES.unexpected).toBe('An unexpected error occured');
    expect(MESSAGES.terms).toBe('You must agree to the terms of use before submitting.');
    expect(MESSAGES.postcode).toBe('Invalid postcode. Please enter a 4-digit number.');
    expect(MESSAGES.postcodeNotFound).toBe('Invalid postcode');
    expect(requiredMessage('First name')).toBe('Please enter your first name.');
  });
});

describe('enquiry layout (docs/forms.md, Enquiry form rules)', () => {
  const base = { dealershipCount: 1, locationCount: 2 };

  it('message required unless the site opts out', () => {
    expect(enquiryLayout(features(), base).messageRequired).toBe(true);
    expect(enquiryLayout(features({ enquiryMessageOptional: true }), base).messageRequired).toBe(
      false,
    );
  });

  it('category select only on General Enquiry forms without a car', () => {
    expect(enquiryLayout(features(), base).categorySelect).toBe(true);
    expect(enquiryLayout(features(), { ...base, category: 'Service Enquiry' }).categorySelect).toBe(
      false,
    );
    expect(
      enquiryLayout(features(), { ...base, car: { id: 1, car_type: 'used' } }).categorySelect,
    ).toBe(false);
  });

  it('location when the site uses it and no car is given, or for new cars where configured', () => {
    expect(enquiryLayout(features(), base).location).toBe(false);
    expect(enquiryLayout(features({ locationField: true }), base).location).toBe(true);
    expect(
      enquiryLayout(features({ locationField: true }), { ...base, car: { id: 1, car_type: 'new' } })
        .location,
    ).toBe(false);
    expect(
      enquiryLayout(features({ locationFieldForNewCars: true }), {
        ...base,
        car: { id: 1, car_type: 'new' },
      }).location,
    ).toBe(true);
    expect(
      enquiryLayout(features({ locationFieldForNewCars: true }), {
        ...base,
        car: { id: 1, car_type: 'used' },
      }).location,
    ).toBe(false);
    expect(
      enquiryLayout(features({ locationField: true }), { ...base, locationCount: 0 }).location,
    ).toBe(false);
  });

  it('dealership with more than one dealership unless removed (and not when the car says which)', () => {
    expect(enquiryLayout(features(), base).dealership).toBe(false);
    expect(enquiryLayout(features(), { ...base, dealershipCount: 4 }).dealership).toBe(true);
    expect(
      enquiryLayout(features({ removeDealershipSelect: true }), { ...base, dealershipCount: 4 })
        .dealership,
    ).toBe(false);
    expect(
      enquiryLayout(features(), { ...base, dealershipCount: 4, car: { id: 1 } }).dealership,
    ).toBe(false);
  });

  it('terms where required; captcha by default', () => {
    expect(enquiryLayout(features(), base)).toMatchObject({ terms: false, captcha: true });
    expect(enquiryLayout(features({ termsAgreement: true, captcha: false }), base)).toMatchObject({
      terms: true,
      captcha: false,
    });
  });
});

describe('field checks', () => {
  it('required', () => {
    expect(required('First name')('  ', {})).toBe('Please enter your first name.');
    expect(required('First name')('Sam', {})).toBeUndefined();
    expect(required('x', 'select', 'Please select a dealership.')('', {})).toBe(
      'Please select a dealership.',
    );
    expect(required('Terms')(false, {})).toBeDefined();
  });

  it('email', () => {
    for (const ok of ['sam@example.com', 'a.b+c@dealer.com.au', ''])
      expect(email(ok, {})).toBeUndefined();
    for (const bad of ['sam', 'sam@', 'sam@example', 'sam @example.com', '@example.com'])
      expect(email(bad, {})).toBe(MESSAGES.email);
  });

  it('phone numbers by region', () => {
    expect(phone('AU')('0412 345 678', {})).toBeUndefined();
    expect(phone('AU')('+61 412 345 678', {})).toBeUndefined();
    expect(phone('AU')('(07) 5555 0100', {})).toBeUndefined();
    expect(phone('AU')('1300 123 456', {})).toBeUndefined();
    expect(phone('AU')('12345', {})).toMatch(/Australian/);
    expect(phone('NZ')('021 123 4567', {})).toBeUndefined();
    expect(phone('NZ')('09 555 0100', {})).toBeUndefined();
    expect(phone('NZ')('0412 345 678', {})).toMatch(/New Zealand/);
    expect(phone('US')('(608) 555-0134', {})).toBeUndefined();
    expect(phone('US')('+1 608 555 0134', {})).toBeUndefined();
    expect(phone('US')('0412 345 678', {})).toMatch(/US phone/);
    expect(phone('US')('', {})).toBeUndefined(); // optional unless required()
  });

  it('postcodes: exactly 4 digits in AU and NZ, a 5-digit ZIP in the US', () => {
    for (const region of ['AU', 'NZ'] as const) {
      expect(postcode(region)('4217', {})).toBeUndefined();
      for (const bad of ['421', '42170', '42a7', '4,217', ' 4 2 1'])
        expect(postcode(region)(bad, {})).toBe(MESSAGES.postcode);
    }
    expect(postcode('US')('53703', {})).toBeUndefined();
    expect(postcode('US')('5370', {})).toBe('Invalid ZIP code. Please enter a 5-digit number.');
  });

  it('postcode inputs: max length, numeric keypad, no number formatting', () => {
    expect(postcodeInput('AU')).toEqual({
      label: 'Postcode',
      help: '4 digits',
      maxLength: 4,
      pattern: '\\d{4}',
      inputMode: 'numeric',
      autoComplete: 'postal-code',
      message: 'Invalid postcode. Please enter a 4-digit number.',
    });
    expect(postcodeInput('NZ').maxLength).toBe(4);
    expect(postcodeInput('US')).toMatchObject({ label: 'ZIP code', maxLength: 5 });
    expect(cleanPostcode('4,2a17x', 'AU')).toBe('4217');
    expect(cleanPostcode('537031', 'US')).toBe('53703');
  });

  it('rego optional, letters digits spaces and hyphens, up to 10', () => {
    expect(rego('', {})).toBeUndefined();
    expect(rego('ABC-123', {})).toBeUndefined();
    expect(rego('ABC*123', {})).toBe(MESSAGES.rego);
    expect(rego('ABCDEFGHIJK', {})).toBe(MESSAGES.rego);
  });

  it('terms agreement', () => {
    expect(mustAgree()(false, {})).toBe('You must agree to the terms of use before submitting.');
    expect(mustAgree()(true, {})).toBeUndefined();
  });

  it('validate: one error per field, in field order', () => {
    const errors = validate(
      [
        { name: 'name', label: 'First name', checks: [required('First name')] },
        { name: 'email', label: 'Email', checks: [required('Email'), email] },
        { name: 'phone', label: 'Phone', checks: [required('Phone'), phone('AU')] },
      ],
      { name: '', email: 'nope', phone: '0412345678' },
    );
    expect(errors).toEqual([
      { name: 'name', label: 'First name', message: 'Please enter your first name.' },
      { name: 'email', label: 'Email', message: MESSAGES.email },
    ]);
  });
});

describe('trade-in online estimate (older than 7 years or over 100,000 km gets none)', () => {
  const today = new Date('2026-06-01T00:00:00Z');
  it('agrees with the API valuer', () => {
    const cases = [
      { year: 2019, kms: 100_000 },
      { year: 2019, kms: 100_001 },
      { year: 2018, kms: 50_000 },
      { year: 2026, kms: 0 },
      { year: 2010, kms: 200_000 },
    ];
    for (const c of cases)
      expect(onlineEstimatePossible(c, today)).toBe(ineligibleReason(c, today) === undefined);
    expect(onlineEstimatePossible({ year: 2019, kms: 100_000 }, today)).toBe(true);
    expect(onlineEstimatePossible({ year: 2018, kms: 10 }, today)).toBe(false);
    expect(onlineEstimatePossible({ year: 2024, kms: 100_001 }, today)).toBe(false);
  });
});
