/**
 * POST /api/reservations: Reserve Online (docs/api.md, "Reservations"). A reservation is a
 * lead of category Reservation plus a 48-hour hold on the car, written in one transaction;
 * then the payment provider sets up the deposit (the default: paid at the dealership). The
 * order: schema (400), a retry of a stored submission answers its reservation (200), site
 * rules (400), the car (404, or 409 when it cannot be reserved or is held), captcha (400),
 * the transaction (409 if another buyer got there first), the deposit (502 takes it all back).
 */
import type { Car, ReservationRequest, ReservationResponse } from '../../../schemas/types.gen.ts';
import { regionSettings } from '../../region.ts';
import { isPublicCar } from '../../search/public-access.ts';
import type { ResolvedSite } from '../../site/types.ts';
import type { DepositLead } from '../adapters/payments.ts';
import {
  captchaGate,
  captchaUsedAsInvalid,
  requireSite,
  throwIfAny,
  type ApiContext,
} from '../context.ts';
import { CarHeldError, type NewLead } from '../store/types.ts';
import { planDeliveries } from '../delivery/plan.ts';
import { HttpError } from '../http.ts';
import {
  ALREADY_RESERVED,
  DEFAULT_RESERVATION_DEPOSIT,
  DEPOSIT_FAILED,
  NOT_FOR_PURCHASE,
  NOT_RESERVABLE,
  PURCHASE_SUBCATEGORY,
  purchasable,
  RESERVATION_CATEGORY,
  RESERVATION_HOLD_MS,
} from '../reservations/terms.ts';
import type { ApiRoute, RouteInput, RouteResult } from '../route.ts';
import { contactErrors, onePerPath, termsError } from '../site-rules.ts';
import { CAR_NOT_FOUND } from './cars.ts';
import { carKey } from './leads.ts';

const FAILURE = 'Your reservation could not be saved. Please try again.';

async function answer(ctx: ApiContext, leadId: number, created: boolean): Promise<RouteResult> {
  const reservation = await ctx.reservations.get(leadId);
  // A submission id already used by another kind of lead: this request cannot be that reservation.
  if (!reservation)
    throw new HttpError(
      409,
      'This submission was already sent as another form. Please reload the page and try again.',
    );
  const json: ReservationResponse = {
    lead_id: leadId,
    lead_secret: ctx.leadSecrets.of(leadId),
    reservation,
  };
  return { status: created ? 201 : 200, json };
}

/** A car the site shows, or 404. */
async function requireCar(ctx: ApiContext, site: ResolvedSite, id: number | string): Promise<Car> {
  const car = typeof id === 'number' ? await ctx.getCar?.(id, site.slug) : undefined;
  if (!car || !isPublicCar(car) || !site.dealerships.some((d) => d.slug === car.dealership_slug))
    throw new HttpError(404, CAR_NOT_FOUND);
  return car;
}

/** The Reserve Now rule (docs/cars.md, "Card rules"): in stock, not sold, priced, with a payment processor. */
function reservable(car: Car): boolean {
  return (
    car.status === 'in_stock' &&
    car.sold !== true &&
    (car.price ?? 0) > 10 &&
    (car.payment_processors?.length ?? 0) > 0
  );
}

