/** The finance forms' view: it draws what useFinance.ts hands it, nothing more. */
import { ContactFields } from '../common.tsx';
import { ConsentsAndSubmit } from '../ConsentsAndSubmit.tsx';
import { DealershipField } from '../DealershipField.tsx';
import { SelectField, TextAreaField, TextField } from '../fields.tsx';
import { FormFrame } from '../Form.tsx';
import type { Quote } from './calls.ts';
import { EMPLOYMENT, RESIDENTIAL, type FinanceVariant } from './machine.ts';
import type { FinanceState } from './useFinance.ts';

export interface FinanceFieldsProps {
  finance: FinanceState;
  variant: FinanceVariant;
  /** The form is about a car: the kind of car is not asked. */
  hasCar: boolean;
  quote?: Quote;
  submitLabel: string;
  termsHref: string;
  labelledBy?: string;
}

const options = (list: string[]) => list.map((e) => ({ value: e, label: e }));

export function FinanceFields({
  finance,
  variant,
  hasCar,
  quote,
  submitLabel,
  termsHref,
  labelledBy,
}: FinanceFieldsProps) {
  const { form, captcha, flow, site, application } = finance;
  return (
    <FormFrame
      {...flow.frame}
      labelledBy={labelledBy}
      className={`fc-finance-form fc-finance-form--${variant}`}
    >
      <ContactFields
        form={form}
        region={finance.region}
        options={{ lastNameRequired: application }}
      />
      {finance.askDealership && (
        <DealershipField
          form={form}
          site={site}
          name="preferredDealership"
          label="Preferred dealership"
        />
      )}
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="vehiclePriceBudget"
          label="Vehicle price or budget"
          required={application}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          help={
            quote
              ? `Your quote: ${finance.money(quote.weekly)} a week over ${quote.years} years`
              : 'In dollars, e.g. 30,000'
          }
        />
        {!hasCar && (
          <SelectField
            form={form}
            name="car_type"
            label="Looking for"
            placeholder="Any car"
            options={[
              { value: 'new', label: 'A new car' },
              { value: 'demo', label: 'A demo car' },
              {
                value: 'used',
                label: site.features.preOwnedLabel ? 'A pre-owned car' : 'A used car',
              },
            ]}
          />
        )}
      </div>
      {application && (
        <>
          <div className="fc-form__row fc-form__row--2">
            <SelectField
              form={form}
              name="employment"
              label="Employment"
              required
              placeholder="Please select..."
              options={options(EMPLOYMENT)}
            />
            <TextField
              form={form}
              name="income"
              label="Yearly income before tax"
              required
              inputMode="numeric"
              autoComplete="off"
              maxLength={12}
              help="In dollars"
            />
          </div>
          <SelectField
            form={form}
            name="residential"
            label="Living situation"
            required
            placeholder="Please select..."
            options={options(RESIDENTIAL)}
          />
        </>
      )}
      <TextAreaField form={form} name="message" label="Anything else we should know?" rows={4} />
      <ConsentsAndSubmit
        form={form}
        captcha={captcha}
        optInText={finance.optInText}
        terms={finance.terms}
        termsHref={termsHref}
        submitLabel={submitLabel}
      />
    </FormFrame>
  );
}
