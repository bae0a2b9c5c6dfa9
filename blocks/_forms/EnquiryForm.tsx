/**
 * The enquiry form, shared by the enquiry-form, test-drive-form and request-photos
 * blocks and by EnquiryModal (car cards, car detail page).
 *
 * Multi-step: earlier steps only check their fields and move on; the last step sends
 * the lead. With a lead_id the car is recorded, the success category stored and the
 * visitor goes to /success; otherwise the API's error (or "An unexpected error
 * occured") shows and everything typed stays.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  leadRequest_Rego_maxLength,
  leadRequest_message_maxLength,
} from '../../schemas/api-limits.gen.ts';
import { enquiryForm_category, enquiryForm_submitLabel } from '../../schemas/block-defaults.gen.ts';
import { leadEventId } from '../_shared/analytics.ts';
import { useCaptcha } from './Captcha.tsx';
import { DealershipField } from './DealershipField.tsx';
import { FormFrame, StepHeading, SubmitButton } from './Form.tsx';
import { SelectField, TextAreaField, TextField } from './fields.tsx';
import {
  ConsentFields,
  ContactFields,
  DEFAULT_OPT_IN,
  contactRules,
  termsRule,
} from './common.tsx';
import { carEnquiryCategory, leadStored, locationOptions, sendLead } from './leads.ts';
import { fieldNameOf } from './api.ts';
import { leadPayload, type LeadDetails } from './payload.ts';
import {
  GENERAL_ENQUIRY,
  enquiryLayout,
  maxLength,
  plateCheck,
  required,
  type Check,
  type FieldRule,
  type Values,
} from './rules.ts';
import { MESSAGES } from './messages.ts';
import type { CarSummary } from './car.ts';
import { useForm } from './useForm.ts';
import { useLeadSubmit } from './useLeadSubmit.ts';

export type EnquiryMode = 'enquiry' | 'test-drive' | 'photos';

export interface EnquiryFormProps {
  mode: EnquiryMode;
  /** The car the enquiry is about (none on a general enquiry). */
  car?: CarSummary;
  /** Lead category of a form without a car (General Enquiry adds the category select). */
  category?: string;
  /** Sets the lead category whatever the car (e.g. "Reserve Online" on the checkout page). */
  leadCategory?: string;
  categoryOptions?: string[];
  steps?: 'one' | 'two';
  askRego?: boolean;
  optInText?: string;
  termsHref?: string;
  submitLabel?: string;
  /** Reported with the analytics event (the block id). */
  formId: string;
  /** Id of the heading naming the form. */
  labelledBy?: string;
  successPath?: string;
}

/** A preferred time must be in the future (datetime-local gives local time, no zone). */
export const futureDateTime: Check = (v) => {
  if (typeof v !== 'string' || v === '') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v))
    return 'Please enter a date and time, e.g. 25/12/2025 10:30 AM.';
  return Date.parse(v) > Date.now() ? undefined : 'Please choose a date and time in the future.';
};

function categoryOf(mode: EnquiryMode, car: CarSummary | undefined, category: string) {
  if (mode === 'test-drive') return 'Test Drive';
  if (mode === 'photos') return 'Request Photos';
  return car ? carEnquiryCategory(car) : category;
}

