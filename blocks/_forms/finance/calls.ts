/**
 * The finance forms' one call (docs/forms.md, "Finance"): POST {api}/leads, category Finance
 * Enquiry, Finance Application or Personalised Finance, with the dealership, the budget, the
 * kind of car, the application's answers (as `extra`) and the personalised quote. It answers
 * the lead's outcome (never throws); the hook turns it into the machine's event.
 */
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type { EventId, FinanceQuote } from '../../../schemas/types.gen.ts';
import type { LeadResult } from '../api.ts';
import type { CarSummary } from '../car.ts';
import type { CalculatorValues } from '../FinanceCalculator.tsx';
import { parseAmount } from '../finance-math.ts';
import { sendFinalLead } from '../leads.ts';
import { contactDetails, type LeadCall, type LeadDetails } from '../payload.ts';
import { textOf } from '../rules.ts';
import type { FinanceVariant } from './machine.ts';

export const FINANCE_CATEGORY: Record<FinanceVariant, string> = {
  enquiry: 'Finance Enquiry',
  application: 'Finance Application',
  personalised: 'Personalised Finance',
};

export type Quote = CalculatorValues & { weekly: number };

/**
 * The personalised quote as the lead sends it (finance_quote in
 * schemas/api/lead-request.schema.json, named like a lender entry): whole dollars, the
 * rate to two decimals.
 */
export function financeQuote(quote: Quote): FinanceQuote {
  return {
    price: Math.round(quote.price),
    deposit: Math.round(quote.deposit),
    termYears: quote.years,
    interestRate: Math.round(quote.rate * 100) / 100,
    paymentWeek: Math.round(quote.weekly),
  };
}

export interface FinanceLeadArgs extends LeadCall {
  variant: FinanceVariant;
  car?: CarSummary;
  /** The visitor chose the dealership (else the car's, or the site's first, is sent). */
  askDealership: boolean;
  quote?: Quote;
  eventId?: EventId;
}

export function sendFinanceLead(
  site: Pick<ResolvedSite, 'api' | 'slug' | 'dealerships'>,
  args: FinanceLeadArgs,
): Promise<LeadResult> {
  const { values, submissionId, variant, car, askDealership, quote, eventId, consents } = args;
  const text = (k: string) => textOf(values, k);
  const budget = text('vehiclePriceBudget') ? parseAmount(text('vehiclePriceBudget')!) : undefined;
  const carType = text('car_type');
  const extra: Record<string, string | number> = {};
  if (variant === 'application') {
    extra.Employment = text('employment') ?? '';
    extra['Yearly income'] = parseAmount(text('income') ?? '');
    extra['Living situation'] = text('residential') ?? '';
  }
  const details: LeadDetails = {
    ...contactDetails(values, consents),
    category: FINANCE_CATEGORY[variant],
    preferredDealership: askDealership
      ? text('preferredDealership')
      : (car?.dealership_slug ?? site.dealerships[0]?.slug),
    vehiclePriceBudget:
      budget !== undefined && Number.isFinite(budget) ? Math.round(budget) : undefined,
    car_type:
      !car && (carType === 'new' || carType === 'used' || carType === 'demo') ? carType : undefined,
    ...(Object.keys(extra).length ? { extra } : {}),
    ...(quote ? { finance_quote: financeQuote(quote) } : {}),
    event_id: eventId,
  };
  return sendFinalLead(site, submissionId, details, car);
}
