/**
 * The end of a one-step lead form (parts request, service booking, finance): the consents,
 * then its submit. A module of its own so that the enquiry form, which ends otherwise, does
 * not load it.
 */
import type { CaptchaHandle } from './Captcha.tsx';
import { ConsentFields } from './common.tsx';
import { SubmitButton } from './Form.tsx';
import type { FormController } from './useForm.ts';

export function ConsentsAndSubmit(props: {
  form: FormController;
  captcha: CaptchaHandle;
  optInText?: string;
  terms: boolean;
  termsHref?: string;
  submitLabel: string;
}) {
  return (
    <>
      <ConsentFields {...props} />
      <div className="fc-form__actions">
        <SubmitButton form={props.form}>{props.submitLabel}</SubmitButton>
      </div>
    </>
  );
}
