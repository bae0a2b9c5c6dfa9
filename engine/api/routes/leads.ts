/**
 * POST /api/leads and POST /api/forms/{formId}. The order matters:
 *  1. schema (400 with fields), 2. a retry of a stored submission answers its lead_id,
 *  3. site rules and captcha (400), 4. one transaction writes everything (201).
 * So a success answer always means the lead is committed, and a retry never doubles it.
 */
import type {
  FormParams,
  FormSubmission,
  LeadRequest,
  LeadResponse,
} from '../../../schemas/types.gen.ts';
import {
  captchaGate,
  captchaUsedAsInvalid,
  requireSite,
  throwIfAny,
  type ApiContext,
} from '../context.ts';
import type { ApiRoute, RouteInput, RouteResult } from '../route.ts';
import {
  bookingErrors,
  contactErrors,
  dealershipError,
  leadDealership,
  locationDealershipError,
  locationError,
  onePerPath,
  termsError,
} from '../site-rules.ts';
import type { CaptchaUse, NewLead } from '../store/types.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { planDeliveries } from '../delivery/plan.ts';

const FAILURE = 'Your enquiry could not be saved. Please try again.';

/** The lead's id and, for the submitter only, its secret (a retry is the same submitter: it knows the submission_id). */
function answer(ctx: ApiContext, leadId: number, created: boolean): RouteResult {
  const json: LeadResponse = { lead_id: leadId, lead_secret: ctx.leadSecrets.of(leadId) };
  return { status: created ? 201 : 200, json };
}

function withoutCaptcha<T extends { captcha?: unknown }>(body: T): Omit<T, 'captcha'> {
  const { captcha: _answer, ...rest } = body;
  return rest;
}

/** Numeric strings become numbers so "123" and 123 are one car. */
export function carKey(id: number | string | undefined): number | string | undefined {
  return typeof id === 'string' && /^[1-9]\d{0,15}$/.test(id) ? Number(id) : id;
}

/** The car a lead is about, from the stock (its location decides where the lead goes). */
export async function leadCar(ctx: ApiContext, site: ResolvedSite, carId: NewLead['carId']) {
  return typeof carId === 'number' ? ctx.getCar?.(carId, site.slug) : undefined;
}

/**
 * Stores the lead with its outbox rows in one transaction (docs/leads.md), then nudges the
 * delivery worker: the answer never waits for a delivery.
 */
async function store(
  ctx: ApiContext,
  site: ResolvedSite,
  lead: NewLead,
  captcha: CaptchaUse | undefined,
) {
  const deliveries = planDeliveries(site, lead, await leadCar(ctx, site, lead.carId));
  const stored = await ctx.leads
    .create(lead, {
      createdAt: ctx.now().toISOString(),
      captcha,
      afterLeadRow: ctx.hooks.afterLeadRow,
      deliveries,
    })
    .catch((err: unknown) => {
      throw captchaUsedAsInvalid(err);
    });
  if (stored.created && deliveries.length) ctx.delivery.nudge(stored.leadId);
  return stored;
}

