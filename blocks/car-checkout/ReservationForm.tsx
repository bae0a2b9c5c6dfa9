/**
 * The Reserve Online form (docs/forms.md, "Reserve online"): the buyer's details (the
 * signed-in buyer's mobile filled in), an optional message, the consents, then
 * POST {api}/reservations. A stored reservation goes to /success, which thanks the buyer
 * for the reservation and says until when the car is held and how the deposit is paid; a car
 * reserved meanwhile by someone else answers 409 and the form says so.
 */
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import { leadRequest_message_maxLength } from '../../schemas/api-limits.gen.ts';
import { enquiryForm_optInText } from '../../schemas/block-defaults.gen.ts';
import { RESERVATION_CATEGORY } from '../../engine/api/reservations/terms.ts';
import { leadEventId } from '../_shared/analytics.ts';
import { useSession } from '../_shared/session.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { carTitle, type CarSummary } from '../_forms/car.ts';
import { ConsentFields, ContactFields, contactRules, termsRule } from '../_forms/common.tsx';
import { TextAreaField } from '../_forms/fields.tsx';
import { FormFrame, SubmitButton } from '../_forms/Form.tsx';
import { leadStored } from '../_forms/leads.ts';
import { maxLength, type FieldRule, type Values } from '../_forms/rules.ts';
import { storeSuccess } from '../_forms/storage.ts';
import { phoneForDisplay } from '../../engine/api/regional.ts';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';
import { useForm } from '../_forms/useForm.ts';
import { useLeadSubmit } from '../_forms/useLeadSubmit.ts';
import { reservationPayload, sendReservation, type ReservationDetails } from './reservation.ts';

export interface ReservationFormProps {
  car: CarSummary;
  /** Reported with the analytics event (the block id). */
  formId: string;
  labelledBy?: string;
  submitLabel: string;
}

const text = (values: Values, k: string) =>
  typeof values[k] === 'string' ? (values[k] as string) : undefined;

export function ReservationForm({ car, formId, labelledBy, submitLabel }: ReservationFormProps) {
  const { site, region } = useSite();
  const navigate = useNavigate();
  const session = useSession();
  const form = useForm({
    initial: {
      name: '',
      last_name: '',
      email: '',
      phone: '',
      message: '',
      opt_in: false,
      terms_conditions: false,
      captcha: '',
      captcha_token: '',
    },
  });
  const captcha = useCaptcha(site, form, site.features.captcha);
  const terms = Boolean(site.features.termsAgreement);

  // The signed-in buyer's mobile (docs/forms.md, "Sign-in and gated pages"), unless one is typed already.
  const signedInPhone = session?.phone_number;
  useEffect(() => {
    if (signedInPhone && !text(form.values, 'phone'))
      form.setMany({ phone: phoneForDisplay(region.region, signedInPhone) });
    // Only when the session becomes known: the buyer's own edits win afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [signedInPhone]);

  const rules = useMemo<FieldRule[]>(
    () => [
      ...contactRules(region.region),
      // A reservation needs no message (docs/forms.md, "Reserve online").
      {
        name: 'message',
        label: 'Message',
        checks: [maxLength(leadRequest_message_maxLength, 'Message')],
      },
      ...(terms ? [termsRule] : []),
      ...(site.features.captcha ? [captcha.rule] : []),
    ],
    [region.region, terms, site.features.captcha, captcha.rule],
  );

  const details = (values: Values): ReservationDetails => ({
    name: text(values, 'name') ?? '',
    last_name: text(values, 'last_name'),
    email: text(values, 'email') ?? '',
    phone: text(values, 'phone') ?? '',
    message: text(values, 'message'),
    opt_in: values.opt_in === true,
    ...(terms ? { terms_conditions: values.terms_conditions === true } : {}),
    ...(captcha.solution() ? { captcha: captcha.solution() } : {}),
  });

  const eventId = leadEventId('enquiry', car);
  const lead = useLeadSubmit({
    form,
    captcha,
    send: (submissionId) =>
      sendReservation(
        site,
        reservationPayload({
          siteSlug: site.slug,
          submissionId,
          carId: car.id,
          eventId,
          details: details(form.values),
        }),
      ),
    stored: (result) => {
      leadStored({
        siteSlug: site.slug,
        leadId: result.leadId,
        category: RESERVATION_CATEGORY,
        car,
        eventId,
        formId,
      });
      storeSuccess(site.slug, {
        category: RESERVATION_CATEGORY,
        lead_id: result.leadId,
        car_name: carTitle(car),
        held_until: result.reservation?.held_until,
        // The hold ends at the dealer's hour: said in the car's yard's time zone, named.
        time_zone:
          site.locations.find((l) => l.id === car.location_id && l.time_zone)?.time_zone ??
          dealerTimeZone(site),
        deposit_instructions: result.reservation?.deposit.instructions,
      });
      navigate('/success');
    },
  });
  const onSubmit = () => void lead.submit(rules);

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      onRetry={lead.canRetry ? () => void lead.retry() : undefined}
      labelledBy={labelledBy}
      className="fc-enquiry-form fc-reservation-form"
    >
      <div className="fc-form__group">
        <ContactFields form={form} region={region.region} />
      </div>
      <div className="fc-form__group">
        <TextAreaField form={form} name="message" label="Message" />
        <ConsentFields
          form={form}
          captcha={captcha}
          optInText={enquiryForm_optInText}
          terms={terms}
        />
      </div>
      <div className="fc-form__actions">
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </FormFrame>
  );
}
