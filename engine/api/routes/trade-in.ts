/**
 * The trade-in flow: lead (POST /leads) → valuation → adjustments → rego lookup →
 * offer acceptance, and saving the valuation the visitor saw (POST /miscellaneous).
 */
import { randomUUID } from 'node:crypto';
import type {
  MiscellaneousRequest,
  OfferAcceptRequest,
  RegoLookupRequest,
  RegoLookupResponse,
  RegoState,
  SuccessResponse,
  Valuation,
  ValuationAdjustmentsRequest,
  ValuationRequest,
} from '../../../schemas/types.gen.ts';
import type { ResolvedSite } from '../../site/types.ts';
import { regionSettings } from '../../region.ts';
import { requireLead, requireSite, throwIfAny, type ApiContext } from '../context.ts';
import { HttpError } from '../http.ts';
import type { ApiRoute, RouteInput } from '../route.ts';
import { normaliseRego } from '../adapters/rego.ts';
import { contactErrors, locationError } from '../site-rules.ts';

export const REGO_NOT_FOUND =
  "We couldn't find a vehicle with that registration. Please check it, or enter the car's details yourself.";

/** Plates of the site's own country only: an AU dealer cannot look up a Texas plate. */
function regoStateError(site: ResolvedSite, state: RegoState | undefined) {
  if (state === undefined) return [];
  return regionSettings(site.region).plateStates.includes(state)
    ? []
    : [{ path: '/regoState', message: `is not a state of this site's region (${site.region})` }];
}

