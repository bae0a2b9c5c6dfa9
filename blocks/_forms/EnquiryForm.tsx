/**
 * The enquiry form, shared by the enquiry-form, test-drive-form and request-photos
 * blocks and by EnquiryModal (car cards, car detail page).
 *
 * Multi-step: earlier steps only check their fields and move on; the last step sends
 * the lead. With a lead_id the car is recorded, the success category stored and the
 * visitor goes to /success; otherwise the API's error (or "An unexpected error
 * occured") shows and everything typed stays.
 *
 * Built like every lead form: the steps as a table (enquiry/machine.ts), the call
 * (enquiry/calls.ts), the hook (enquiry/useEnquiry.ts) and props-only views (the contact
 * fields, enquiry/EnquiryStep.tsx).
 */
import { enquiryForm_submitLabel } from '../../schemas/block-defaults.gen.ts';
import { ContactFields } from './common.tsx';
import type { DealershipField } from './DealershipField.tsx';
import { EnquiryStep } from './enquiry/EnquiryStep.tsx';
import type { EnquiryMode } from './enquiry/machine.ts';
import { useEnquiry, type UseEnquiryOptions } from './enquiry/useEnquiry.ts';
import { FormFrame, StepHeading, SubmitButton } from './Form.tsx';

export type { EnquiryMode };

export interface EnquiryFormProps extends Omit<UseEnquiryOptions, 'canAskDealership'> {
  /**
   * The dealership select, given by the sections that may ask for it (a form without a car,
   * on a site with several dealerships). The modal is always about a car, whose dealership
   * is sent, so it leaves it out and never loads it.
   */
  DealershipField?: typeof DealershipField;
  termsHref?: string;
  submitLabel?: string;
  /** Id of the heading naming the form. */
  labelledBy?: string;
}

export function EnquiryForm(props: EnquiryFormProps) {
  const enquiry = useEnquiry({ ...props, canAskDealership: Boolean(props.DealershipField) });
  const { form, flow } = enquiry;
  // A one-step form shows both groups; a two-step form one at a time.
  const visible = (step: number) => flow.stepCount === 1 || flow.step === step;
  return (
    <FormFrame
      {...flow.frame}
      labelledBy={props.labelledBy}
      className={`fc-enquiry-form fc-enquiry-form--${props.mode}`}
    >
      <StepHeading
        step={flow.step}
        count={flow.stepCount}
        title={enquiry.title}
        id={flow.headingId}
      />
      {visible(1) && (
        <div className="fc-form__group">
          <ContactFields form={form} region={enquiry.context.region} />
        </div>
      )}
      {visible(2) && (
        <EnquiryStep
          enquiry={enquiry}
          mode={props.mode}
          termsHref={props.termsHref}
          DealershipField={props.DealershipField}
        />
      )}
      <div className="fc-form__actions">
        {flow.step > 1 && (
          <button
            type="button"
            className="fc-button fc-button--secondary"
            onClick={flow.back}
            disabled={form.status === 'submitting'}
          >
            Back
          </button>
        )}
        <SubmitButton form={form}>
          {flow.step === flow.stepCount
            ? (props.submitLabel ?? enquiryForm_submitLabel)
            : 'Continue'}
        </SubmitButton>
      </div>
    </FormFrame>
  );
}
