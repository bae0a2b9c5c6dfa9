/**
 * The trade-in flow's API calls (docs/forms.md, "Trade-in and sell my car"), each
 * answering what the form shows next instead of throwing:
 *   the lead (POST /leads, isLastStep false, "1. Lead Created");
 *   the valuation (POST /valuations, then POST /valuations/adjustments when it is eligible);
 *   the registration lookup (POST /rego-lookup);
 *   the answer to the offer (POST /offers/accept, "3. Offer Accepted" or "3. Offer Declined");
 *   the valuation saved with the lead (POST /miscellaneous).
 */
import type { ResolvedSite } from '../../../engine/site/types.ts';
import type {
  CaptchaSolution,
  MiscellaneousRequest,
  OfferAcceptRequest,
  RegoLookupResponse,
  RegoState,
  SuccessResponse,
  Valuation,
} from '../../../schemas/types.gen.ts';
import { EVENT_IDS } from '../../_shared/analytics.ts';
import { apiPost, type ApiFieldError, type LeadResult } from '../api.ts';
import type { CarSummary } from '../car.ts';
import { sendLead } from '../leads.ts';
import { MESSAGES } from '../messages.ts';
import { leadPayload } from '../payload.ts';
import type { Values } from '../rules.ts';
import { messagesFor } from '../../../engine/messages/index.ts';
import { adjustmentAnswers, odometerKm, textOf } from './rules.ts';

export type TradeInKind = 'trade-in' | 'sell-my-car';

export const TRADE_IN_CATEGORY: Record<TradeInKind, string> = {
  'trade-in': 'Trade-in',
  'sell-my-car': 'Sell My Car',
};
export const SUBCATEGORY = {
  created: '1. Lead Created',
  valued: '2. Valuation',
  accepted: '3. Offer Accepted',
  declined: '3. Offer Declined',
};

type Site = Pick<ResolvedSite, 'api' | 'slug'> & Partial<Pick<ResolvedSite, 'region'>>;
type ContactMethod = 'Phone' | 'Email' | 'SMS';

/** A call that failed, as the form shows it: a form-level error and per-field problems. */
export interface CallFailure {
  ok: false;
  error?: string;
  fields: ApiFieldError[];
}

export interface LeadArgs {
  values: Values;
  category: string;
  submissionId: string;
  car?: CarSummary;
  /** The site asks for the terms of use: their answer goes with the lead. */
  terms: boolean;
  captcha?: CaptchaSolution;
}

/**
 * The secrets of the leads this page created, by site and lead id. Lead ids are
 * sequential, so the offer answer and the saved valuation send the lead's secret too
 * (docs/api.md, "Leads"); it stays in memory, never in storage.
 */
const leadSecrets = new Map<string, string>();
const secretKey = (site: Site, leadId: number) => `${site.slug}:${leadId}`;
const withSecret = (site: Site, leadId: number) => {
  const secret = leadSecrets.get(secretKey(site, leadId));
  return secret ? { lead_secret: secret } : {};
};

/** The first step's lead: the visitor's contact details, not yet the last step. */
export async function createLead(
  site: Site,
  { values, category, submissionId, car, terms, captcha }: LeadArgs,
): Promise<LeadResult> {
  const text = (name: string) => textOf(values, name);
  const details = {
    name: text('name') ?? '',
    last_name: text('last_name'),
    postcode: text('postcode'),
    phone: text('phone'),
    email: text('email'),
    PreferredContactMethod: text('PreferredContactMethod') as ContactMethod,
    finance: text('finance') as 'Yes' | 'No',
    category,
    subcategory: SUBCATEGORY.created,
    ...(terms ? { terms_conditions: values.terms_conditions === true } : {}),
    ...(captcha ? { captcha } : {}),
  };
  const result = await sendLead(
    site,
    leadPayload({ siteSlug: site.slug, submissionId, isLastStep: false, car, details }),
  );
  if (result.leadId && result.leadSecret)
    leadSecrets.set(secretKey(site, result.leadId), result.leadSecret);
  return result;
}

