/**
 * The Reserve Online form's hook: the form (the signed-in buyer's mobile filled in), the
 * captcha and the one-row machine (machine.ts) wired to its call (calls.ts) through the lead
 * form hook; a stored reservation keeps its hold for the success page. It owns no rule and
 * no markup.
 */
import { useEffect } from 'react';
import { phoneForDisplay } from '../../engine/api/regional.ts';
import { RESERVATION_CATEGORY } from '../../engine/api/reservations/terms.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { leadEventId } from '../_shared/analytics.ts';
import { dealerTimeZone } from '../_shared/dealer-zone.ts';
import { useSession } from '../_shared/session.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { carTitle, type CarSummary } from '../_forms/car.ts';
import { CONTACT_VALUES } from '../_forms/common.tsx';
import { storeSuccess } from '../_forms/storage.ts';
import { useForm } from '../_forms/useForm.ts';
import { useLeadForm } from '../_forms/useLeadForm.ts';
import { reserve, type ReserveArgs } from './calls.ts';
import { reservationMachine } from './machine.ts';

export interface UseReservationOptions {
  car: CarSummary;
  /** Reported with the analytics event (the block id). */
  formId: string;
  journey?: ReserveArgs['journey'];
}

export function useReservation({ car, formId, journey }: UseReservationOptions) {
  const { site, region } = useSite();
  const session = useSession();
  const form = useForm({
    initial: {
      ...CONTACT_VALUES,
    },
  });
  const captcha = useCaptcha(site, form, site.features.captcha);
  const terms = Boolean(site.features.termsAgreement);

  // The signed-in buyer's mobile (docs/forms.md, "Sign-in and gated pages"), unless one is typed already.
  const signedInPhone = session?.phone_number;
  useEffect(() => {
    if (signedInPhone && !form.values.phone)
      form.setMany({ phone: phoneForDisplay(region.region, signedInPhone) });
    // Only when the session becomes known: the buyer's own edits win afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  }, [signedInPhone]);

  const eventId = leadEventId('enquiry', car);
  const flow = useLeadForm({
    form,
    captcha,
    machine: reservationMachine,
    context: { region: region.region },
    consent: { optIn: true, terms },
    send: (call) => reserve(site, { ...call, carId: car.id, eventId, journey }),
    record: { category: RESERVATION_CATEGORY, car, eventId, formId },
    // The success page says until when the car is held, in the car's yard's time zone, named.
    stored: (result) =>
      storeSuccess(site.slug, {
        category: RESERVATION_CATEGORY,
        lead_id: result.leadId,
        car_name: carTitle(car),
        held_until: result.reservation?.held_until,
        time_zone:
          site.locations.find((l) => l.id === car.location_id && l.time_zone)?.time_zone ??
          dealerTimeZone(site),
        deposit_instructions: result.reservation?.deposit.instructions,
      }),
  });

  return { form, captcha, flow, region: region.region, terms };
}

export type ReservationState = ReturnType<typeof useReservation>;
