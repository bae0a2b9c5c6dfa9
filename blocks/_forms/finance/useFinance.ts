/**
 * The finance forms' hook: the form (started from the address's query and the car), the
 * captcha and the one-row machine (machine.ts) wired to its call (calls.ts) through the lead
 * form hook. It owns no rule and no markup.
 */
import { useSite } from '../../../engine/render/site-context.tsx';
import { leadEventId } from '../../_shared/analytics.ts';
import { useCaptcha } from '../Captcha.tsx';
import type { CarSummary } from '../car.ts';
import { CONTACT_VALUES, DEFAULT_OPT_IN } from '../common.tsx';
import type { FinanceQuery } from '../links.ts';
import { useForm } from '../useForm.ts';
import { useLeadForm } from '../useLeadForm.ts';
import { FINANCE_CATEGORY, sendFinanceLead, type Quote } from './calls.ts';
import { financeMachine, type FinanceVariant } from './machine.ts';

export interface UseFinanceOptions {
  variant: FinanceVariant;
  car?: CarSummary;
  query?: FinanceQuery;
  quote?: Quote;
  optInText?: string;
  /** Reported with the analytics event (the block id). */
  formId: string;
  successPath?: string;
}

export function useFinance(options: UseFinanceOptions) {
  const { variant, car, query = {}, quote, formId, successPath } = options;
  const { site, region, money } = useSite();
  const application = variant === 'application';
  const askDealership =
    !car && site.dealerships.length > 1 && !site.features.removeDealershipSelect;
  const budgetStart =
    query.vehiclePriceBudget ?? (car?.price && car.price > 10 ? car.price : undefined);
  const terms = Boolean(site.features.termsAgreement);
  const optInText = options.optInText ?? DEFAULT_OPT_IN;

  const form = useForm({
    initial: {
      ...CONTACT_VALUES,
      preferredDealership: query.preferredDealership ?? '',
      vehiclePriceBudget: budgetStart ? String(budgetStart) : '',
      car_type: query.car_type ?? car?.car_type ?? '',
      employment: '',
      income: '',
      residential: '',
    },
  });
  const captcha = useCaptcha(site, form);
  const eventId = car ? leadEventId('enquiry', car) : undefined;

  const flow = useLeadForm({
    form,
    captcha,
    machine: financeMachine,
    context: { region: region.region, application, askDealership },
    consent: { optIn: Boolean(optInText), terms },
    send: (call) => sendFinanceLead(site, { ...call, variant, car, askDealership, quote, eventId }),
    record: { category: FINANCE_CATEGORY[variant], car, eventId, formId },
    successPath,
  });

  return {
    form,
    captcha,
    flow,
    site,
    region: region.region,
    money,
    application,
    askDealership,
    terms,
    optInText,
  };
}

export type FinanceState = ReturnType<typeof useFinance>;
