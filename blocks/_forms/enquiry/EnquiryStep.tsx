/** The enquiry form's second step (or the rest of its one step): it draws what useEnquiry.ts hands it. */
import { leadRequest_Rego_maxLength } from '../../../schemas/api-limits.gen.ts';
import { ConsentFields } from '../common.tsx';
import type { DealershipField } from '../DealershipField.tsx';
import { SelectField, TextAreaField, TextField } from '../fields.tsx';
import type { EnquiryMode } from './machine.ts';
import type { EnquiryState } from './useEnquiry.ts';

export interface EnquiryStepProps {
  enquiry: EnquiryState;
  mode: EnquiryMode;
  termsHref?: string;
  /** Drawn when the layout asks for the dealership (EnquiryForm.tsx says who gives it). */
  DealershipField?: typeof DealershipField;
}

export function EnquiryStep({ enquiry, mode, termsHref, DealershipField }: EnquiryStepProps) {
  const { form, captcha, context, t } = enquiry;
  const { layout } = context;
  return (
    <div className="fc-form__group">
      {layout.categorySelect && (
        <SelectField
          form={form}
          name="category select"
          label="Enquiry about"
          required
          options={enquiry.categoryOptions.map((c) => ({ value: c, label: t(c) }))}
        />
      )}
      {layout.location && (
        <SelectField
          form={form}
          name="location"
          label="Location"
          required
          placeholder="Please select a location..."
          options={enquiry.locations}
        />
      )}
      {layout.dealership && DealershipField && <DealershipField form={form} site={enquiry.site} />}
      {context.testDrive && (
        <TextField
          form={form}
          name="booking_datetime"
          label="Preferred date and time"
          type="datetime-local"
          min={enquiry.minDate}
          help="We'll confirm the time with you."
        />
      )}
      {context.showRego && (
        <TextField
          form={form}
          name="Rego"
          label={context.plateLabel}
          maxLength={leadRequest_Rego_maxLength}
          autoComplete="off"
          transform={(v) => v.toUpperCase()}
        />
      )}
      <TextAreaField
        form={form}
        name="message"
        label={mode === 'photos' ? 'What would you like to see?' : 'Message'}
        required={context.messageRequired}
        placeholder={
          mode === 'photos' ? t('e.g. the interior, the tyres, a walk-around video') : undefined
        }
      />
      <ConsentFields
        form={form}
        captcha={captcha}
        optInText={enquiry.optInText}
        terms={enquiry.terms}
        termsHref={termsHref}
      />
    </div>
  );
}
