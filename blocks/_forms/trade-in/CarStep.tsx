/** Step 2 of the trade-in flow: the car, and its condition when it can be valued online. */
import { RadioGroupField, TextField } from '../fields.tsx';
import { MESSAGES } from '../messages.ts';
import type { FormController } from '../useForm.ts';
import { StepActions } from './StepActions.tsx';

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export interface CarStepProps {
  form: FormController;
  /** False for a car too old or too far driven to value online: the condition questions give way to a note. */
  estimatePossible: boolean;
  submitLabel: string;
  t: (text: string) => string;
}

export function CarStep({ form, estimatePossible, submitLabel, t }: CarStepProps) {
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="make"
          label="Make"
          required
          autoComplete="off"
          maxLength={60}
        />
        <TextField
          form={form}
          name="model"
          label="Model"
          required
          autoComplete="off"
          maxLength={80}
        />
      </div>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="year"
          label="Year"
          required
          inputMode="numeric"
          maxLength={4}
          autoComplete="off"
        />
        <TextField
          form={form}
          name="kms"
          label={t('Odometer (km)')}
          required
          inputMode="numeric"
          maxLength={9}
          autoComplete="off"
        />
      </div>
      <TextField
        form={form}
        name="badge"
        label="Variant or badge"
        maxLength={80}
        autoComplete="off"
        help="e.g. Ascent Sport, XLT"
      />
      {!estimatePossible ? (
        <div className="fc-form-alert fc-form-alert--info" role="status">
          <p>{t(MESSAGES.noEstimate)}</p>
        </div>
      ) : (
        <fieldset className="fc-field fc-trade-in__condition">
          <legend className="fc-field__label">About its condition</legend>
          <RadioGroupField
            form={form}
            name="condition"
            label="Overall condition"
            required
            options={[
              { value: 'excellent', label: 'Excellent: like new, no marks' },
              { value: 'good', label: 'Good: minor wear for its age' },
              { value: 'fair', label: 'Fair: some dents, scratches or wear' },
              { value: 'poor', label: 'Poor: needs repairs' },
            ]}
          />
          <RadioGroupField
            form={form}
            name="accident_history"
            label="Has it been in an accident?"
            inline
            options={YES_NO}
          />
          <RadioGroupField
            form={form}
            name="service_history"
            label="Service history"
            inline
            options={[
              { value: 'full', label: 'Full' },
              { value: 'partial', label: 'Partial' },
              { value: 'none', label: 'None' },
            ]}
          />
          <RadioGroupField
            form={form}
            name="keys"
            label="Keys"
            inline
            options={[
              { value: '2', label: '2 or more' },
              { value: '1', label: '1' },
              { value: '0', label: 'None' },
            ]}
          />
          <RadioGroupField
            form={form}
            name="modifications"
            label="Any modifications?"
            inline
            options={YES_NO}
          />
          <RadioGroupField
            form={form}
            name="warning_lights"
            label="Any warning lights on?"
            inline
            options={YES_NO}
          />
          <RadioGroupField
            form={form}
            name="tyres"
            label={t('Tyres')}
            inline
            options={[
              { value: 'good', label: 'Good' },
              { value: 'worn', label: 'Worn' },
            ]}
          />
          <RadioGroupField
            form={form}
            name="finance_owing"
            label="Is there finance owing on it?"
            inline
            options={YES_NO}
          />
        </fieldset>
      )}
      <StepActions form={form} label={submitLabel} />
    </>
  );
}
