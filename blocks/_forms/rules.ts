/**
 * Form rules as pure functions: which fields a form shows and requires (from the site's
 * Forms switches), and how each value is checked. The region rules (postcode, phone)
 * are the API's own (engine/api/regional.ts), and every format check ends with the API
 * schema's own validator (schemas/api-lead-checks.gen.ts), so the browser and the server
 * agree (docs/forms.md, "Browser checks").
 */
import { checkPhone, checkPostcode, phoneRule, postcodeRule } from '../../engine/api/regional.ts';
import type { Features, Region } from '../../engine/site/types.ts';
// One export per field, so a page's bundle keeps only the validators its rules use.
import {
  leadRequest_Rego,
  leadRequest_email,
  leadRequest_phone,
  type FieldCheck,
} from '../../schemas/api-lead-checks.gen.ts';
import { MESSAGES, requiredMessage } from './messages.ts';

export type FieldValue = string | boolean;
export type Values = Record<string, FieldValue>;

/** A check of one field: the message to show, or undefined when the value is fine. */
export type Check = (value: FieldValue, values: Values) => string | undefined;

export interface FieldRule {
  name: string;
  /** Visible label (the error summary names the field by it). */
  label: string;
  checks: Check[];
}

export interface FieldError {
  name: string;
  label: string;
  message: string;
}

const text = (v: FieldValue) => (typeof v === 'string' ? v.trim() : '');

export const required =
  (label: string, verb: 'enter' | 'select' | 'choose' = 'enter', message?: string): Check =>
  (v) =>
    (typeof v === 'boolean' ? v : text(v) !== '')
      ? undefined
      : (message ?? requiredMessage(label, verb));

/** Runs only when something was typed (optional fields with a format). */
const optional =
  (check: (s: string) => string | undefined): Check =>
  (v) =>
    text(v) === '' ? undefined : check(text(v));

/**
 * The value passes the server's validator of that field (schemas/api-lead-checks.gen.ts) as
 * the form sends it: trimmed, or made a number by `sent`. An empty value is left out of the
 * lead, so it passes here (`required` asks for it).
 */
export const serverAccepts = (
  check: FieldCheck | undefined,
  message: string,
  sent: (s: string) => unknown = (s) => s,
): Check => optional((s) => (!check || check(sent(s)) ? undefined : message));

/** The server's own email rule (its schema's format and length), so both answer alike. */
export const email: Check = serverAccepts(leadRequest_email, MESSAGES.email);

/** The region's phone rule (the API's), then the schema's characters and length. */
export const phone = (region: Region): Check => {
  const schema = serverAccepts(leadRequest_phone, phoneRule(region).message);
  return (v, values) => optional((s) => checkPhone(region, s))(v, values) ?? schema(v, values);
};

export const postcode = (region: Region): Check => optional((s) => checkPostcode(region, s));

/**
 * The lead's Rego (schemas/api/lead-request.schema.json); a trade-in's own rego has the same
 * rule. The message names the plate in the region's words (docs/regions.md).
 */
export const plateCheck = (message: string): Check => serverAccepts(leadRequest_Rego, message);
export const rego: Check = plateCheck(MESSAGES.rego);

export const mustAgree =
  (message: string = MESSAGES.terms): Check =>
  (v) =>
    v === true ? undefined : message;

/** Counted in characters as the server's schema counts them (code points: an emoji is one). */
export const maxLength =
  (max: number, label: string): Check =>
  (v) =>
    [...text(v)].length > max ? `${label} must be ${max} characters or fewer.` : undefined;

/** A trimmed text value, or undefined when empty or not text. */
export function textOf(values: Values, name: string): string | undefined {
  const v = values[name];
  return typeof v === 'string' && v.trim() ? v.trim() : undefined;
}

/** Checks the given fields in order; one error per field (its first failing check). */
export function validate(rules: FieldRule[], values: Values): FieldError[] {
  const errors: FieldError[] = [];
  for (const rule of rules) {
    const value = values[rule.name] ?? '';
    for (const check of rule.checks) {
      const message = check(value, values);
      if (message) {
        errors.push({ name: rule.name, label: rule.label, message });
        break;
      }
    }
  }
  return errors;
}

