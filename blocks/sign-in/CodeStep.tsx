/**
 * The second step of signing in: the one-time code texted to the number (docs/api.md,
 * "Watchlist and sign-in"). Its field takes focus when the step appears, says where the code
 * went (announced as a status), and lets the phone fill it in (autocomplete one-time-code).
 */
import { useEffect } from 'react';
import type { Region } from '../../engine/site/types.ts';
import { phoneForDisplay } from '../../engine/api/regional.ts';
import { signIn_code_maxLength, signIn_code_pattern } from '../../schemas/api-limits.gen.ts';
import { FormFrame, SubmitButton } from '../_forms/Form.tsx';
import { TextField } from '../_forms/fields.tsx';
import { required, type FieldRule } from '../_forms/rules.ts';
import type { FormController } from '../_forms/useForm.ts';
import { CODE_FORMAT, CODE_LABEL } from './code-words.ts';

const codeRule: FieldRule = {
  name: 'code',
  label: CODE_LABEL,
  checks: [
    required(CODE_LABEL),
    (v) => (new RegExp(signIn_code_pattern).test(String(v).trim()) ? undefined : CODE_FORMAT),
  ],
};

export function CodeStep(props: {
  form: FormController;
  region: Region;
  /** The number the code went to, as the server keys it. */
  phone: string;
  /** Minutes the code works for (from the API's answer). */
  minutes: number;
  labelledBy: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onOtherNumber: () => void;
}) {
  const { form } = props;
  const fieldId = form.fieldId('code');
  useEffect(() => document.getElementById(fieldId)?.focus(), [fieldId]);
  return (
    <FormFrame
      form={form}
      labelledBy={props.labelledBy}
      onSubmit={() => {
        if (form.check([codeRule])) props.onSubmit(String(form.values.code).trim());
      }}
    >
      <p className="fc-sign-in__sent" role="status">
        {`We sent a ${signIn_code_maxLength}-digit code to ${phoneForDisplay(props.region, props.phone)}. It works for ${props.minutes} minutes.`}
      </p>
      <TextField
        form={form}
        name="code"
        label={CODE_LABEL}
        required
        autoComplete="one-time-code"
        inputMode="numeric"
        maxLength={signIn_code_maxLength}
        transform={(v) => v.replace(/\D/g, '')}
      />
      <div className="fc-form__actions">
        <SubmitButton form={form} busyLabel="Signing in…">
          Sign in
        </SubmitButton>
        <button type="button" className="fc-button fc-button--secondary" onClick={props.onResend}>
          Send a new code
        </button>
        <button
          type="button"
          className="fc-button fc-button--secondary"
          onClick={props.onOtherNumber}
        >
          Use another number
        </button>
      </div>
    </FormFrame>
  );
}
