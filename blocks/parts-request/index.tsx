/**
 * Parts request (/parts/search): the visitor tells the parts team their vehicle (make,
 * model, year, and the VIN if they have it), the part they are after (name or part
 * number, how many), their details and the parts counter they prefer. It sends a Parts
 * Enquiry lead like every other form (docs/forms.md). The part starts from ?part= or
 * ?q= in the address, so a search box elsewhere can send the visitor here.
 */
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import {
  leadRequest_Vehicle_Make_maxLength,
  leadRequest_Vehicle_Model_maxLength,
  leadRequest_message_maxLength,
  leadRequest_part_maxLength,
} from '../../schemas/api-limits.gen.ts';
import type { Location } from '../../engine/site/types.ts';
import {
  BOOKING_MESSAGES,
  PARTS_ENQUIRY_CATEGORY,
  VIN_MESSAGE,
  VIN_PATTERN,
  findLocationById,
  partsLocations,
  vehicleYearRange,
} from '../../engine/api/service-booking.ts';
import type { PartsRequestProps } from '../../schemas/resolved.gen.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { ConsentFields, ContactFields, contactRules, termsRule } from '../_forms/common.tsx';
import { SelectField, TextAreaField, TextField } from '../_forms/fields.tsx';
import { FormFrame, FormSection, SubmitButton } from '../_forms/Form.tsx';
import { leadStored, locationOption, sendLead } from '../_forms/leads.ts';
import { leadPayload, type LeadDetails } from '../_forms/payload.ts';
import { maxLength, required, type Check, type FieldRule } from '../_forms/rules.ts';
import { useForm } from '../_forms/useForm.ts';
import { useLeadSubmit } from '../_forms/useLeadSubmit.ts';
import '../_forms/forms.css';
import './parts-request.css';

export const MAX_QUANTITY = 99;

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The vehicle's year: four digits, from 1950 to next year. */
export const vehicleYear =
  (now: () => Date = () => new Date()): Check =>
  (v) => {
    const s = trimmed(v);
    if (!s) return 'Please enter the year of your vehicle, e.g. 2019.';
    const { min, max } = vehicleYearRange(now());
    const n = /^\d{4}$/.test(s) ? Number(s) : NaN;
    return n >= min && n <= max ? undefined : `Please enter a year from ${min} to ${max}.`;
  };

/** Optional VIN: 17 letters and digits, never I, O or Q (the lead schema's rule). */
export const vin: Check = (v) => {
  const s = trimmed(v).replace(/\s+/g, '');
  return !s || VIN_PATTERN.test(s) ? undefined : VIN_MESSAGE;
};

/** How many: a whole number from 1 to 99. */
export const quantity: Check = (v) => {
  const s = trimmed(v);
  return /^\d{1,2}$/.test(s) && Number(s) >= 1 && Number(s) <= MAX_QUANTITY
    ? undefined
    : `Please enter how many you need, from 1 to ${MAX_QUANTITY}.`;
};

/** Suggestions for the make box: the makes the site's dealerships sell. */
function makesOf(site: { dealerships: { manufacturers?: string[] }[] }): string[] {
  return [...new Set(site.dealerships.flatMap((d) => d.manufacturers ?? []))];
}

interface FormProps {
  props: PartsRequestProps;
  formId: string;
  labelledBy: string;
  counters: Location[];
}