// ---------------------------------------------------------------- regional input settings

export interface PostcodeInput {
  label: string;
  /** The field's hint: "4 digits". */
  help: string;
  maxLength: number;
  pattern: string;
  /** Numeric keypad on phones; a text input (never type=number) so there is no thousands separator or spinner. */
  inputMode: 'numeric';
  autoComplete: 'postal-code';
  message: string;
}

export function postcodeInput(region: Region): PostcodeInput {
  const rule = postcodeRule(region);
  return {
    label: rule.label,
    help: rule.help,
    maxLength: rule.maxLength,
    pattern: `\\d{${rule.maxLength}}`,
    inputMode: 'numeric',
    autoComplete: 'postal-code',
    message: rule.message,
  };
}

/** Keeps digits only and at most the region's length (what a numeric postcode box accepts as typed). */
export function cleanPostcode(value: string, region: Region): string {
  return value.replace(/\D/g, '').slice(0, postcodeRule(region).maxLength);
}

export function phoneExample(region: Region): string {
  return phoneRule(region).example;
}

// ---------------------------------------------------------------- which fields a form has

export const GENERAL_ENQUIRY = 'General Enquiry';

export interface FormCar {
  id: number | string;
  car_type?: 'new' | 'used' | 'demo' | string | null;
  tag?: string | null;
  dealership_id?: number | null;
  dealership_slug?: string | null;
}

export type FormFeatures = Pick<
  Features,
  | 'enquiryMessageOptional'
  | 'locationField'
  | 'locationFieldForNewCars'
  | 'removeDealershipSelect'
  | 'termsAgreement'
  | 'captcha'
>;

export interface EnquiryLayout {
  /** The message is required (unless the site opts out). */
  messageRequired: boolean;
  /** The "category select" shows (General Enquiry forms only) and is required. */
  categorySelect: boolean;
  /** A location select shows and is required. */
  location: boolean;
  /** A dealership select shows and is required. */
  dealership: boolean;
  /** The terms agreement tick box shows and is required. */
  terms: boolean;
  captcha: boolean;
}

/**
 * The enquiry form's fields (docs/forms.md, "Enquiry form rules"):
 * - message required unless the site opts out (enquiryMessageOptional);
 * - category select required, shown only on General Enquiry forms (no car);
 * - location select required when the site uses a location field and no car is given,
 *   or for new cars where the site asks (locationFieldForNewCars);
 * - dealership select required when the site has more than one dealership and has not
 *   removed it; not asked when the enquiry is about a car (the car's dealership is sent);
 * - terms agreement where the site requires it; captcha unless switched off.
 */
export function enquiryLayout(
  features: FormFeatures,
  options: { car?: FormCar; category?: string; dealershipCount: number; locationCount: number },
): EnquiryLayout {
  const { car, category = GENERAL_ENQUIRY, dealershipCount, locationCount } = options;
  const location =
    locationCount > 0 &&
    ((features.locationField && !car) ||
      (Boolean(car) && car!.car_type === 'new' && features.locationFieldForNewCars));
  return {
    messageRequired: !features.enquiryMessageOptional,
    categorySelect: !car && category === GENERAL_ENQUIRY,
    location: Boolean(location),
    dealership: !car && dealershipCount > 1 && !features.removeDealershipSelect,
    terms: Boolean(features.termsAgreement),
    // On unless a site switches it off (the schema default is true).
    captcha: features.captcha !== false,
  };
}

// ---------------------------------------------------------------- trade-in valuation

export const VALUATION_MAX_AGE_YEARS = 7;
export const VALUATION_MAX_KMS = 100_000;

/** Cars older than 7 years or over 100,000 km get no online estimate (docs/forms.md, "Trade-in and sell my car"). */
export function onlineEstimatePossible(
  vehicle: { year: number; kms: number },
  today = new Date(),
): boolean {
  return (
    today.getFullYear() - vehicle.year <= VALUATION_MAX_AGE_YEARS &&
    vehicle.kms <= VALUATION_MAX_KMS
  );
}
