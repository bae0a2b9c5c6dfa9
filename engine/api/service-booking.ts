/**
 * Service bookings and parts requests: which locations take them, the hours a service
 * centre keeps on a given day (holiday hours first), the times a visitor may choose, and
 * the check of a chosen centre, date and time.
 *
 * One implementation for both sides: the service-booking block offers its time slots and
 * checks the form with these functions, and POST /api/leads re-checks every booking with
 * the same ones (site-rules.ts), so the browser and the server cannot disagree. Pure and
 * browser-safe: no Node APIs; time zones through Intl.
 *
 * Rules (docs/forms.md, "Service booking"):
 *  - service centres are the site's visible locations of type service; a site without
 *    one books at its visible locations that list opening hours (a small yard whose
 *    workshop keeps the showroom's hours). Parts counters: visible parts locations, else
 *    the service centres, else every visible location.
 *  - a day's hours: the location's holiday (special) entry for that date wins; else the
 *    weekly entry for the weekday (0 Sunday … 6 Saturday). Closed, missing, or open
 *    without times: no online booking that day.
 *  - a time is bookable when open ≤ time < close (a car cannot be booked in at closing
 *    time), on a date from today to BOOKING_RULES.maxDaysAhead days ahead, by the
 *    location's own clock (its time_zone; else another location's; else the region's).
 *  - the browser offers slots every slotMinutes from opening time and keeps
 *    noticeMinutes' notice for today; the server refuses a time that has passed.
 *
 * The wall clock is engine/clock.ts (blocks/_shared/opening-hours.ts reads the same);
 * opening hours are read as HH:MM, 24-hour.
 */
import type { FieldError, Location, Region } from '../../schemas/types.gen.ts';
import { serviceBooking_slotMinutes } from '../../schemas/block-defaults.gen.ts';
import { DEFAULT_REGION, regionSettings } from '../region.ts';
import {
  addDays,
  clockLabel,
  hhmm,
  hoursOn,
  isDate,
  minutesOfDay,
  TIME,
  wallClock,
  weekdayOf,
  WEEKDAY_NAMES,
  type DayHours,
} from './booking-hours.ts';

export const SERVICE_BOOKING_CATEGORY = 'Service Booking';
export const PARTS_ENQUIRY_CATEGORY = 'Parts Enquiry';

export const BOOKING_RULES = {
  /** Minutes between the times offered, unless the block sets its own: the block's default. */
  slotMinutes: serviceBooking_slotMinutes,
  /** Notice the browser keeps for a booking today (the server only refuses the past). */
  noticeMinutes: 60,
  /** How many days ahead a visitor may book. */
  maxDaysAhead: 90,
} as const;

export interface BookingSite {
  locations: readonly Location[];
  region?: Region;
}

// ---------------------------------------------------------------- which locations

const visible = (locations: readonly Location[]) => locations.filter((l) => l.visible !== false);
const listsHours = (l: Location) =>
  (l.contact_detail?.opening_hours ?? []).some((h) => h.status === 'Open');

/** Locations that take service bookings, in document order. */
export function serviceLocations(locations: readonly Location[]): Location[] {
  const shown = visible(locations);
  const service = shown.filter((l) => l.location_type === 'service');
  return service.length ? service : shown.filter(listsHours);
}

/** Locations a parts request can be sent to, in document order. */
export function partsLocations(locations: readonly Location[]): Location[] {
  const shown = visible(locations);
  const parts = shown.filter((l) => l.location_type === 'parts');
  if (parts.length) return parts;
  const service = shown.filter((l) => l.location_type === 'service');
  return service.length ? service : shown;
}

/** A location of this list given by id (number or digits). */
export function findLocationById(
  locations: readonly Location[],
  id: unknown,
): Location | undefined {
  const n =
    typeof id === 'number'
      ? id
      : typeof id === 'string' && /^\d{1,15}$/.test(id)
        ? Number(id)
        : NaN;
  return Number.isFinite(n) ? locations.find((l) => l.id === n) : undefined;
}

// ---------------------------------------------------------------- a location's clock

/** The clock a location's bookings are read on. */
export function bookingTimeZone(
  location: Pick<Location, 'time_zone'> | undefined,
  site: BookingSite,
): string {
  return (
    location?.time_zone ||
    site.locations.find((l) => l.time_zone)?.time_zone ||
    regionSettings(site.region).timeZone
  );
}

