/**
 * The service booking's hook: the form, the captcha and the one-row machine (machine.ts)
 * wired to its call (calls.ts) through the lead form hook, and what the view shows of the
 * hours rule as the visitor picks: the dates open to them, the day's times and a line on the
 * day's hours. It owns no rule and no markup.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  BOOKING_MESSAGES,
  BOOKING_RULES,
  SERVICE_BOOKING_CATEGORY,
  bookingDateRange,
  bookingSlots,
  closedDayMessage,
  dayHoursLabel,
  findLocationById,
} from '../../engine/api/service-booking.ts';
import { clockLabel, hoursOn, isDate, minutesOfDay } from '../../engine/api/booking-hours.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
import { summariseHours, type Locale } from '../_shared/opening-hours.ts';
import { useCaptcha } from '../_forms/Captcha.tsx';
import { CONTACT_VALUES } from '../_forms/common.tsx';
import { useForm } from '../_forms/useForm.ts';
import { useLeadForm } from '../_forms/useLeadForm.ts';
import { sendServiceBooking } from './calls.ts';
import { serviceBookingMachine } from './machine.ts';

/** "Service hours: Monday – Friday 7:00 am – 5:00 pm; Saturday 7:30 am – 12:00 pm; Sunday Closed." */
export function serviceHoursLine(location: Location, locale: Locale): string | undefined {
  const rows = summariseHours(location.contact_detail?.opening_hours, locale);
  return rows.length
    ? `Service hours: ${rows.map((r) => `${r.label} ${r.hours}`).join('; ')}.`
    : undefined;
}

export interface UseServiceBookingOptions {
  centres: Location[];
  slotMinutes: number;
  optInText?: string;
  /** Reported with the analytics event (the block id). */
  formId: string;
}

export function useServiceBooking({
  centres,
  slotMinutes,
  optInText,
  formId,
}: UseServiceBookingOptions) {
  const { site, region, t, m } = useSite();
  const terms = Boolean(site.features.termsAgreement);
  const form = useForm({
    initial: {
      location_id: centres.length === 1 ? String(centres[0].id) : '',
      service_type: '',
      booking_date: '',
      booking_time: '',
      Rego: '',
      'Vehicle Make': '',
      'Vehicle Model': '',
      ...CONTACT_VALUES,
    },
  });
  const captcha = useCaptcha(site, form);
  const centre = findLocationById(centres, form.values.location_id);
  const { booking_date: date = '', booking_time: time = '' } = form.values as Record<
    string,
    string
  >;

  // The visitor's clock matters only in the browser: the server renders no dates or times.
  const [range, setRange] = useState<{ min: string; max: string } | undefined>();
  useEffect(() => {
    if (form.hydrated) setRange(bookingDateRange(centre, site, new Date()));
  }, [form.hydrated, centre, site]);

  const clock = useCallback(
    () => ({ now: new Date(), noticeMinutes: BOOKING_RULES.noticeMinutes, slotMinutes }),
    [slotMinutes],
  );
  const slots = useMemo(
    () =>
      form.hydrated && centre && isDate(date) ? bookingSlots(centre, site, date, clock()) : [],
    [form.hydrated, centre, site, date, clock],
  );

  // A time that the newly chosen centre or day does not offer is cleared, so the select never shows a time it has not got.
  useEffect(() => {
    if (time && form.hydrated && !slots.includes(time)) form.set('booking_time', '');
  }, [slots, time, form]);

  const dayStatus = (): string => {
    if (!centre) return t('Choose a service centre first.');
    if (!isDate(date)) return 'Choose the day you would like to drop your car off.';
    if (range && date < range.min) return BOOKING_MESSAGES.pastDate;
    if (range && date > range.max) return BOOKING_MESSAGES.farDate;
    const day = hoursOn(centre, date);
    if (!day.open) return closedDayMessage(centre, day, date)!;
    const hours = `Open ${dayHoursLabel(day, region.region)}${day.holiday ? ` (${day.holiday} hours)` : ''}.`;
    return form.hydrated && !slots.length
      ? `${hours} There are no times left to book on that day.`
      : hours;
  };

  const flow = useLeadForm({
    form,
    captcha,
    machine: serviceBookingMachine,
    context: {
      region: region.region,
      site,
      clock,
      centreLabel: t('Service centre'),
      plateLabel: m('plate.field'),
      plateInvalid: m('plate.invalid'),
    },
    consent: { optIn: Boolean(optInText), terms },
    send: (call) => sendServiceBooking(site, { ...call, centres }),
    record: { category: SERVICE_BOOKING_CATEGORY, formId },
  });

  return {
    form,
    captcha,
    flow,
    region: region.region,
    t,
    plateLabel: m('plate.field'),
    terms,
    centres,
    range,
    /** The chosen centre's weekly hours, under the centre select. */
    hoursLine: centre ? serviceHoursLine(centre, region.locale) : undefined,
    /** The day's hours as the visitor picks (announced politely). */
    dayStatus: dayStatus(),
    timeOptions: slots.map((s) => ({
      value: s,
      label: clockLabel(minutesOfDay(s)!, region.region),
    })),
    timePlaceholder:
      !centre || !isDate(date)
        ? 'Choose a date first'
        : slots.length
          ? 'Please select a time...'
          : 'No times available',
  };
}

export type ServiceBookingState = ReturnType<typeof useServiceBooking>;
