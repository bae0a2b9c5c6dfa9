/**
 * The trade-in flow (docs/forms.md, "Trade-in and sell my car"), shared by trade-in and sell-my-car:
 *   1. your details → the lead is created (POST {api}/leads, isLastStep false, "1. Lead Created");
 *   2. your car and its condition → valuation (POST /valuations) with adjustments
 *      (POST /valuations/adjustments); cars older than 7 years or over 100,000 km get
 *      no online estimate: "we'll call you";
 *   3. its registration → rego lookup (POST /rego-lookup);
 *   4. the offer → acceptance (POST /offers/accept, subcategory "3. Offer Accepted",
 *      event 18), the valuation saved (POST /miscellaneous), then /success.
 * Never gated: no sign-in is asked for.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Region } from '../../engine/site/types.ts';
import type {
  AdjustmentAnswers,
  MiscellaneousRequest,
  OfferAcceptRequest,
  RegoLookupResponse,
  RegoState,
  SuccessResponse,
  Valuation,
} from '../../schemas/types.gen.ts';
import { trackOfferAccepted } from '../_shared/analytics.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { apiPost } from './api.ts';
import { CaptchaField, captchaNeedsRefresh, useCaptcha } from './Captcha.tsx';
import type { CarSummary } from './car.ts';
import { TermsField, termsRule } from './common.tsx';
import { RadioGroupField, SelectField, TextField } from './fields.tsx';
import { FormFrame, StepHeading, SubmitButton } from './Form.tsx';
import { sendLead } from './leads.ts';
import { MESSAGES } from './messages.ts';
import { leadPayload } from './payload.ts';
import {
  email,
  maxLength,
  onlineEstimatePossible,
  phone,
  phoneExample,
  postcode,
  postcodeInput,
  rego as regoCheck,
  required,
  type Check,
  type FieldRule,
  type Values,
} from './rules.ts';
import { rememberValuation, storeSuccess } from './storage.ts';
import { useForm, type FormController } from './useForm.ts';

export type TradeInKind = 'trade-in' | 'sell-my-car';

export const TRADE_IN_CATEGORY: Record<TradeInKind, string> = { 'trade-in': 'Trade-in', 'sell-my-car': 'Sell My Car' };
export const SUBCATEGORY = { created: '1. Lead Created', valued: '2. Valuation', accepted: '3. Offer Accepted', declined: '3. Offer Declined' };

type Stage = 'details' | 'car' | 'rego' | 'offer' | 'no-estimate' | 'declined';
const STAGE_STEP: Record<Stage, number> = { details: 1, car: 2, rego: 3, offer: 4, 'no-estimate': 2, declined: 4 };
const STEP_TITLES = ['Your details', 'Your car', 'Its registration', 'Your offer'];

const AU_STATES: RegoState[] = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'];
const US_STATES: RegoState[] = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD',
  'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC',
  'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WV', 'WI', 'WY',
];

export function regoStates(region: Region): RegoState[] {
  return region === 'NZ' ? ['NZ'] : region === 'US' ? US_STATES : AU_STATES;
}

/** Whole kilometres as typed ("85,000 km" → 85000); NaN when not a number. */
export function parseKms(text: string): number {
  const cleaned = text.replace(/[,\s]|km$/gi, '');
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : NaN;
}

const yearCheck =
  (now = new Date()): Check =>
  (v) => {
    const y = Number(v);
    return /^\d{4}$/.test(String(v).trim()) && y >= 1950 && y <= now.getFullYear() + 1
      ? undefined
      : `Please enter the year the car was built, between 1950 and ${now.getFullYear() + 1}.`;
  };

const kmsCheck: Check = (v) => (typeof v === 'string' && Number.isFinite(parseKms(v)) ? undefined : 'Please enter the odometer reading in whole kilometres, e.g. 85,000.');

