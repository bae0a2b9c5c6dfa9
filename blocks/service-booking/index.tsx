/**
 * Service booking (/service#service-booking, /ford-service). The visitor picks a service
 * centre, the kind of service, a day and one of the drop-off times that centre offers that
 * day, then their details and (optionally) their car and notes. It sends a Service
 * Booking lead like every other form (docs/forms.md).
 *
 * The hours rule is one module shared with the server (engine/api/service-booking.ts):
 * the times offered come from bookingSlots, the checks from serviceBookingErrors, and
 * POST /api/leads re-checks the booking with the same functions.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  leadRequest_Rego_maxLength,
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
  leadRequest_message_maxLength,
} from '../../schemas/api-limits.gen.ts';
import { telHref } from '../../engine/sanitize/url.ts';
import type { Location } from '../../engine/site/types.ts';
import {
  BOOKING_MESSAGES,
  BOOKING_RULES,
  SERVICE_BOOKING_CATEGORY,
  bookingDateRange,
  bookingSlots,
  closedDayMessage,
  dayHoursLabel,
  findLocationById,
  serviceBookingErrors,
  serviceLocations,
} from '../../engine/api/service-booking.ts';
import { clockLabel, hoursOn, isDate, minutesOfDay } from '../../engine/api/booking-hours.ts';
import type { ServiceBookingProps } from '../../schemas/resolved.gen.ts';
import { summariseHours, type Locale } from '../_shared/opening-hours.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { ConsentFields, ContactFields, contactRules, termsRule } from '../_forms/common.tsx';
import { SelectField, TextAreaField, TextField } from '../_forms/fields.tsx';
import { FormFrame, FormSection, SubmitButton } from '../_forms/Form.tsx';
import { leadStored, locationOption, sendLead } from '../_forms/leads.ts';
import { leadPayload, type LeadDetails } from '../_forms/payload.ts';
import {
  maxLength,
  plateCheck,
  required,
  type Check,
  type FieldRule,
  type Values,
} from '../_forms/rules.ts';
import { useForm } from '../_forms/useForm.ts';
import { useLeadSubmit } from '../_forms/useLeadSubmit.ts';
import '../_forms/forms.css';
import './service-booking.css';

/** "Service hours: Monday – Friday 7:00 am – 5:00 pm; Saturday 7:30 am – 12:00 pm; Sunday Closed." */
export function serviceHoursLine(location: Location, locale: Locale): string | undefined {
  const rows = summariseHours(location.contact_detail?.opening_hours, locale);
  return rows.length
    ? `Service hours: ${rows.map((r) => `${r.label} ${r.hours}`).join('; ')}.`
    : undefined;
}

interface FormProps {
  props: ServiceBookingProps;
  formId: string;
  labelledBy: string;
  centres: Location[];
}

