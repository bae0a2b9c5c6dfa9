/** Step 1 of the trade-in flow: the visitor's contact details. */
import type { Region } from '../../../engine/site/types.ts';
import { SiteLink } from '../../_shared/SiteLink.tsx';
import { CaptchaField, type CaptchaHandle } from '../Captcha.tsx';
import { TermsField } from '../common.tsx';
import { RadioGroupField, TextField } from '../fields.tsx';
import { phoneExample, postcodeInput } from '../rules.ts';
import type { FormController } from '../useForm.ts';
import { StepActions } from './StepActions.tsx';

export interface DetailsStepProps {
  form: FormController;
  captcha: CaptchaHandle;
  region: Region;
  /** The site asks visitors to agree to its terms of use. */
  terms: boolean;
  privacyHref: string;
  submitLabel: string;
}

export function DetailsStep({
  form,
  captcha,
  region,
  terms,
  privacyHref,
  submitLabel,
}: DetailsStepProps) {
  const pc = postcodeInput(region);
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="name"
          label="First Name"
          required
          autoComplete="given-name"
          maxLength={120}
        />
        <TextField
          form={form}
          name="last_name"
          label="Last Name"
          required
          autoComplete="family-name"
          maxLength={120}
        />
      </div>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="postcode"
          label={pc.label}
          required
          inputMode={pc.inputMode}
          autoComplete={pc.autoComplete}
          maxLength={pc.maxLength}
          help={pc.help}
        />
        <TextField
          form={form}
          name="phone"
          label="Mobile Number"
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          help={`For example ${phoneExample(region)}`}
        />
      </div>
      <TextField
        form={form}
        name="email"
        label="Email"
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        maxLength={254}
      />
      <RadioGroupField
        form={form}
        name="PreferredContactMethod"
        label="Preferred contact method"
        required
        inline
        options={['Phone', 'Email', 'SMS'].map((v) => ({ value: v, label: v }))}
      />
      <RadioGroupField
        form={form}
        name="finance"
        label="Do you need finance?"
        required
        inline
        options={[
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ]}
      />
      {terms && <TermsField form={form} />}
      <CaptchaField form={form} captcha={captcha} />
      <StepActions form={form} label={submitLabel} />
      <p className="fc-form__legal">
        We use your details to value your car and contact you about it. See our{' '}
        <SiteLink href={privacyHref}>privacy policy</SiteLink>.
      </p>
    </>
  );
}