function PartsRequestForm({ props, formId, labelledBy, counters }: FormProps) {
  const { site, data, region, t } = useSite();
  const navigate = useNavigate();
  const { search } = useLocation();
  const optInText = props.optInText;
  const terms = Boolean(site.features.termsAgreement);
  const askCounter = counters.length > 1;
  const query = new URLSearchParams(search);
  const startPart = (query.get('part') ?? query.get('q') ?? '').slice(0, 200);

  const form = useForm({
    initial: {
      'Vehicle Make': '',
      'Vehicle Model': '',
      'Vehicle Year': '',
      vin: '',
      part: startPart,
      quantity: '1',
      location_id: counters.length === 1 ? String(counters[0].id) : '',
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
  const listId = `${form.id}-makes`;
  const modelsId = `${form.id}-models`;
  const makes = makesOf(site);
  const make = trimmed(form.values['Vehicle Make']).toLowerCase();
  const models = data.models
    .filter((m) => m.manufacturer_name.toLowerCase() === make)
    .map((m) => m.name);

  const rules = useMemo<FieldRule[]>(() => {
    const list: FieldRule[] = [
      {
        name: 'Vehicle Make',
        label: 'Make',
        checks: [
          required('', 'enter', 'Please enter the make of your vehicle.'),
          maxLength(leadRequest_Vehicle_Make_maxLength, 'Make'),
        ],
      },
      {
        name: 'Vehicle Model',
        label: 'Model',
        checks: [
          required('', 'enter', 'Please enter the model of your vehicle.'),
          maxLength(leadRequest_Vehicle_Model_maxLength, 'Model'),
        ],
      },
      { name: 'Vehicle Year', label: 'Year', checks: [vehicleYear()] },
      { name: 'vin', label: 'VIN', checks: [vin] },
      {
        name: 'part',
        label: 'Part name or number',
        checks: [
          required('', 'enter', BOOKING_MESSAGES.part),
          maxLength(leadRequest_part_maxLength, 'Part name or number'),
        ],
      },
      { name: 'quantity', label: 'Quantity', checks: [quantity] },
    ];
    if (askCounter)
      list.push({
        name: 'location_id',
        label: 'Preferred parts counter',
        checks: [required('', 'select', 'Please choose a parts counter.')],
      });
    list.push(...contactRules(region.region), {
      name: 'message',
      label: 'Anything else',
      checks: [maxLength(leadRequest_message_maxLength, 'Message')],
    });
    if (terms) list.push(termsRule);
    if (captcha.enabled) list.push(captcha.rule);
    return list;
  }, [askCounter, region.region, terms, captcha.enabled, captcha.rule]);

  const lead = useLeadSubmit({
    form,
    captcha,
    send: (submissionId) => {
      const values = form.values;
      const text = (k: string) => trimmed(values[k]) || undefined;
      const counter = findLocationById(counters, values.location_id);
      const details: LeadDetails = {
        name: text('name') ?? '',
        last_name: text('last_name'),
        email: text('email'),
        phone: text('phone'),
        message: text('message'),
        category: PARTS_ENQUIRY_CATEGORY,
        'Vehicle Make': text('Vehicle Make'),
        'Vehicle Model': text('Vehicle Model'),
        'Vehicle Year': text('Vehicle Year') ? Number(text('Vehicle Year')) : undefined,
        vin: text('vin')?.replace(/\s+/g, '').toUpperCase(),
        part: text('part'),
        quantity: Number(text('quantity') ?? '1'),
        location_id: counter?.id,
        dealership_slug:
          counter && site.dealerships.some((d) => d.slug === counter.dealership_slug)
            ? counter.dealership_slug
            : undefined,
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
        category: PARTS_ENQUIRY_CATEGORY,
        formId,
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
      className="fc-parts-request__form"
    >
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
        {makes.length > 0 && (
          <datalist id={listId}>
            {makes.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
        {models.length > 0 && (
          <datalist id={modelsId}>
            {models.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
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
        {askCounter && (
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
        <ContactFields form={form} region={region.region} />
      </fieldset>
      <TextAreaField form={form} name="message" label="Anything else we should know?" rows={4} />
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

export default defineBlock<PartsRequestProps>({
  // The section carries id={block.id}: links may jump to it (#parts-request), so the renderer adds no anchor of its own.
  ownAnchor: true,
  component: function PartsRequestBlock({ props, block }) {
    const { site } = useSite();
    const counters = useMemo(() => partsLocations(site.locations), [site.locations]);
    return (
      <FormSection
        block={block}
        className="fc-parts-request"
        heading={props.heading}
        intro={props.intro}
      >
        {(headingId) => (
          <PartsRequestForm
            props={props}
            formId={block.id}
            labelledBy={headingId}
            counters={counters}
          />
        )}
      </FormSection>
    );
  },
});
