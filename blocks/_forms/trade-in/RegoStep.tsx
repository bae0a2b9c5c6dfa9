/** Step 3 of the trade-in flow: the car's registration, looked up and shown back. */
import { messagesFor } from '../../../engine/messages/index.ts';
import { regionSettings } from '../../../engine/region.ts';
import type { Region } from '../../../engine/site/types.ts';
import type { RegoLookupResponse, RegoState } from '../../../schemas/types.gen.ts';
import { SelectField, TextField } from '../fields.tsx';
import type { FormController } from '../useForm.ts';
import { regoMismatch } from './rules.ts';
import { StepActions } from './StepActions.tsx';

export interface RegoStepProps {
  form: FormController;
  region: Region;
  states: RegoState[];
  /** The car the lookup found, shown until the registration is edited. */
  found?: RegoLookupResponse;
  /** The lookup found nothing: the visitor may go on without a match. */
  missed: boolean;
  /** The found car differs from the one described and is not confirmed yet. */
  unconfirmed?: boolean;
  /** "No, correct the registration": forget the found car and go back to the field. */
  onCorrect(): void;
  submitLabel: string;
  onEdit(): void;
  onSkip(): void;
  t: (text: string) => string;
}

export function RegoStep({
  form,
  region,
  states,
  found,
  missed,
  unconfirmed,
  submitLabel,
  onEdit,
  onCorrect,
  onSkip,
  t,
}: RegoStepProps) {
  const mismatch = found && unconfirmed ? regoMismatch(found.vehicle, form.values) : undefined;
  const stateNames = regionSettings(region).plateStateNames;
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="rego"
          label={t('Registration (rego)')}
          required
          maxLength={10}
          autoComplete="off"
          transform={(v) => {
            onEdit();
            return v.toUpperCase();
          }}
        />
        <SelectField
          form={form}
          name="regoState"
          label={messagesFor(region).m('plate.region')}
          required
          options={states.map((s) => ({ value: s, label: stateNames?.[s] ?? s }))}
          onValueChange={onEdit}
        />
      </div>
      {found && (
        <div className="fc-result" role="status">
          <span>We found</span>
          <p className="fc-result__value">
            {found.vehicle.year} {found.vehicle.make} {found.vehicle.model}{' '}
            {found.vehicle.badge ?? ''}
          </p>
          <dl>
            <dt>{t('Colour')}</dt>
            <dd>{found.vehicle.colour}</dd>
            <dt>Body</dt>
            <dd>{found.vehicle.body}</dd>
            <dt>VIN</dt>
            <dd>{found.vehicle.vin}</dd>
          </dl>
        </div>
      )}
      {mismatch && (
        <div className="fc-trade-in__mismatch" role="alert">
          <p>
            {t('This registration is for a')} <strong>{mismatch.found}</strong>
            {mismatch.entered && (
              <>
                , {t('not the')} <strong>{mismatch.entered}</strong> {t('you told us about')}
              </>
            )}
            . {t('Is this your car?')}
          </p>
        </div>
      )}
      <StepActions form={form} label={submitLabel}>
        {mismatch && (
          <button type="button" className="fc-button fc-button--secondary" onClick={onCorrect}>
            {t('No, correct the registration')}
          </button>
        )}
        {missed && !found && (
          <button type="button" className="fc-button fc-button--secondary" onClick={onSkip}>
            {t('Continue without a registration match')}
          </button>
        )}
      </StepActions>
    </>
  );
}
