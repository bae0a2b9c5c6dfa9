/**
 * Finance forms: the short finance enquiry, the fuller application and the
 * personalised quote. They start from the address (preferredDealership,
 * vehiclePriceBudget, car_id, car_type) and send a lead like every other form.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import { leadRequest_message_maxLength } from '../../schemas/api-limits.gen.ts';
import type { FinanceQuote } from '../../schemas/types.gen.ts';
import { leadEventId } from '../_shared/analytics.ts';
import { useCaptcha } from './Captcha.tsx';
import type { CarSummary } from './car.ts';
import {
  ConsentFields,
  ContactFields,
  DEFAULT_OPT_IN,
  contactRules,
  termsRule,
} from './common.tsx';
import { DealershipField } from './DealershipField.tsx';
import { SelectField, TextAreaField, TextField } from './fields.tsx';
import { FormFrame, SubmitButton } from './Form.tsx';
import type { CalculatorValues } from './FinanceCalculator.tsx';
import { parseAmount } from './finance-math.ts';
import { leadStored, sendLead } from './leads.ts';
import type { FinanceQuery } from './links.ts';
import { leadPayload, type LeadDetails } from './payload.ts';
import { maxLength, required, type Check, type FieldRule } from './rules.ts';
import { useForm } from './useForm.ts';
import { useLeadSubmit } from './useLeadSubmit.ts';

export type FinanceVariant = 'enquiry' | 'application' | 'personalised';

export const FINANCE_CATEGORY: Record<FinanceVariant, string> = {
  enquiry: 'Finance Enquiry',
  application: 'Finance Application',
  personalised: 'Personalised Finance',
};

export const EMPLOYMENT = [
  'Full-time',
  'Part-time',
  'Casual',
  'Self-employed',
  'Retired',
  'Not working',
];
export const RESIDENTIAL = [
  'Own my home',
  'Paying off a mortgage',
  'Renting',
  'Boarding',
  'Living with parents',
];

export interface FinanceFormProps {
  variant: FinanceVariant;
  car?: CarSummary;
  query?: FinanceQuery;
  /** The personalised quote the visitor set up in the calculator. */
  quote?: CalculatorValues & { weekly: number };
  submitLabel: string;
  /** The personalised quote's block has no opt-in text of its own: the usual one shows. */
  optInText?: string;
  termsHref: string;
  formId: string;
  labelledBy?: string;
  successPath?: string;
}

/**
 * The personalised quote as the lead sends it (finance_quote in
 * schemas/api/lead-request.schema.json, named like a lender entry): whole dollars, the
 * rate to two decimals.
 */
export function financeQuote(quote: CalculatorValues & { weekly: number }): FinanceQuote {
  return {
    price: Math.round(quote.price),
    deposit: Math.round(quote.deposit),
    termYears: quote.years,
    interestRate: Math.round(quote.rate * 100) / 100,
    paymentWeek: Math.round(quote.weekly),
  };
}

/** An optional dollar amount: empty, or a whole number of dollars ($ and commas allowed). */
export const dollars =
  (label: string): Check =>
  (v) => {
    if (typeof v !== 'string' || v.trim() === '') return undefined;
    const n = parseAmount(v);
    return Number.isFinite(n) && n >= 0 && n <= 100_000_000
      ? undefined
      : `Please enter ${label.toLowerCase()} in dollars, e.g. 30,000.`;
  };