export function tradeInRoutes(ctx: ApiContext): ApiRoute[] {
  const stamp = () => ctx.now().toISOString();
  return [
    {
      method: 'post',
      path: '/valuations',
      operationId: 'createValuation',
      tag: 'Trade-in',
      summary: "Value the visitor's car (no online estimate over 7 years or 100,000 km)",
      body: 'valuation-request',
      responses: {
        201: {
          description: 'The valuation, stored; estimate null when the car gets no online estimate.',
          schema: 'valuation',
        },
      },
      notFound: 'Unknown site or lead.',
      rateLimited: true,
      async handle({ body }: RouteInput<ValuationRequest>) {
        const site = requireSite(ctx, body.site);
        if (body.lead_id !== undefined)
          await requireLead(ctx, site, body.lead_id, body.lead_secret);
        throwIfAny(regoStateError(site, body.regoState));
        const vehicle: Valuation['vehicle'] = {
          make: body.make,
          model: body.model,
          year: body.year,
          kms: body.kms,
        };
        if (body.badge) vehicle.badge = body.badge;
        if (body.rego) vehicle.rego = normaliseRego(body.rego);
        if (body.regoState) vehicle.regoState = body.regoState;
        const outcome = await ctx.adapters.valuer.value(vehicle, {}, ctx.now());
        const now = stamp();
        const valuation: Valuation = {
          id: randomUUID(),
          site: site.slug,
          lead_id: body.lead_id ?? null,
          vehicle,
          eligible: outcome.eligible,
          estimate: outcome.eligible ? outcome.estimate : null,
          offer_price: outcome.eligible ? outcome.offer_price : null,
          adjustmentAnswers: {},
          created_at: now,
          updated_at: now,
        };
        if (!outcome.eligible) valuation.reason = outcome.reason;
        await ctx.valuations.insert(valuation);
        return { status: 201, json: valuation };
      },
    },
    {
      method: 'post',
      path: '/valuations/adjustments',
      operationId: 'adjustValuation',
      tag: 'Trade-in',
      summary: 'Answer the condition questions; the offer is worked out again',
      body: 'valuation-adjustments',
      responses: {
        200: { description: 'The valuation with the answers applied.', schema: 'valuation' },
      },
      notFound: 'Unknown valuation.',
      rateLimited: true,
      async handle({ body }: RouteInput<ValuationAdjustmentsRequest>) {
        const valuation = await ctx.valuations.get(body.id);
        if (!valuation) throw new HttpError(404, 'Unknown valuation');
        const outcome = await ctx.adapters.valuer.value(
          valuation.vehicle,
          body.adjustmentAnswers,
          ctx.now(),
        );
        const updated: Valuation = {
          ...valuation,
          adjustmentAnswers: body.adjustmentAnswers,
          estimate: outcome.eligible ? outcome.estimate : null,
          offer_price: outcome.eligible ? outcome.offer_price : null,
          updated_at: stamp(),
        };
        await ctx.valuations.update(updated);
        return { json: updated };
      },
    },
    {
      method: 'post',
      path: '/rego-lookup',
      operationId: 'lookupRego',
      tag: 'Trade-in',
      summary: 'Find a vehicle by registration plate',
      body: 'rego-lookup-request',
      responses: {
        200: { description: 'The registered vehicle.', schema: 'rego-lookup-response' },
      },
      notFound: 'Unknown site, or no vehicle with that registration.',
      rateLimited: true,
      async handle({ body }: RouteInput<RegoLookupRequest>) {
        const site = requireSite(ctx, body.site);
        throwIfAny(regoStateError(site, body.regoState));
        const vehicle = await ctx.adapters.rego.lookup(body.rego, body.regoState, ctx.now());
        if (!vehicle) throw new HttpError(404, REGO_NOT_FOUND);
        const json: RegoLookupResponse = {
          rego: normaliseRego(body.rego),
          regoState: body.regoState,
          vehicle,
        };
        return { json };
      },
    },
    {
      method: 'post',
      path: '/offers/accept',
      operationId: 'acceptOffer',
      tag: 'Trade-in',
      summary: "Record the visitor's answer to the trade-in offer on a lead",
      body: 'offer-accept',
      responses: { 200: { description: 'Recorded on the lead.', schema: 'success' } },
      notFound: 'Unknown site or lead.',
      rateLimited: true,
      async handle({ body }: RouteInput<OfferAcceptRequest>) {
        const site = requireSite(ctx, body.site);
        const leadId = await requireLead(ctx, site, body.lead_id, body.lead_secret);
        const { site: _site, lead_id: _lead, lead_secret: _secret, ...data } = body;
        await ctx.leads.addEvent(
          leadId,
          body.offer_accepted ? 'offer_accepted' : 'offer_declined',
          data,
          stamp(),
          {
            status: body.offer_accepted ? 'offer_accepted' : 'offer_declined',
            subcategory: body.subcategory,
            // The trade-in lead's analytics event is the acceptance (18, docs/forms.md "Analytics").
            eventId: body.event_id,
          },
        );
        const json: SuccessResponse = { success: true, lead_id: leadId };
        return { json };
      },
    },
    {
      method: 'post',
      path: '/miscellaneous',
      operationId: 'saveMiscellaneous',
      tag: 'Trade-in',
      summary: 'Save the valuation the visitor saw (column_name "valuation")',
      description: 'Kept on the lead when lead_id is given, otherwise against the site.',
      body: 'miscellaneous',
      responses: { 200: { description: 'Saved.', schema: 'success' } },
      notFound: 'Unknown site or lead.',
      rateLimited: true,
      async handle({ body }: RouteInput<MiscellaneousRequest>) {
        const site = requireSite(ctx, body.site);
        throwIfAny([
          ...contactErrors(site, body.value, '/value'),
          ...locationError(site, '/value/location_id', body.value.location_id),
          ...regoStateError(site, body.value.regoState).map((f) => ({
            ...f,
            path: '/value/regoState',
          })),
        ]);
        const json: SuccessResponse = { success: true };
        if (body.lead_id !== undefined) {
          await ctx.leads.addEvent(
            await requireLead(ctx, site, body.lead_id, body.lead_secret),
            body.column_name,
            body.value,
            stamp(),
          );
          json.lead_id = body.lead_id;
        } else {
          await ctx.records.siteRecord(site.slug, body.column_name, body.value, stamp());
        }
        return { json };
      },
    },
  ];
}
