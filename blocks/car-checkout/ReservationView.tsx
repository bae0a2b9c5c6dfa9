/** The Reserve Online form's view: it draws what useReservation.ts hands it, nothing more. */
import { enquiryForm_optInText } from '../../schemas/block-defaults.gen.ts';
import { ConsentFields, ContactFields } from '../_forms/common.tsx';
import { TextAreaField } from '../_forms/fields.tsx';
import { FormFrame, SubmitButton } from '../_forms/Form.tsx';
import type { ReservationState } from './useReservation.ts';

export interface ReservationViewProps {
  reservation: ReservationState;
  labelledBy?: string;
  submitLabel: string;
}

export function ReservationView({ reservation, labelledBy, submitLabel }: ReservationViewProps) {
  const { form, captcha, flow } = reservation;
  return (
    <FormFrame
      {...flow.frame}
      labelledBy={labelledBy}
      className="fc-enquiry-form fc-reservation-form"
    >
      <div className="fc-form__group">
        <ContactFields form={form} region={reservation.region} />
      </div>
      <div className="fc-form__group">
        <TextAreaField form={form} name="message" label="Message" />
        <ConsentFields
          form={form}
          captcha={captcha}
          optInText={enquiryForm_optInText}
          terms={reservation.terms}
        />
      </div>
      <div className="fc-form__actions">
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </FormFrame>
  );
}
