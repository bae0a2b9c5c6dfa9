/** The service booking form's view: it draws what useServiceBooking.ts hands it, nothing more. */
import {
  leadRequest_Rego_maxLength,
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
} from '../../schemas/api-limits.gen.ts';
import { ContactFields } from '../_forms/common.tsx';
import { ConsentsAndSubmit } from '../_forms/ConsentsAndSubmit.tsx';
import { SelectField, TextAreaField, TextField } from '../_forms/fields.tsx';
import { FormFrame } from '../_forms/Form.tsx';
import { locationOption } from '../_forms/leads.ts';
import type { ServiceBookingState } from './useServiceBooking.ts';

export interface ServiceBookingFormProps {
  booking: ServiceBookingState;
  labelledBy: string;
  serviceTypes: string[];
  slotMinutes: number;
  optInText?: string;
  termsHref?: string;
  submitLabel: string;
}

export function ServiceBookingForm({
  booking,
  labelledBy,
  serviceTypes,
  slotMinutes,
  optInText,
  termsHref,
  submitLabel,
}: ServiceBookingFormProps) {
  const { form, captcha, flow, t, centres, range, dayStatus } = booking;
  return (
    <FormFrame {...flow.frame} labelledBy={labelledBy} className="fc-service-booking__form">
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your booking')}</legend>
        <SelectField
          form={form}
          name="location_id"
          label={t('Service centre')}
          required
          placeholder={centres.length === 1 ? undefined : t('Please select a service centre...')}
          options={centres.map(locationOption)}
          help={booking.hoursLine}
        />
        <SelectField
          form={form}
          name="service_type"
          label="Type of service"
          required
          placeholder="Please select..."
          options={serviceTypes.map((s) => ({ value: s, label: t(s) }))}
        />
        <div className="fc-form__row fc-form__row--2">
          <TextField
            form={form}
            name="booking_date"
            label="Date"
            type="date"
            required
            min={range?.min}
            max={range?.max}
            autoComplete="off"
            help={
              // Not repeated when it is the date's error.
              dayStatus === form.errorFor('booking_date') ? undefined : (
                <span aria-live="polite">{dayStatus}</span>
              )
            }
          />
          <SelectField
            form={form}
            name="booking_time"
            label="Drop-off time"
            required
            placeholder={booking.timePlaceholder}
            options={booking.timeOptions}
            help={`Times every ${slotMinutes} minutes within service hours.`}
          />
        </div>
      </fieldset>
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your car')}</legend>
        <div className="fc-form__row fc-form__row--3">
          <TextField
            form={form}
            name="Rego"
            label={booking.plateLabel}
            maxLength={leadRequest_Rego_maxLength}
            autoComplete="off"
            transform={(s) => s.toUpperCase()}
          />
          <TextField
            form={form}
            name="Vehicle Make"
            label="Make"
            maxLength={leadRequest_Vehicle_Make_maxLength}
            autoComplete="off"
            placeholder="e.g. Ford"
          />
          <TextField
            form={form}
            name="Vehicle Model"
            label="Model"
            maxLength={leadRequest_Vehicle_Model_maxLength}
            autoComplete="off"
            placeholder="e.g. Ranger"
          />
        </div>
      </fieldset>
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your details')}</legend>
        <ContactFields form={form} region={booking.region} />
      </fieldset>
      <TextAreaField
        form={form}
        name="message"
        label="Notes"
        rows={4}
        placeholder="e.g. a noise when braking, a warning light, or if you need a courtesy car"
      />
      <ConsentsAndSubmit
        form={form}
        captcha={captcha}
        optInText={optInText}
        terms={booking.terms}
        termsHref={termsHref}
        submitLabel={submitLabel}
      />
    </FormFrame>
  );
}