export function reservationRoutes(ctx: ApiContext): ApiRoute[] {
  return [
    {
      method: 'post',
      path: '/reservations',
      operationId: 'createReservation',
      tag: 'Leads',
      summary:
        'Reserve a car online: a Reservation lead, a 48-hour hold on the car and its refundable deposit',
      description:
        "Stores the reservation (a lead of category Reservation) and holds the car for 48 hours, then asks the payment provider for the deposit (the site's reserveDeposit, default 200, in the region's currency). The platform's provider charges nothing: the deposit is paid at the dealership. While held, the car is reserved: its search record and page say so (reserved, reserved_until) and a second reservation answers 409. A retry with the same submission_id answers the same reservation with 200. With journey purchase (the online purchase journey) only used cars are taken, and the lead's subcategory is Online Purchase.",
      body: 'reservation-request',
      responses: {
        201: { description: 'Stored and held.', schema: 'reservation-response' },
        200: {
          description: 'Already stored for this submission_id (a retry).',
          schema: 'reservation-response',
        },
      },
      notFound: 'Unknown site, or a car the site does not show.',
      errors: {
        409: 'The car is already reserved, or cannot be reserved online (sold, not in stock, not offered for reservation), or the online purchase journey was asked for a car that is not used.',
        502: 'The payment provider could not set up the deposit; nothing was kept.',
      },
      rateLimited: true,
      failure: FAILURE,
      async handle({ req, body }: RouteInput<ReservationRequest>) {
        const site = requireSite(ctx, body.site);
        const existing = await ctx.leads.findBySubmission(site.slug, body.submission_id);
        if (existing !== undefined) return answer(ctx, existing, false);
        throwIfAny(
          onePerPath([...contactErrors(site, body), ...termsError(site, body.terms_conditions)]),
        );
        const carId = carKey(body.car_id)!;
        const car = await requireCar(ctx, site, carId);
        // A hold whose time is up ends now rather than at the job's next run.
        await ctx.holds.releaseExpired();
        if (!reservable(car)) throw new HttpError(409, NOT_RESERVABLE);
        const purchase = body.journey === 'purchase';
        if (purchase && !purchasable(car)) throw new HttpError(409, NOT_FOR_PURCHASE);
        if ((await ctx.reservations.openHold(car.id)) || car.reserved)
          throw new HttpError(409, ALREADY_RESERVED);
        const captcha = await captchaGate(ctx, site, body.captcha);

        const now = ctx.now();
        const amount = site.features.reserveDeposit || DEFAULT_RESERVATION_DEPOSIT;
        const currency = regionSettings(site.region).currency;
        const { captcha: _answer, ...received } = body;
        const newLead: NewLead = {
          site: site.slug,
          submissionId: body.submission_id,
          kind: 'lead',
          isLastStep: true,
          category: RESERVATION_CATEGORY,
          subcategory: purchase ? PURCHASE_SUBCATEGORY : undefined,
          name: [body.name, body.last_name].filter(Boolean).join(' '),
          email: body.email,
          phone: body.phone,
          message: body.message,
          carId: car.id,
          dealershipSlug: car.dealership_slug,
          eventId: body.event_id,
          payload: { ...received, user_agent: body.user_agent ?? req.get('user-agent') },
          visitedPages: body.lead_attributes?.visited_pages ?? [],
          queryParams: Object.fromEntries(
            Object.entries(body.lead_attributes?.linked_query_params ?? {}).filter(
              (e): e is [string, string] => e[1] !== undefined,
            ),
          ),
        };
        let stored: { leadId: number; created: boolean };
        try {
          stored = await ctx.leads.create(newLead, {
            createdAt: now.toISOString(),
            captcha,
            afterLeadRow: ctx.hooks.afterLeadRow,
            deliveries: planDeliveries(site, newLead, car),
            // Checked again inside the transaction (another buyer, on any server, may have held it since): CarHeldError.
            hold: {
              site: site.slug,
              carId: car.id,
              stockNumber: car.stocknum || null,
              amount,
              currency,
              provider: ctx.adapters.payments.name,
              createdAt: now.toISOString(),
              heldUntil: new Date(now.getTime() + RESERVATION_HOLD_MS).toISOString(),
            },
          });
        } catch (err) {
          if (err instanceof CarHeldError) throw new HttpError(409, ALREADY_RESERVED);
          throw captchaUsedAsInvalid(err);
        }
        const { leadId, created } = stored;
        if (!created) return answer(ctx, leadId, false);

        const lead: DepositLead = {
          lead_id: leadId,
          site: site.slug,
          region: site.region,
          car_id: car.id,
          stock_number: car.stocknum || null,
          car_name: car.name,
          name: [body.name, body.last_name].filter(Boolean).join(' '),
          email: body.email,
          phone: body.phone,
        };
        try {
          await ctx.reservations.recordPayment(
            leadId,
            await ctx.adapters.payments.createDeposit({ lead, amount, currency }),
          );
        } catch (err) {
          ctx.log.error(
            '[forecourt] the deposit could not be set up; the reservation was taken back',
            err,
          );
          await ctx.leads.remove(leadId);
          throw new HttpError(502, DEPOSIT_FAILED);
        } finally {
          await ctx.holds.changed();
        }
        // Only now: a reservation taken back above must not reach the dealer.
        ctx.delivery.nudge(leadId);
        return answer(ctx, leadId, true);
      },
    },
  ];
}
