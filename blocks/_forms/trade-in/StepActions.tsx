import type { ReactNode } from 'react';
import { SubmitButton } from '../Form.tsx';
import type { FormController } from '../useForm.ts';

/** A step's buttons: its own extra ones first, then the submit. */
export function StepActions({
  form,
  label,
  children,
}: {
  form: FormController;
  label: string;
  children?: ReactNode;
}) {
  return (
    <div className="fc-form__actions">
      {children}
      <SubmitButton form={form}>{label}</SubmitButton>
    </div>
  );
}
