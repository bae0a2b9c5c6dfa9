/**
 * The Reserve Online form (docs/forms.md, "Reserve online"): the buyer's details (the
 * signed-in buyer's mobile filled in), an optional message, the consents, then
 * POST {api}/reservations. A stored reservation goes to /success, which thanks the buyer
 * for the reservation and says until when the car is held and how the deposit is paid; a car
 * reserved meanwhile by someone else answers 409 and the form says so.
 *
 * Built like every lead form: the steps as a table (machine.ts), the call (calls.ts), the
 * hook (useReservation.ts) and a props-only view (ReservationView.tsx).
 */
import type { CarSummary } from '../_forms/car.ts';
import { ReservationView } from './ReservationView.tsx';
import { useReservation, type UseReservationOptions } from './useReservation.ts';

export interface ReservationFormProps {
  car: CarSummary;
  /** Reported with the analytics event (the block id). */
  formId: string;
  labelledBy?: string;
  submitLabel: string;
  journey?: UseReservationOptions['journey'];
}

export function ReservationForm({
  car,
  formId,
  labelledBy,
  submitLabel,
  journey,
}: ReservationFormProps) {
  const reservation = useReservation({ car, formId, journey });
  return (
    <ReservationView reservation={reservation} labelledBy={labelledBy} submitLabel={submitLabel} />
  );
}