/** The trade-in contact rules: postcode exactly 4 digits in AU and NZ, a 5-digit ZIP in the US (docs/forms.md, "Regional rules"). */
export function tradeInDetailsRules(region: Region): FieldRule[] {
  const pc = postcodeInput(region);
  return [
    { name: 'name', label: 'First Name', checks: [required('First Name'), maxLength(120, 'First Name')] },
    { name: 'last_name', label: 'Last Name', checks: [required('Last Name'), maxLength(120, 'Last Name')] },
    { name: 'postcode', label: pc.label, checks: [required(pc.label, 'enter', pc.message), postcode(region)] },
    { name: 'phone', label: 'Mobile Number', checks: [required('Mobile Number'), phone(region)] },
    { name: 'email', label: 'Email', checks: [required('Email', 'enter', 'Please enter your email address.'), email] },
    { name: 'PreferredContactMethod', label: 'Preferred contact method', checks: [required('preferred contact method', 'choose')] },
    { name: 'finance', label: 'Finance', checks: [required('', 'choose', 'Please tell us whether you need finance.')] },
  ];
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

function answers(values: Values): AdjustmentAnswers {
  const s = (k: string) => String(values[k] ?? '');
  const out: AdjustmentAnswers = {};
  if (s('condition')) out.condition = s('condition') as AdjustmentAnswers['condition'];
  out.accident_history = s('accident_history') === 'yes';
  if (s('service_history')) out.service_history = s('service_history') as AdjustmentAnswers['service_history'];
  if (s('keys') !== '') out.keys = Number(s('keys'));
  out.modifications = s('modifications') === 'yes';
  out.warning_lights = s('warning_lights') === 'yes';
  if (s('tyres')) out.tyres = s('tyres') as AdjustmentAnswers['tyres'];
  out.finance_owing = s('finance_owing') === 'yes';
  return out;
}

export interface TradeInFlowProps {
  kind: TradeInKind;
  /** The car the visitor is buying (/cars/trade-in?car_id=), sent as the hidden car_id. */
  car?: CarSummary;
  privacyHref?: string;
  labelledBy?: string;
  formId: string;
  successPath?: string;
}

export function TradeInFlow({ kind, car, privacyHref = '/privacy-policy', labelledBy, formId, successPath = '/success' }: TradeInFlowProps) {
  const { site, region, money, number, t } = useSite();
  const navigate = useNavigate();
  const r = region.region;
  const pc = postcodeInput(r);
  const primaryState = (site.locations.find((l) => l.primary) ?? site.locations[0])?.address?.state?.toUpperCase();
  const states = regoStates(r);
  const category = TRADE_IN_CATEGORY[kind];

  const form = useForm({
    initial: {
      name: '',
      last_name: '',
      postcode: '',
      phone: '',
      email: '',
      PreferredContactMethod: 'Phone',
      finance: '',
      terms_conditions: false,
      captcha: '',
      captcha_token: '',
      make: '',
      model: '',
      badge: '',
      year: '',
      kms: '',
      condition: '',
      accident_history: 'no',
      service_history: 'full',
      keys: '2',
      modifications: 'no',
      warning_lights: 'no',
      tyres: 'good',
      finance_owing: 'no',
      rego: '',
      regoState: primaryState && (states as string[]).includes(primaryState) ? primaryState : states[0],
    },
  });
  const captcha = useCaptcha(site, form);
  const [stage, setStage] = useState<Stage>('details');
  const [leadId, setLeadId] = useState<number | undefined>();
  const [valuation, setValuation] = useState<Valuation | undefined>();
  const [found, setFound] = useState<RegoLookupResponse | undefined>();
  const [regoMissed, setRegoMissed] = useState(false);
  const moved = useRef(false);
  const stageHeadingId = `${form.id}-stage`;

  useEffect(() => {
    if (moved.current) document.getElementById(stageHeadingId)?.focus();
  }, [stage, stageHeadingId]);
  const go = (next: Stage) => {
    moved.current = true;
    form.clearErrors();
    setStage(next);
  };

  const year = Number(form.values.year);
  const kms = parseKms(String(form.values.kms));
  const knownVehicle = /^\d{4}$/.test(String(form.values.year)) && Number.isFinite(kms);
  const estimatePossible = !knownVehicle || onlineEstimatePossible({ year, kms });

  const rules = useMemo(() => {
    const details = tradeInDetailsRules(r);
    if (site.features.termsAgreement) details.push(termsRule);
    if (captcha.enabled) details.push(captcha.rule);
    const vehicle: FieldRule[] = [
      { name: 'make', label: 'Make', checks: [required('Make', 'enter', "Please enter the car's make, e.g. Toyota.")] },
      { name: 'model', label: 'Model', checks: [required('Model', 'enter', "Please enter the car's model, e.g. Corolla.")] },
      { name: 'year', label: 'Year', checks: [required('Year', 'enter', 'Please enter the year the car was built.'), yearCheck()] },
      { name: 'kms', label: 'Odometer (km)', checks: [required('', 'enter', 'Please enter the odometer reading.'), kmsCheck] },
    ];
    if (estimatePossible) vehicle.push({ name: 'condition', label: 'Overall condition', checks: [required('', 'choose', "Please choose the car's overall condition.")] });
    const regoRules: FieldRule[] = [
      { name: 'rego', label: 'Registration (rego)', checks: [required('', 'enter', "Please enter the car's registration."), regoCheck] },
      { name: 'regoState', label: 'State', checks: [required('state', 'select')] },
    ];
    return { details, vehicle, rego: regoRules };
  }, [r, site.features.termsAgreement, captcha.enabled, captcha.rule, estimatePossible]);

  const text = (k: string) => {
    const v = form.values[k];
    return typeof v === 'string' && v.trim() ? v.trim() : undefined;
  };

  const saveValuation = async (v: Valuation | undefined) => {
    const body: MiscellaneousRequest = {
      site: site.slug,
      ...(leadId ? { lead_id: leadId } : {}),
      column_name: 'valuation',
      value: {
        ...(v ? { id: v.id, offer_price: v.offer_price, adjustmentAnswers: v.adjustmentAnswers, kms: v.vehicle.kms } : {}),
        ...(text('rego') ? { rego: text('rego')!.toUpperCase(), regoState: text('regoState') as RegoState } : {}),
        name: [text('name'), text('last_name')].filter(Boolean).join(' ').slice(0, 120),
        phone: text('phone'),
        email: text('email'),
        PreferredContactMethod: text('PreferredContactMethod') as 'Phone' | 'Email' | 'SMS',
        finance: text('finance') === 'Yes' ? 'Yes' : 'No',
      },
    };
    const res = await apiPost<SuccessResponse>(site, '/miscellaneous', body, { retries: 1 });
    if (!res.ok || !res.data?.success) console.warn('Failed to save valuation data', res.ok ? res.data : res.error);
  };

  // ---------------------------------------------------------------- step handlers

  const submitDetails = () => {
    if (!form.check(rules.details)) return;
    void form.submit(async (submissionId) => {
      const details = {
        name: text('name') ?? '',
        last_name: text('last_name'),
        postcode: text('postcode'),
        phone: text('phone'),
        email: text('email'),
        PreferredContactMethod: text('PreferredContactMethod') as 'Phone' | 'Email' | 'SMS',
        finance: text('finance') as 'Yes' | 'No',
        category,
        subcategory: SUBCATEGORY.created,
        ...(site.features.termsAgreement ? { terms_conditions: form.values.terms_conditions === true } : {}),
        ...(captcha.solution() ? { captcha: captcha.solution() } : {}),
      };
      const result = await sendLead(site, leadPayload({ siteSlug: site.slug, submissionId, isLastStep: false, car, details }));
      if (result.leadId) {
        setLeadId(result.leadId);
        go('car');
        return { ok: true };
      }
      if (captchaNeedsRefresh(result.fields)) captcha.refresh();
      return { ok: false, error: result.error, fields: result.fields };
    });
  };

  const submitCar = () => {
    if (!form.check(rules.vehicle)) return;
    void form.submit(async () => {
      const created = await apiPost<Valuation>(site, '/valuations', {
        site: site.slug,
        ...(leadId ? { lead_id: leadId } : {}),
        make: text('make'),
        model: text('model'),
        ...(text('badge') ? { badge: text('badge') } : {}),
        year,
        kms,
      });
      if (!created.ok) return { ok: false, error: created.error ?? MESSAGES.formError, fields: created.fields };
      let v = created.data;
      if (v.eligible) {
        const adjusted = await apiPost<Valuation>(site, '/valuations/adjustments', { id: v.id, adjustmentAnswers: answers(form.values) });
        if (!adjusted.ok) return { ok: false, error: adjusted.error ?? MESSAGES.formError, fields: [] };
        v = adjusted.data;
      }
      setValuation(v);
      rememberValuation(site.slug, v);
      if (!v.eligible) {
        await saveValuation(v);
        storeSuccess(site.slug, { category, ...(leadId ? { lead_id: leadId } : {}) });
        go('no-estimate');
      } else {
        go('rego');
      }
      return { ok: true };
    });
  };

  const submitRego = () => {
    if (!form.check(rules.rego)) return;
    void form.submit(async () => {
      const res = await apiPost<RegoLookupResponse>(site, '/rego-lookup', {
        site: site.slug,
        rego: text('rego')!.toUpperCase(),
        regoState: text('regoState'),
      });
      if (res.ok) {
        setFound(res.data);
        setRegoMissed(false);
        return { ok: true };
      }
      if (res.status === 404) {
        setRegoMissed(true);
        return { ok: false, fields: [{ path: '/rego', message: res.error ?? 'No vehicle found with that registration.' }] };
      }
      return { ok: false, error: res.error ?? MESSAGES.formError, fields: res.fields };
    });
  };

  const answerOffer = (accepted: boolean) => {
    if (!leadId) return;
    void form.submit(async () => {
      const body: OfferAcceptRequest = {
        site: site.slug,
        lead_id: leadId,
        category,
        subcategory: accepted ? SUBCATEGORY.accepted : SUBCATEGORY.declined,
        form_completed: true,
        offer_accepted: accepted,
      };
      const res = await apiPost<SuccessResponse>(site, '/offers/accept', body, { retries: 2 });
      if (!res.ok || !res.data?.success) return { ok: false, error: res.ok ? MESSAGES.unexpected : (res.error ?? MESSAGES.formError), fields: [] };
      await saveValuation(valuation);
      if (accepted) {
        trackOfferAccepted({ lead_id: leadId, offer_price: valuation?.offer_price });
        storeSuccess(site.slug, { category: `${category} Offer Accepted`, lead_id: leadId });
        navigate(successPath);
      } else {
        storeSuccess(site.slug, { category, lead_id: leadId });
        go('declined');
      }
      return { ok: true };
    });
  };

  const onSubmit = () => {
    if (stage === 'details') submitDetails();
    else if (stage === 'car') submitCar();
    else if (stage === 'rego') {
      if (found) go('offer');
      else submitRego();
    } else if (stage === 'offer') answerOffer(true);
  };

  // ---------------------------------------------------------------- render

  if (stage === 'no-estimate' || stage === 'declined') {
    return (
      <div className="fc-result fc-trade-in__done" role="status">
        <h3 id={stageHeadingId} tabIndex={-1} className="fc-form__step">
          {stage === 'no-estimate' ? "We'll call you with an offer" : 'Thanks, we have your details'}
        </h3>
        <p>{stage === 'no-estimate' ? MESSAGES.noEstimate : 'One of our team will contact you about your car.'}</p>
        <p>
          We'll contact you by {String(form.values.PreferredContactMethod || 'phone').toLowerCase()} within one business day.
        </p>
      </div>
    );
  }

  const step = STAGE_STEP[stage];
  return (
    <FormFrame form={form} onSubmit={onSubmit} labelledBy={labelledBy} className={`fc-trade-in fc-trade-in--${kind}`}>
      <StepHeading step={step} count={4} title={STEP_TITLES[step - 1]} id={stageHeadingId} />
      {stage === 'details' && <DetailsStep form={form} region={r} pc={pc} privacyHref={privacyHref} terms={site.features.termsAgreement} />}
      {stage === 'details' && <CaptchaField form={form} captcha={captcha} />}
      {stage === 'car' && <CarStep form={form} estimatePossible={estimatePossible} />}
      {stage === 'rego' && (
        <>
          <div className="fc-form__row fc-form__row--2">
            <TextField
              form={form}
              name="rego"
              label="Registration (rego)"
              required
              maxLength={10}
              autoComplete="off"
              transform={(v) => {
                setFound(undefined);
                return v.toUpperCase();
              }}
            />
            <SelectField
              form={form}
              name="regoState"
              label={r === 'NZ' ? 'Country' : 'State'}
              required
              options={states.map((s) => ({ value: s, label: s === 'NZ' ? 'New Zealand' : s }))}
              onValueChange={() => setFound(undefined)}
            />
          </div>
          {found && (
            <div className="fc-result" role="status">
              <span>We found</span>
              <p className="fc-result__value">
                {found.vehicle.year} {found.vehicle.make} {found.vehicle.model} {found.vehicle.badge ?? ''}
              </p>
              <dl>
                <dt>{t('Colour')}</dt>
                <dd>{found.vehicle.colour}</dd>
                <dt>Body</dt>
                <dd>{found.vehicle.body}</dd>
                <dt>VIN</dt>
                <dd>{found.vehicle.vin}</dd>
              </dl>
            </div>
          )}
        </>
      )}
      {stage === 'offer' && valuation && (
        <div className="fc-result" aria-live="polite">
          <span>Our offer for your {[valuation.vehicle.year, valuation.vehicle.make, valuation.vehicle.model].join(' ')}</span>
          <p className="fc-result__value">{valuation.offer_price != null ? money(valuation.offer_price) : '—'}</p>
          {valuation.estimate && (
            <p>
              Estimated trade value {money(valuation.estimate.low)} to {money(valuation.estimate.high)}, at {number(valuation.vehicle.kms)} km.
            </p>
          )}
          <p className="fc-form__legal">
            The offer is subject to an inspection of the car confirming the details you gave. It is valid for 7 days.
          </p>
        </div>
      )}
      <div className="fc-form__actions">
        {stage === 'rego' && regoMissed && !found && (
          <button type="button" className="fc-button fc-button--secondary" onClick={() => go('offer')}>
            Continue without a registration match
          </button>
        )}
        {stage === 'offer' && (
          <button type="button" className="fc-button fc-button--secondary" onClick={() => answerOffer(false)} disabled={form.status === 'submitting'}>
            No thanks
          </button>
        )}
        <SubmitButton form={form}>
          {stage === 'details'
            ? 'Continue'
            : stage === 'car'
              ? 'Value my car'
              : stage === 'rego'
                ? found
                  ? 'See my offer'
                  : 'Find my car'
                : 'Accept offer'}
        </SubmitButton>
      </div>
      {stage === 'details' && (
        <p className="fc-form__legal">
          We use your details to value your car and contact you about it. See our <SiteLink href={privacyHref}>privacy policy</SiteLink>.
        </p>
      )}
      <input type="hidden" name="car_id" value={car ? String(car.id) : ''} />
    </FormFrame>
  );
}

function DetailsStep({ form, region, pc, terms }: { form: FormController; region: Region; pc: ReturnType<typeof postcodeInput>; privacyHref: string; terms: boolean }) {
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField form={form} name="name" label="First Name" required autoComplete="given-name" maxLength={120} />
        <TextField form={form} name="last_name" label="Last Name" required autoComplete="family-name" maxLength={120} />
      </div>
      <div className="fc-form__row fc-form__row--2">
        <TextField
          form={form}
          name="postcode"
          label={pc.label}
          required
          inputMode={pc.inputMode}
          autoComplete={pc.autoComplete}
          maxLength={pc.maxLength}
          help={region === 'US' ? '5 digits' : '4 digits'}
        />
        <TextField
          form={form}
          name="phone"
          label="Mobile Number"
          type="tel"
          required
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          help={`For example ${phoneExample(region)}`}
        />
      </div>
      <TextField form={form} name="email" label="Email" type="email" required autoComplete="email" inputMode="email" maxLength={254} />
      <RadioGroupField
        form={form}
        name="PreferredContactMethod"
        label="Preferred contact method"
        required
        inline
        options={['Phone', 'Email', 'SMS'].map((v) => ({ value: v, label: v }))}
      />
      <RadioGroupField
        form={form}
        name="finance"
        label="Do you need finance?"
        required
        inline
        options={[
          { value: 'Yes', label: 'Yes' },
          { value: 'No', label: 'No' },
        ]}
      />
      {terms && <TermsField form={form} />}
    </>
  );
}