export function leadRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/leads',
      operationId: 'createLead',
      tag: 'Leads',
      summary:
        'Submit a lead (enquiry, test drive, finance, reserve, trade-in, service booking, parts request)',
      description:
        "Stores the lead before answering. A retry with the same submission_id answers the same lead_id with 200 and stores nothing. Site rules: phone and postcode by region, dealership_slug / preferredDealership / location / location_id must be the site's, and a location must belong to the lead's dealership (the one it names, else its car's), a service booking (category Service Booking, booking_date, booking_time) must be at one of the site's service centres within its service hours that day (holiday hours first) and not in the past, a parts request (category Parts Enquiry) names the part and a parts location, terms_conditions true when the site requires it, captcha when the site has it on.",
      body: 'lead-request',
      responses: {
        201: { description: 'Stored.', schema: 'lead-response' },
        200: {
          description: 'Already stored for this submission_id (a retry).',
          schema: 'lead-response',
        },
      },
      notFound: 'Unknown site.',
      rateLimited: true,
      failure: FAILURE,
      async handle({ req, body }: RouteInput<LeadRequest>) {
        const site = requireSite(ctx, body.site);
        const existing = await ctx.leads.findBySubmission(site.slug, body.submission_id);
        if (existing !== undefined) return answer(ctx, existing, false);
        const dealership = leadDealership(site, body);
        throwIfAny(
          onePerPath([
            ...contactErrors(site, body),
            ...dealershipError(site, '/dealership_slug', body.dealership_slug),
            ...dealershipError(site, '/preferredDealership', body.preferredDealership),
            ...locationError(site, '/location', body.location),
            ...locationError(site, '/location_id', body.location_id),
            ...locationDealershipError(site, '/location', body.location, dealership),
            ...locationDealershipError(site, '/location_id', body.location_id, dealership),
            ...bookingErrors(site, body, ctx.now()),
            ...termsError(site, body.terms_conditions),
          ]),
        );
        const captcha = await captchaGate(ctx, site, body.captcha);
        const payload = {
          ...withoutCaptcha(body),
          user_agent: body.user_agent ?? req.get('user-agent'),
        };
        const { leadId, created } = await store(
          ctx,
          site,
          {
            site: site.slug,
            submissionId: body.submission_id,
            kind: 'lead',
            isLastStep: body.isLastStep,
            category: body.category,
            subcategory: body.subcategory,
            name: [body.name, body.last_name].filter(Boolean).join(' '),
            email: body.email,
            phone: body.phone,
            message: body.message,
            carId: carKey(body.car_id),
            dealershipSlug: body.dealership_slug ?? body.preferredDealership,
            eventId: body.event_id,
            payload,
            visitedPages: body.lead_attributes?.visited_pages ?? [],
            queryParams: definedOnly(body.lead_attributes?.linked_query_params),
          },
          captcha,
        );
        return answer(ctx, leadId, created);
      },
    },
    {
      method: 'post',
      path: '/forms/{formId}',
      operationId: 'submitForm',
      tag: 'Leads',
      summary: 'Submit a general form (contact, service request, …)',
      description:
        'Same guarantees as POST /leads: stored before the answer, one lead per submission_id, captcha and terms as the site requires.',
      params: 'form-params',
      body: 'form-submission',
      responses: {
        201: { description: 'Stored.', schema: 'lead-response' },
        200: {
          description: 'Already stored for this submission_id (a retry).',
          schema: 'lead-response',
        },
      },
      notFound: 'Unknown site.',
      rateLimited: true,
      failure: 'The form could not be sent. Please try again.',
      async handle({ req, body, params }: RouteInput<FormSubmission, unknown, FormParams>) {
        const site = requireSite(ctx, body.site);
        const existing = await ctx.leads.findBySubmission(site.slug, body.submission_id);
        if (existing !== undefined) return answer(ctx, existing, false);
        const f = body.fields;
        throwIfAny([
          ...contactErrors(site, f, '/fields'),
          ...termsError(site, body.terms_conditions),
        ]);
        const captcha = await captchaGate(ctx, site, body.captcha);
        const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
        const { leadId, created } = await store(
          ctx,
          site,
          {
            site: site.slug,
            submissionId: body.submission_id,
            kind: 'form',
            formId: params.formId,
            isLastStep: true,
            category: text(f.category),
            subcategory: text(f.subcategory),
            name: text(f.name),
            email: text(f.email),
            phone: text(f.phone),
            message: text(f.message),
            carId: carKey(body.car_id),
            payload: {
              ...withoutCaptcha(body),
              form_id: params.formId,
              user_agent: body.user_agent ?? req.get('user-agent'),
            },
            visitedPages: body.lead_attributes?.visited_pages ?? [],
            queryParams: definedOnly(body.lead_attributes?.linked_query_params),
          },
          captcha,
        );
        return answer(ctx, leadId, created);
      },
    },
  ];
}

function definedOnly(
  record: Record<string, string | undefined> | undefined,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record ?? {}).filter((e): e is [string, string] => e[1] !== undefined),
  );
}
