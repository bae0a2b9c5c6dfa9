/** Step 4 of the trade-in flow: the offer, accepted (the submit) or declined. */
import type { Valuation } from '../../../schemas/types.gen.ts';
import type { FormController } from '../useForm.ts';
import { StepActions } from './StepActions.tsx';

export interface OfferStepProps {
  form: FormController;
  valuation?: Valuation;
  submitLabel: string;
  onDecline(): void;
  money: (amount: number) => string;
  /** A distance given in km, in the site's unit ("85,000 km", "52,817 mi"). */
  distance: (km: number) => string;
}

export function OfferStep({
  form,
  valuation,
  submitLabel,
  onDecline,
  money,
  distance,
}: OfferStepProps) {
  return (
    <>
      {valuation && (
        <div className="fc-result" aria-live="polite">
          <span>
            Our offer for your{' '}
            {[valuation.vehicle.year, valuation.vehicle.make, valuation.vehicle.model].join(' ')}
          </span>
          <p className="fc-result__value">
            {valuation.offer_price != null ? money(valuation.offer_price) : '—'}
          </p>
          {valuation.estimate && (
            <p>
              Estimated trade value {money(valuation.estimate.low)} to{' '}
              {money(valuation.estimate.high)}, at {distance(valuation.vehicle.kms)}.
            </p>
          )}
          <p className="fc-form__legal">
            The offer is subject to an inspection of the car confirming the details you gave. It is
            valid for 7 days.
          </p>
        </div>
      )}
      <StepActions form={form} label={submitLabel}>
        <button
          type="button"
          className="fc-button fc-button--secondary"
          onClick={onDecline}
          disabled={form.status === 'submitting'}
        >
          No thanks
        </button>
      </StepActions>
    </>
  );
}