// ---------------------------------------------------------------- slots and checks

export interface BookingClock {
  /** The moment of the check (the server's clock; the browser's Date.now()). */
  now: Date;
  /** Minutes of notice for a booking today (browser: BOOKING_RULES.noticeMinutes; server: 0). */
  noticeMinutes?: number;
  /**
   * Minutes between offered times (bookingSlots: default BOOKING_RULES.slotMinutes). The
   * check counts a day as fully booked when no slot of this size is left (server: none
   * given, any minute left will do).
   */
  slotMinutes?: number;
}

/** The first bookable moment as (date, minutes) on the location's clock. */
function earliest(timeZone: string, clock: BookingClock) {
  const wall = wallClock(clock.now, timeZone);
  const minutes = wall.minutes + (clock.noticeMinutes ?? 0);
  const days = Math.floor(minutes / 1440);
  return { today: wall.date, date: addDays(wall.date, days), minutes: minutes - days * 1440 };
}

/** First and last day a visitor may choose ("YYYY-MM-DD", the location's calendar). */
export function bookingDateRange(
  location: Location | undefined,
  site: BookingSite,
  now: Date,
): { min: string; max: string } {
  const today = wallClock(now, bookingTimeZone(location, site)).date;
  return { min: today, max: addDays(today, BOOKING_RULES.maxDaysAhead) };
}

/** The times ("HH:MM") a visitor may choose at a location on a date: every slot from opening, before closing, after the notice. */
export function bookingSlots(
  location: Location,
  site: BookingSite,
  date: string,
  clock: BookingClock,
): string[] {
  if (!isDate(date)) return [];
  const zone = bookingTimeZone(location, site);
  const first = earliest(zone, clock);
  if (date < first.today || date > addDays(first.today, BOOKING_RULES.maxDaysAhead)) return [];
  const day = hoursOn(location, date);
  if (!day.open) return [];
  const step =
    clock.slotMinutes && clock.slotMinutes > 0 ? clock.slotMinutes : BOOKING_RULES.slotMinutes;
  const slots: string[] = [];
  for (let t = day.from; t < day.to; t += step) {
    if (date < first.date || (date === first.date && t < first.minutes)) continue;
    slots.push(hhmm(t));
  }
  return slots;
}

/** Why a day cannot be booked, as a sentence (undefined: it can). */
export function closedDayMessage(
  location: Location,
  day: DayHours,
  date: string,
): string | undefined {
  if (day.open) return undefined;
  if (day.reason === 'holiday')
    return `${location.name} is closed on ${day.holiday}. Please choose another day.`;
  if (day.reason === 'closed')
    return `${location.name} is closed on ${WEEKDAY_NAMES[weekdayOf(date)]}s. Please choose another day.`;
  return "We can't take online bookings for that day. Please choose another day, or call us.";
}

/** "7:00 am – 5:00 pm" for an open day. */
export function dayHoursLabel(
  day: Extract<DayHours, { open: true }>,
  region: Region = DEFAULT_REGION,
): string {
  return `${clockLabel(day.from, region)} – ${clockLabel(day.to, region)}`;
}

export const BOOKING_MESSAGES = {
  location: 'Please choose a service centre.',
  notServiceLocation: 'Please choose one of our service centres.',
  date: 'Please choose a date.',
  badDate: 'Please enter a real date, e.g. 25/12/2025.',
  pastDate: 'Please choose a date from today onwards.',
  farDate: `Please choose a date in the next ${BOOKING_RULES.maxDaysAhead} days.`,
  time: 'Please choose a time.',
  badTime: 'Please choose a time from the list.',
  noTimesLeft: 'There are no times left to book on that day. Please choose another day.',
  pastTime: 'That time has passed. Please choose a later time.',
  partsLocation: 'Please choose one of our parts counters.',
  part: 'Please enter the part name or part number.',
} as const;

export interface BookingInput {
  location_id?: unknown;
  booking_date?: unknown;
  booking_time?: unknown;
}

/**
 * Problems with a service booking's centre, date and time, as {path, message} with
 * paths /location_id, /booking_date and /booking_time (the form's field names). Empty
 * when the booking falls within the centre's service hours. The browser passes its
 * notice (noticeMinutes); the server passes none and so refuses only the past.
 */
