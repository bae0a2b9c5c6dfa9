/** Field groups several forms share: the contact details and the terms agreement. */
import type { Region } from '../../engine/site/types.ts';
import {
  leadRequest_email_maxLength,
  leadRequest_last_name_maxLength,
  leadRequest_name_maxLength,
  leadRequest_phone_maxLength,
} from '../../schemas/api-limits.gen.ts';
import { enquiryForm_optInText, enquiryForm_termsHref } from '../../schemas/block-defaults.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { CaptchaField, type CaptchaHandle } from './Captcha.tsx';
import { CheckboxField, TextField } from './fields.tsx';
import {
  email,
  maxLength,
  mustAgree,
  phone,
  phoneExample,
  required,
  type FieldRule,
  type Values,
} from './rules.ts';
import type { FormController } from './useForm.ts';

/** What every lead form starts with: the contact details, the message and the consents, empty. */
export const CONTACT_VALUES: Values = {
  name: '',
  last_name: '',
  email: '',
  phone: '',
  message: '',
  opt_in: false,
  terms_conditions: false,
  captcha: '',
  captcha_token: '',
};

export interface ContactOptions {
  lastNameRequired?: boolean;
  phoneLabel?: string;
  firstNameLabel?: string;
}

export function contactRules(region: Region, options: ContactOptions = {}): FieldRule[] {
  const first = options.firstNameLabel ?? 'First name';
  const phoneLabel = options.phoneLabel ?? 'Phone number';
  const rules: FieldRule[] = [
    {
      name: 'name',
      label: first,
      checks: [required(first), maxLength(leadRequest_name_maxLength, first)],
    },
  ];
  if (options.lastNameRequired)
    rules.push({
      name: 'last_name',
      label: 'Last name',
      checks: [required('Last name'), maxLength(leadRequest_last_name_maxLength, 'Last name')],
    });
  rules.push(
    {
      name: 'email',
      label: 'Email',
      checks: [required('Email', 'enter', 'Please enter your email address.'), email],
    },
    { name: 'phone', label: phoneLabel, checks: [required(phoneLabel), phone(region)] },
  );
  return rules;
}

export function ContactFields({
  form,
  region,
  options = {},
}: {
  form: FormController;
  region: Region;
  options?: ContactOptions;
}) {
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="name"
          label={options.firstNameLabel ?? 'First name'}
          required
          autoComplete="given-name"
          maxLength={leadRequest_name_maxLength}
        />
        <TextField
          form={form}
          name="last_name"
          label="Last name"
          required={options.lastNameRequired}
          autoComplete="family-name"
          maxLength={leadRequest_last_name_maxLength}
        />
      </div>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="email"
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={leadRequest_email_maxLength}
        />
        <TextField
          form={form}
          name="phone"
          label={options.phoneLabel ?? 'Phone number'}
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={leadRequest_phone_maxLength}
          help={`For example ${phoneExample(region)}`}
        />
      </div>
    </>
  );
}

export const termsRule: FieldRule = {
  name: 'terms_conditions',
  label: 'Terms of use',
  checks: [mustAgree()],
};

/** The rules of the consents a site asks for, last on every lead form: the terms of use, then the captcha. */
export function consentRules(terms: boolean, captcha: Pick<CaptchaHandle, 'enabled' | 'rule'>) {
  return [...(terms ? [termsRule] : []), ...(captcha.enabled ? [captcha.rule] : [])];
}

export function TermsField({
  form,
  termsHref = enquiryForm_termsHref,
}: {
  form: FormController;
  termsHref?: string;
}) {
  return (
    <CheckboxField form={form} name="terms_conditions" label="Terms of use" required>
      I agree to the{' '}
      <SiteLink href={termsHref} target="_blank">
        terms of use<span className="fc-visually-hidden"> (opens in a new tab)</span>
      </SiteLink>
      <span className="fc-field__required" aria-hidden="true">
        {' '}
        *
      </span>
    </CheckboxField>
  );
}

/** The opt-in a lead form offers where no block words it (the enquiry modal, the personalised quote): the enquiry block's. */
export const DEFAULT_OPT_IN = enquiryForm_optInText;

/**
 * The consents that close a lead form: the marketing opt-in (when the form has a text for
 * it), the terms of use (when the site requires them) and the captcha (when it is on).
 */
export function ConsentFields(props: {
  form: FormController;
  captcha: CaptchaHandle;
  optInText?: string;
  terms: boolean;
  termsHref?: string;
}) {
  const { form } = props;
  return (
    <>
      {props.optInText && <CheckboxField form={form} name="opt_in" label={props.optInText} />}
      {props.terms && <TermsField form={form} termsHref={props.termsHref} />}
      <CaptchaField form={form} captcha={props.captcha} />
    </>
  );
}