/** The car valued, and adjusted by its condition answers when it can be valued online. */
export async function valueCar(
  site: Site,
  leadId: number | undefined,
  values: Values,
): Promise<{ ok: true; valuation: Valuation } | CallFailure> {
  const text = (name: string) => textOf(values, name);
  const created = await apiPost<Valuation>(site, '/valuations', {
    site: site.slug,
    ...(leadId ? { lead_id: leadId, ...withSecret(site, leadId) } : {}),
    make: text('make'),
    model: text('model'),
    ...(text('badge') ? { badge: text('badge') } : {}),
    year: Number(values.year),
    kms: odometerKm(values, site.region),
  });
  if (!created.ok)
    return { ok: false, error: created.error ?? MESSAGES.formError, fields: created.fields };
  if (!created.data.eligible) return { ok: true, valuation: created.data };
  const adjusted = await apiPost<Valuation>(site, '/valuations/adjustments', {
    id: created.data.id,
    adjustmentAnswers: adjustmentAnswers(values),
  });
  if (!adjusted.ok) return { ok: false, error: adjusted.error ?? MESSAGES.formError, fields: [] };
  return { ok: true, valuation: adjusted.data };
}

/** The car on the registration typed; missed when the API knows no such car (404), which the visitor may skip. */
export async function lookupRego(
  site: Site,
  values: Values,
): Promise<{ ok: true; found: RegoLookupResponse } | (CallFailure & { missed: boolean })> {
  const res = await apiPost<RegoLookupResponse>(site, '/rego-lookup', {
    site: site.slug,
    rego: textOf(values, 'rego')!.toUpperCase(),
    regoState: textOf(values, 'regoState'),
  });
  if (res.ok) return { ok: true, found: res.data };
  if (res.status === 404) {
    return {
      ok: false,
      missed: true,
      fields: [
        { path: '/rego', message: res.error ?? messagesFor(site.region).m('plate.notFound') },
      ],
    };
  }
  return { ok: false, missed: false, error: res.error ?? MESSAGES.formError, fields: res.fields };
}

/** The visitor's answer to the offer; the form is then complete either way. */
export async function answerOffer(
  site: Site,
  leadId: number,
  category: string,
  accepted: boolean,
): Promise<{ ok: true } | CallFailure> {
  // A dealer's API that answered no lead_secret is sent none (left out, not sent empty).
  const body = {
    site: site.slug,
    lead_id: leadId,
    ...withSecret(site, leadId),
    category,
    subcategory: accepted ? SUBCATEGORY.accepted : SUBCATEGORY.declined,
    form_completed: true,
    offer_accepted: accepted,
    // Kept on the lead as well as pushed to the dataLayer (docs/forms.md, "Analytics").
    ...(accepted ? { event_id: EVENT_IDS.offerAccepted } : {}),
  } as OfferAcceptRequest;
  const res = await apiPost<SuccessResponse>(site, '/offers/accept', body, { retries: 2 });
  if (!res.ok || !res.data?.success)
    return {
      ok: false,
      error: res.ok ? MESSAGES.unexpected : (res.error ?? MESSAGES.formError),
      fields: [],
    };
  return { ok: true };
}

/** The valuation and contact details kept with the lead; a failure is only logged, the visitor's flow goes on. */
export async function saveValuation(
  site: Site,
  leadId: number | undefined,
  valuation: Valuation | undefined,
  values: Values,
): Promise<void> {
  const text = (name: string) => textOf(values, name);
  const body: MiscellaneousRequest = {
    site: site.slug,
    ...(leadId ? { lead_id: leadId, ...withSecret(site, leadId) } : {}),
    column_name: 'valuation',
    value: {
      ...(valuation
        ? {
            id: valuation.id,
            offer_price: valuation.offer_price,
            adjustmentAnswers: valuation.adjustmentAnswers,
            kms: valuation.vehicle.kms,
          }
        : {}),
      ...(text('rego')
        ? { rego: text('rego')!.toUpperCase(), regoState: text('regoState') as RegoState }
        : {}),
      name: [text('name'), text('last_name')].filter(Boolean).join(' ').slice(0, 120),
      phone: text('phone'),
      email: text('email'),
      PreferredContactMethod: text('PreferredContactMethod') as ContactMethod,
      finance: text('finance') === 'Yes' ? 'Yes' : 'No',
    },
  };
  const res = await apiPost<SuccessResponse>(site, '/miscellaneous', body, { retries: 1 });
  if (!res.ok || !res.data?.success)
    console.warn('Failed to save valuation data', res.ok ? res.data : res.error);
}
