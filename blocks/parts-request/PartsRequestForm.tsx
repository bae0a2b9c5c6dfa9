/** The parts request form's view: it draws what usePartsRequest.ts hands it, nothing more. */
import {
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
  leadRequest_part_maxLength,
} from '../../schemas/api-limits.gen.ts';
import { ContactFields } from '../_forms/common.tsx';
import { ConsentsAndSubmit } from '../_forms/ConsentsAndSubmit.tsx';
import { SelectField, TextAreaField, TextField } from '../_forms/fields.tsx';
import { FormFrame } from '../_forms/Form.tsx';
import { locationOption } from '../_forms/leads.ts';
import type { PartsRequestState } from './usePartsRequest.ts';

export interface PartsRequestFormProps {
  parts: PartsRequestState;
  labelledBy: string;
  optInText?: string;
  termsHref?: string;
  submitLabel: string;
}

function Suggestions({ id, values }: { id: string; values: string[] }) {
  return values.length > 0 ? (
    <datalist id={id}>
      {values.map((m) => (
        <option key={m} value={m} />
      ))}
    </datalist>
  ) : null;
}

export function PartsRequestForm({
  parts,
  labelledBy,
  optInText,
  termsHref,
  submitLabel,
}: PartsRequestFormProps) {
  const { form, captcha, flow, t, makes, models, counters } = parts;
  const listId = `${form.id}-makes`;
  const modelsId = `${form.id}-models`;
  return (
    <FormFrame {...flow.frame} labelledBy={labelledBy} className="fc-parts-request__form">
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your vehicle')}</legend>
        <div className="fc-form__row fc-form__row--3">
          <TextField
            form={form}
            name="Vehicle Make"
            label="Make"
            required
            maxLength={leadRequest_Vehicle_Make_maxLength}
            autoComplete="off"
            list={makes.length ? listId : undefined}
          />
          <TextField
            form={form}
            name="Vehicle Model"
            label="Model"
            required
            maxLength={leadRequest_Vehicle_Model_maxLength}
            autoComplete="off"
            list={models.length ? modelsId : undefined}
          />
          <TextField
            form={form}
            name="Vehicle Year"
            label="Year"
            required
            maxLength={4}
            inputMode="numeric"
            autoComplete="off"
            placeholder="e.g. 2019"
          />
        </div>
        <Suggestions id={listId} values={makes} />
        <Suggestions id={modelsId} values={models} />
        <TextField
          form={form}
          name="vin"
          label="VIN"
          maxLength={20}
          autoComplete="off"
          transform={(s) => s.toUpperCase()}
          help="The 17-character vehicle identification number, on your registration papers. It helps us find the exact part."
        />
      </fieldset>
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('The part')}</legend>
        <div className="fc-form__row fc-parts-request__part">
          <TextField
            form={form}
            name="part"
            label="Part name or number"
            required
            maxLength={leadRequest_part_maxLength}
            autoComplete="off"
            placeholder="e.g. front brake pads, or 1234567"
          />
          <TextField
            form={form}
            name="quantity"
            label="Quantity"
            required
            maxLength={2}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        {parts.askCounter && (
          <SelectField
            form={form}
            name="location_id"
            label="Preferred parts counter"
            required
            placeholder="Please select a parts counter..."
            options={counters.map(locationOption)}
          />
        )}
      </fieldset>
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your details')}</legend>
        <ContactFields form={form} region={parts.region} />
      </fieldset>
      <TextAreaField form={form} name="message" label="Anything else we should know?" rows={4} />
      <ConsentsAndSubmit
        form={form}
        captcha={captcha}
        optInText={optInText}
        terms={parts.terms}
        termsHref={termsHref}
        submitLabel={submitLabel}
      />
    </FormFrame>
  );
}