export function serviceBookingErrors(
  site: BookingSite,
  input: BookingInput,
  clock: BookingClock,
): FieldError[] {
  const errors: FieldError[] = [];
  const centres = serviceLocations(site.locations);
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  let location: Location | undefined;
  if (empty(input.location_id))
    errors.push({ path: '/location_id', message: BOOKING_MESSAGES.location });
  else {
    location = findLocationById(centres, input.location_id);
    if (!location)
      errors.push({ path: '/location_id', message: BOOKING_MESSAGES.notServiceLocation });
  }

  const date = input.booking_date;
  const zone = bookingTimeZone(location, site);
  const first = earliest(zone, clock);
  let day: DayHours | undefined;
  if (empty(date)) errors.push({ path: '/booking_date', message: BOOKING_MESSAGES.date });
  else if (!isDate(date)) errors.push({ path: '/booking_date', message: BOOKING_MESSAGES.badDate });
  else if (date < first.today)
    errors.push({ path: '/booking_date', message: BOOKING_MESSAGES.pastDate });
  else if (date > addDays(first.today, BOOKING_RULES.maxDaysAhead))
    errors.push({ path: '/booking_date', message: BOOKING_MESSAGES.farDate });
  else if (location) {
    day = hoursOn(location, date);
    const closed = closedDayMessage(location, day, date);
    if (closed) errors.push({ path: '/booking_date', message: closed });
    else if (
      !bookingSlots(location, site, date, { ...clock, slotMinutes: clock.slotMinutes ?? 1 }).length
    ) {
      errors.push({ path: '/booking_date', message: BOOKING_MESSAGES.noTimesLeft });
      day = undefined;
    }
  }

  const time = input.booking_time;
  if (empty(time)) errors.push({ path: '/booking_time', message: BOOKING_MESSAGES.time });
  else {
    const t = typeof time === 'string' && TIME.test(time) ? minutesOfDay(time) : undefined;
    if (t === undefined || t >= 24 * 60)
      errors.push({ path: '/booking_time', message: BOOKING_MESSAGES.badTime });
    else if (day?.open && isDate(date)) {
      if (t < day.from || t >= day.to) {
        errors.push({
          path: '/booking_time',
          message: `Please choose a time within service hours on that day (${dayHoursLabel(day, site.region)}).`,
        });
      } else if (date === first.date && t < first.minutes) {
        errors.push({
          path: '/booking_time',
          message: clock.noticeMinutes
            ? `Please choose a time at least ${noticeWords(clock.noticeMinutes)} from now.`
            : BOOKING_MESSAGES.pastTime,
        });
      }
    }
  }
  return errors;
}

function noticeWords(minutes: number) {
  if (minutes % 60 === 0) return minutes === 60 ? 'an hour' : `${minutes / 60} hours`;
  return `${minutes} minutes`;
}

/** A parts request's counter, when given, must be one of the site's parts locations. */
export function partsRequestErrors(
  site: BookingSite,
  input: { location_id?: unknown; part?: unknown },
): FieldError[] {
  const errors: FieldError[] = [];
  if (typeof input.part !== 'string' || input.part.trim() === '')
    errors.push({ path: '/part', message: BOOKING_MESSAGES.part });
  const id = input.location_id;
  if (
    id !== undefined &&
    id !== null &&
    id !== '' &&
    !findLocationById(partsLocations(site.locations), id)
  ) {
    errors.push({ path: '/location_id', message: BOOKING_MESSAGES.partsLocation });
  }
  return errors;
}

// ---------------------------------------------------------------- the visitor's vehicle

/** 17 characters, letters and digits, never I, O or Q (the lead schema's vin pattern). */
export const VIN_PATTERN = /^[A-HJ-NPR-Za-hj-npr-z0-9]{17}$/;
export const VIN_MESSAGE =
  'Please enter the 17-character VIN (letters and numbers, never I, O or Q), or leave it empty.';

/** Years a vehicle may be (the lead schema's Vehicle Year range is wider). */
export function vehicleYearRange(now: Date): { min: number; max: number } {
  return { min: 1950, max: now.getUTCFullYear() + 1 };
}