export function FinanceForm(props: FinanceFormProps) {
  const { site, region, money } = useSite();
  const navigate = useNavigate();
  const { variant, car, query = {}, quote, formId, labelledBy, successPath = '/success' } = props;
  const application = variant === 'application';
  const askDealership =
    !car && site.dealerships.length > 1 && !site.features.removeDealershipSelect;
  const budgetStart =
    query.vehiclePriceBudget ?? (car?.price && car.price > 10 ? car.price : undefined);

  const form = useForm({
    initial: {
      name: '',
      last_name: '',
      email: '',
      phone: '',
      preferredDealership: query.preferredDealership ?? '',
      vehiclePriceBudget: budgetStart ? String(budgetStart) : '',
      car_type: query.car_type ?? car?.car_type ?? '',
      employment: '',
      income: '',
      residential: '',
      message: '',
      opt_in: false,
      terms_conditions: false,
      captcha: '',
      captcha_token: '',
    },
  });
  const captcha = useCaptcha(site, form);
  const optInText = props.optInText ?? DEFAULT_OPT_IN;

  const rules = useMemo<FieldRule[]>(() => {
    const list = contactRules(region.region, { lastNameRequired: application });
    if (askDealership)
      list.push({
        name: 'preferredDealership',
        label: 'Preferred dealership',
        checks: [required('', 'select', 'Please select a dealership.')],
      });
    list.push({
      name: 'vehiclePriceBudget',
      label: 'Vehicle price or budget',
      checks: application
        ? [
            required('', 'enter', 'Please enter the vehicle price or your budget.'),
            dollars('The budget'),
          ]
        : [dollars('The budget')],
    });
    if (application) {
      list.push(
        {
          name: 'employment',
          label: 'Employment',
          checks: [required('employment status', 'select')],
        },
        {
          name: 'income',
          label: 'Yearly income before tax',
          checks: [
            required('', 'enter', 'Please enter your yearly income before tax.'),
            dollars('Your income'),
          ],
        },
        {
          name: 'residential',
          label: 'Living situation',
          checks: [required('living situation', 'select')],
        },
      );
    }
    list.push({
      name: 'message',
      label: 'Message',
      checks: [maxLength(leadRequest_message_maxLength, 'Message')],
    });
    if (site.features.termsAgreement) list.push(termsRule);
    if (captcha.enabled) list.push(captcha.rule);
    return list;
  }, [
    region.region,
    application,
    askDealership,
    site.features.termsAgreement,
    captcha.enabled,
    captcha.rule,
  ]);

  const eventId = car ? leadEventId('enquiry', car) : undefined;
  const lead = useLeadSubmit({
    form,
    captcha,
    send: (submissionId) => {
      const v = form.values;
      const text = (k: string) =>
        typeof v[k] === 'string' && (v[k] as string).trim() ? (v[k] as string).trim() : undefined;
      const budget = text('vehiclePriceBudget')
        ? parseAmount(text('vehiclePriceBudget')!)
        : undefined;
      const carType = text('car_type');
      const extra: Record<string, string | number> = {};
      if (application) {
        extra.Employment = text('employment') ?? '';
        extra['Yearly income'] = parseAmount(text('income') ?? '');
        extra['Living situation'] = text('residential') ?? '';
      }
      const details: LeadDetails = {
        name: text('name') ?? '',
        last_name: text('last_name'),
        email: text('email'),
        phone: text('phone'),
        message: text('message'),
        category: FINANCE_CATEGORY[variant],
        preferredDealership: askDealership
          ? text('preferredDealership')
          : (car?.dealership_slug ?? site.dealerships[0]?.slug),
        vehiclePriceBudget:
          budget !== undefined && Number.isFinite(budget) ? Math.round(budget) : undefined,
        car_type:
          !car && (carType === 'new' || carType === 'used' || carType === 'demo')
            ? carType
            : undefined,
        opt_in: optInText ? v.opt_in === true : undefined,
        ...(site.features.termsAgreement ? { terms_conditions: v.terms_conditions === true } : {}),
        ...(Object.keys(extra).length ? { extra } : {}),
        ...(quote ? { finance_quote: financeQuote(quote) } : {}),
      };
      const solution = captcha.solution();
      if (solution) details.captcha = solution;
      details.event_id = eventId;
      return sendLead(
        site,
        leadPayload({ siteSlug: site.slug, submissionId, isLastStep: true, car, details }),
      );
    },
    stored: (result) => {
      leadStored({
        siteSlug: site.slug,
        leadId: result.leadId,
        category: FINANCE_CATEGORY[variant],
        car,
        eventId,
        formId,
      });
      navigate(successPath);
    },
  });
  const onSubmit = () => void lead.submit(rules);

  return (
    <FormFrame
      form={form}
      onSubmit={onSubmit}
      onRetry={lead.canRetry ? () => void lead.retry() : undefined}
      labelledBy={labelledBy}
      className={`fc-finance-form fc-finance-form--${variant}`}
    >
      <ContactFields
        form={form}
        region={region.region}
        options={{ lastNameRequired: application }}
      />
      {askDealership && (
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
              ? `Your quote: ${money(quote.weekly)} a week over ${quote.years} years`
              : 'In dollars, e.g. 30,000'
          }
        />
        {!car && (
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
              options={EMPLOYMENT.map((e) => ({ value: e, label: e }))}
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
            options={RESIDENTIAL.map((e) => ({ value: e, label: e }))}
          />
        </>
      )}
      <TextAreaField form={form} name="message" label="Anything else we should know?" rows={4} />
      <ConsentFields
        form={form}
        captcha={captcha}
        optInText={optInText}
        terms={Boolean(site.features.termsAgreement)}
        termsHref={props.termsHref}
      />
      <div className="fc-form__actions">
        <SubmitButton form={form}>{props.submitLabel}</SubmitButton>
      </div>
    </FormFrame>
  );
}