export function EnquiryForm(props: EnquiryFormProps) {
  const { site, region, t, m } = useSite();
  const navigate = useNavigate();
  const { mode, car, formId, labelledBy, successPath = '/success' } = props;
  const category =
    props.leadCategory ?? categoryOf(mode, car, props.category ?? enquiryForm_category);
  const categoryOptions = props.categoryOptions?.length ? props.categoryOptions : [GENERAL_ENQUIRY];
  const layout = enquiryLayout(site.features, {
    car,
    category: mode === 'enquiry' ? category : mode,
    dealershipCount: site.dealerships.length,
    locationCount: locationOptions(site, car).length,
  });
  const optInText = props.optInText ?? DEFAULT_OPT_IN;

  const form = useForm({
    initial: {
      name: '',
      last_name: '',
      email: '',
      phone: '',
      message: '',
      'category select': categoryOptions[0],
      location: '',
      dealership_slug: '',
      Rego: '',
      booking_datetime: '',
      opt_in: false,
      terms_conditions: false,
      captcha: '',
      captcha_token: '',
    },
  });
  const captcha = useCaptcha(site, form, layout.captcha);
  const [step, setStep] = useState(1);
  const moved = useRef(false);
  const [minDate, setMinDate] = useState<string | undefined>();
  useEffect(() => {
    // Only in the browser: the server does not know the visitor's clock.
    const d = new Date(Date.now() + 60 * 60_000);
    setMinDate(new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
  }, []);

  const chosenCategory = String(form.values['category select'] ?? '');
  const showRego =
    props.askRego || (layout.categorySelect && /service|parts/i.test(chosenCategory));
  const messageRequired = mode === 'enquiry' && layout.messageRequired;

  const rules = useMemo(() => {
    const details: FieldRule[] = contactRules(region.region);
    const enquiry: FieldRule[] = [];
    if (layout.categorySelect)
      enquiry.push({
        name: 'category select',
        label: 'Enquiry about',
        checks: [required('', 'select', MESSAGES.category)],
      });
    if (layout.location)
      enquiry.push({
        name: 'location',
        label: 'Location',
        checks: [required('', 'select', MESSAGES.location)],
      });
    if (layout.dealership)
      enquiry.push({
        name: 'dealership_slug',
        label: 'Dealership',
        checks: [required('', 'select', MESSAGES.dealership)],
      });
    if (mode === 'test-drive')
      enquiry.push({
        name: 'booking_datetime',
        label: 'Preferred date and time',
        checks: [futureDateTime],
      });
    if (showRego)
      enquiry.push({
        name: 'Rego',
        label: m('plate.field'),
        checks: [plateCheck(m('plate.invalid'))],
      });
    enquiry.push({
      name: 'message',
      label: 'Message',
      checks: messageRequired
        ? [
            required('', 'enter', MESSAGES.message),
            maxLength(leadRequest_message_maxLength, 'Message'),
          ]
        : [maxLength(leadRequest_message_maxLength, 'Message')],
    });
    if (layout.terms) enquiry.push(termsRule);
    if (layout.captcha) enquiry.push(captcha.rule);
    return props.steps === 'one' ? [[...details, ...enquiry]] : [details, enquiry];
  }, [layout, mode, showRego, messageRequired, region.region, captcha.rule, props.steps, m]);

  const stepCount = rules.length;
  const stepTitles = [
    'Your details',
    mode === 'test-drive'
      ? 'Your test drive'
      : mode === 'photos'
        ? 'What you would like to see'
        : 'Your enquiry',
  ];
  const stepHeadingId = `${form.id}-step`;

  useEffect(() => {
    if (moved.current) document.getElementById(stepHeadingId)?.focus();
  }, [step, stepHeadingId]);

  const goTo = (n: number) => {
    moved.current = true;
    setStep(n);
  };

  const stepOfField = (name: string) =>
    rules.findIndex((list) => list.some((r) => r.name === name)) + 1;

  const details = (values: Values): LeadDetails => {
    const text = (k: string) => (typeof values[k] === 'string' ? (values[k] as string) : undefined);
    const d: LeadDetails = {
      name: text('name') ?? '',
      last_name: text('last_name'),
      email: text('email'),
      phone: text('phone'),
      message: text('message'),
      category,
      opt_in: optInText ? values.opt_in === true : undefined,
    };
    if (layout.categorySelect) d['category select'] = text('category select');
    if (layout.location && text('location')) d.location = Number(text('location'));
    if (layout.dealership) d.dealership_slug = text('dealership_slug');
    else if (car?.dealership_slug) d.dealership_slug = car.dealership_slug;
    if (showRego) d.Rego = text('Rego');
    if (mode === 'test-drive') d.booking_datetime = text('booking_datetime');
    if (layout.terms) d.terms_conditions = values.terms_conditions === true;
    const solution = captcha.solution();
    if (solution) d.captcha = solution;
    return d;
  };

  const kind = mode === 'test-drive' ? 'test-drive' : 'enquiry';
  const eventId =
    mode === 'enquiry' && !car && category !== GENERAL_ENQUIRY ? undefined : leadEventId(kind, car);
  const lead = useLeadSubmit({
    form,
    captcha,
    // The event id goes with the lead too, so staff see what the dataLayer saw (docs/forms.md, "Analytics").
    send: (submissionId) =>
      sendLead(
        site,
        leadPayload({
          siteSlug: site.slug,
          submissionId,
          isLastStep: true,
          car,
          details: { ...details(form.values), event_id: eventId },
        }),
      ),
    stored: (result) => {
      leadStored({ siteSlug: site.slug, leadId: result.leadId, category, car, eventId, formId });
      navigate(successPath);
    },
    // A multi-step form goes back to the step with the server's first field error.
    failed: (result) => {
      const firstField = result.fields
        .map((f) => fieldNameOf(f.path))
        .find((n) => stepOfField(n) > 0);
      if (firstField && stepOfField(firstField) !== step) goTo(stepOfField(firstField));
    },
  });

  const onSubmit = () => {
    if (step < stepCount) {
      if (form.check(rules[step - 1])) goTo(step + 1);
      return;
    }
    const all = rules.flat();
    if (!form.check(all)) {
      const first = all.find((r) =>
        r.checks.some((c) => c(form.values[r.name] ?? '', form.values)),
      );
      if (first && stepOfField(first.name) !== step) goTo(stepOfField(first.name));
      return;
    }
    void lead.submit();
  };

  const visible = (n: number) => stepCount === 1 || step === n;
  const detailsStep = 1;
  const enquiryStep = stepCount === 1 ? 1 : 2;
  const last = step === stepCount;
  const submitLabel = last ? (props.submitLabel ?? enquiryForm_submitLabel) : 'Continue';

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      onRetry={lead.canRetry ? () => void lead.retry() : undefined}
      labelledBy={labelledBy}
      className={`fc-enquiry-form fc-enquiry-form--${mode}`}
    >
      <StepHeading step={step} count={stepCount} title={stepTitles[step - 1]} id={stepHeadingId} />
      {visible(detailsStep) && (
        <div className="fc-form__group">
          <ContactFields form={form} region={region.region} />
        </div>
      )}
      {visible(enquiryStep) && (
        <div className="fc-form__group">
          {layout.categorySelect && (
            <SelectField
              form={form}
              name="category select"
              label="Enquiry about"
              required
              options={categoryOptions.map((c) => ({ value: c, label: t(c) }))}
            />
          )}
          {layout.location && (
            <SelectField
              form={form}
              name="location"
              label="Location"
              required
              placeholder="Please select a location..."
              options={locationOptions(site, car)}
            />
          )}
          {layout.dealership && <DealershipField form={form} site={site} />}
          {mode === 'test-drive' && (
            <TextField
              form={form}
              name="booking_datetime"
              label="Preferred date and time"
              type="datetime-local"
              min={minDate}
              help="We'll confirm the time with you."
            />
          )}
          {showRego && (
            <TextField
              form={form}
              name="Rego"
              label={m('plate.field')}
              maxLength={leadRequest_Rego_maxLength}
              autoComplete="off"
              transform={(v) => v.toUpperCase()}
            />
          )}
          <TextAreaField
            form={form}
            name="message"
            label={mode === 'photos' ? 'What would you like to see?' : 'Message'}
            required={messageRequired}
            placeholder={
              mode === 'photos' ? t('e.g. the interior, the tyres, a walk-around video') : undefined
            }
          />
          <ConsentFields
            form={form}
            captcha={captcha}
            optInText={optInText}
            terms={Boolean(layout.terms)}
            termsHref={props.termsHref}
          />
        </div>
      )}
      <div className="fc-form__actions">
        {stepCount > 1 && step > 1 && (
          <button
            type="button"
            className="fc-button fc-button--secondary"
            onClick={() => goTo(step - 1)}
            disabled={form.status === 'submitting'}
          >
            Back
          </button>
        )}
        <SubmitButton form={form}>{submitLabel}</SubmitButton>
      </div>
    </FormFrame>
  );
}