function ServiceBookingForm({ props, formId, labelledBy, centres }: FormProps) {
  const { site, region, t, m } = useSite();
  const navigate = useNavigate();
  const { slotMinutes, serviceTypes, optInText } = props;
  const terms = Boolean(site.features.termsAgreement);

  const form = useForm({
    initial: {
      location_id: centres.length === 1 ? String(centres[0].id) : '',
      service_type: '',
      booking_date: '',
      booking_time: '',
      Rego: '',
      'Vehicle Make': '',
      'Vehicle Model': '',
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
  const captcha = useCaptcha(site, form);
  const v = form.values;
  const centre = findLocationById(centres, v.location_id);
  const date = typeof v.booking_date === 'string' ? v.booking_date : '';
  const time = typeof v.booking_time === 'string' ? v.booking_time : '';

  // The visitor's clock matters only in the browser: the server renders no dates or times.
  const [range, setRange] = useState<{ min: string; max: string } | undefined>();
  useEffect(() => {
    if (form.hydrated) setRange(bookingDateRange(centre, site, new Date()));
  }, [form.hydrated, centre, site]);

  /** The browser's side of the shared rule: now, with an hour's notice and the block's slot size. */
  const clock = useCallback(
    () => ({ now: new Date(), noticeMinutes: BOOKING_RULES.noticeMinutes, slotMinutes }),
    [slotMinutes],
  );
  const slots = useMemo(
    () =>
      form.hydrated && centre && isDate(date) ? bookingSlots(centre, site, date, clock()) : [],
    [form.hydrated, centre, site, date, clock],
  );

  // A time that the newly chosen centre or day does not offer is cleared, so the select never shows a time it has not got.
  useEffect(() => {
    if (time && form.hydrated && !slots.includes(time)) form.set('booking_time', '');
  }, [slots, time, form]);

  const rules = useMemo<FieldRule[]>(() => {
    const booking =
      (field: 'location_id' | 'booking_date' | 'booking_time'): Check =>
      (_value, values: Values) =>
        serviceBookingErrors(site, values, clock()).find((e) => e.path === `/${field}`)?.message;
    const list: FieldRule[] = [
      { name: 'location_id', label: t('Service centre'), checks: [booking('location_id')] },
      {
        name: 'service_type',
        label: 'Type of service',
        checks: [required('', 'select', 'Please choose the type of service.')],
      },
      { name: 'booking_date', label: 'Date', checks: [booking('booking_date')] },
      { name: 'booking_time', label: 'Drop-off time', checks: [booking('booking_time')] },
      { name: 'Rego', label: m('plate.field'), checks: [plateCheck(m('plate.invalid'))] },
      {
        name: 'Vehicle Make',
        label: 'Make',
        checks: [maxLength(leadRequest_Vehicle_Make_maxLength, 'Make')],
      },
      {
        name: 'Vehicle Model',
        label: 'Model',
        checks: [maxLength(leadRequest_Vehicle_Model_maxLength, 'Model')],
      },
      ...contactRules(region.region),
      {
        name: 'message',
        label: 'Notes',
        checks: [maxLength(leadRequest_message_maxLength, 'Notes')],
      },
    ];
    if (terms) list.push(termsRule);
    if (captcha.enabled) list.push(captcha.rule);
    return list;
  }, [site, clock, region.region, terms, captcha.enabled, captcha.rule, t, m]);

  const dayStatus = (): string => {
    if (!centre) return t('Choose a service centre first.');
    if (!isDate(date)) return 'Choose the day you would like to drop your car off.';
    if (range && date < range.min) return BOOKING_MESSAGES.pastDate;
    if (range && date > range.max) return BOOKING_MESSAGES.farDate;
    const day = hoursOn(centre, date);
    if (!day.open) return closedDayMessage(centre, day, date)!;
    const hours = `Open ${dayHoursLabel(day, region.region)}${day.holiday ? ` (${day.holiday} hours)` : ''}.`;
    return form.hydrated && !slots.length
      ? `${hours} There are no times left to book on that day.`
      : hours;
  };

  const lead = useLeadSubmit({
    form,
    captcha,
    send: (submissionId) => {
      const values = form.values;
      const text = (k: string) =>
        typeof values[k] === 'string' && (values[k] as string).trim()
          ? (values[k] as string).trim()
          : undefined;
      const chosen = findLocationById(centres, values.location_id);
      const details: LeadDetails = {
        name: text('name') ?? '',
        last_name: text('last_name'),
        email: text('email'),
        phone: text('phone'),
        message: text('message'),
        category: SERVICE_BOOKING_CATEGORY,
        location_id: chosen?.id,
        dealership_slug:
          chosen && site.dealerships.some((d) => d.slug === chosen.dealership_slug)
            ? chosen.dealership_slug
            : undefined,
        service_type: text('service_type'),
        booking_date: text('booking_date'),
        booking_time: text('booking_time'),
        Rego: text('Rego')?.toUpperCase(),
        'Vehicle Make': text('Vehicle Make'),
        'Vehicle Model': text('Vehicle Model'),
        opt_in: optInText ? values.opt_in === true : undefined,
        ...(terms ? { terms_conditions: values.terms_conditions === true } : {}),
      };
      const solution = captcha.solution();
      if (solution) details.captcha = solution;
      return sendLead(
        site,
        leadPayload({ siteSlug: site.slug, submissionId, isLastStep: true, details }),
      );
    },
    stored: (result) => {
      leadStored({
        siteSlug: site.slug,
        leadId: result.leadId,
        category: SERVICE_BOOKING_CATEGORY,
        formId,
      });
      navigate('/success');
    },
  });
  const onSubmit = () => void lead.submit(rules);

  // The day's hours as the visitor picks (announced politely); not repeated when it is the date's error.
  const status = dayStatus();
  const timeOptions = slots.map((s) => ({
    value: s,
    label: clockLabel(minutesOfDay(s)!, region.region),
  }));
  const timePlaceholder =
    !centre || !isDate(date)
      ? 'Choose a date first'
      : slots.length
        ? 'Please select a time...'
        : 'No times available';

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      onRetry={lead.canRetry ? () => void lead.retry() : undefined}
      labelledBy={labelledBy}
      className="fc-service-booking__form"
    >
      <fieldset className="fc-form__fieldset">
        <legend className="fc-form__legend">{t('Your booking')}</legend>
        <SelectField
          form={form}
          name="location_id"
          label={t('Service centre')}
          required
          placeholder={centres.length === 1 ? undefined : t('Please select a service centre...')}
          options={centres.map(locationOption)}
          help={centre ? serviceHoursLine(centre, region.locale) : undefined}
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
              status === form.errorFor('booking_date') ? undefined : (
                <span aria-live="polite">{status}</span>
              )
            }
          />
          <SelectField
            form={form}
            name="booking_time"
            label="Drop-off time"
            required
            placeholder={timePlaceholder}
            options={timeOptions}
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
            label={m('plate.field')}
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
        <ContactFields form={form} region={region.region} />
      </fieldset>
      <TextAreaField
        form={form}
        name="message"
        label="Notes"
        rows={4}
        placeholder="e.g. a noise when braking, a warning light, or if you need a courtesy car"
      />
      <ConsentFields
        form={form}
        captcha={captcha}
        optInText={optInText}
        terms={Boolean(terms)}
        termsHref={props.termsHref}
      />
      <div className="fc-form__actions">
        <SubmitButton form={form}>{props.submitLabel}</SubmitButton>
      </div>
    </FormFrame>
  );
}

export default defineBlock<ServiceBookingProps>({
  // The section carries id={block.id}: links jump to it (#service-booking), so the renderer adds no anchor of its own.
  ownAnchor: true,
  component: function ServiceBookingBlock({ props, block }) {
    const { site, t } = useSite();
    const centres = useMemo(() => serviceLocations(site.locations), [site.locations]);
    const phone = centres[0]?.contact_detail?.phone ?? site.locations[0]?.contact_detail?.phone;
    return (
      <FormSection
        block={block}
        className="fc-service-booking"
        heading={props.heading}
        intro={props.intro}
      >
        {(headingId) =>
          centres.length ? (
            <ServiceBookingForm
              props={props}
              formId={block.id}
              labelledBy={headingId}
              centres={centres}
            />
          ) : (
            <p className="fc-service-booking__none">
              {t('Online booking is not available at the moment.')}{' '}
              {phone ? (
                <>
                  Please call us on <a href={telHref(phone)}>{phone}</a> to book.
                </>
              ) : (
                'Please contact us to book.'
              )}
            </p>
          )
        }
      </FormSection>
    );
  },
});