function CarStep({ form, estimatePossible }: { form: FormController; estimatePossible: boolean }) {
  const { t } = useSite();
  return (
    <>
      <div className="fc-form__row fc-form__row--2">
        <TextField form={form} name="make" label="Make" required autoComplete="off" maxLength={60} />
        <TextField form={form} name="model" label="Model" required autoComplete="off" maxLength={80} />
      </div>
      <div className="fc-form__row fc-form__row--2">
        <TextField form={form} name="year" label="Year" required inputMode="numeric" maxLength={4} autoComplete="off" />
        <TextField form={form} name="kms" label="Odometer (km)" required inputMode="numeric" maxLength={9} autoComplete="off" />
      </div>
      <TextField form={form} name="badge" label="Variant or badge" maxLength={80} autoComplete="off" help="e.g. Ascent Sport, XLT" />
      {!estimatePossible ? (
        <div className="fc-form-alert fc-form-alert--info" role="status">
          <p>{MESSAGES.noEstimate}</p>
        </div>
      ) : (
        <fieldset className="fc-field fc-trade-in__condition">
          <legend className="fc-field__label">About its condition</legend>
          <RadioGroupField
            form={form}
            name="condition"
            label="Overall condition"
            required
            options={[
              { value: 'excellent', label: 'Excellent: like new, no marks' },
              { value: 'good', label: 'Good: minor wear for its age' },
              { value: 'fair', label: 'Fair: some dents, scratches or wear' },
              { value: 'poor', label: 'Poor: needs repairs' },
            ]}
          />
          <RadioGroupField form={form} name="accident_history" label="Has it been in an accident?" inline options={YES_NO} />
          <RadioGroupField
            form={form}
            name="service_history"
            label="Service history"
            inline
            options={[
              { value: 'full', label: 'Full' },
              { value: 'partial', label: 'Partial' },
              { value: 'none', label: 'None' },
            ]}
          />
          <RadioGroupField
            form={form}
            name="keys"
            label="Keys"
            inline
            options={[
              { value: '2', label: '2 or more' },
              { value: '1', label: '1' },
              { value: '0', label: 'None' },
            ]}
          />
          <RadioGroupField form={form} name="modifications" label="Any modifications?" inline options={YES_NO} />
          <RadioGroupField form={form} name="warning_lights" label="Any warning lights on?" inline options={YES_NO} />
          <RadioGroupField
            form={form}
            name="tyres"
            label={t('Tyres')}
            inline
            options={[
              { value: 'good', label: 'Good' },
              { value: 'worn', label: 'Worn' },
            ]}
          />
          <RadioGroupField form={form} name="finance_owing" label="Is there finance owing on it?" inline options={YES_NO} />
        </fieldset>
      )}
    </>
  );
}
