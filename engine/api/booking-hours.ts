/**
 * The clocks and calendars of bookings: "HH:MM" times, calendar dates, a wall clock in a
 * time zone, and the hours a location keeps on a date (holiday hours first; docs/forms.md,
 * "Service booking"). Pure and browser-safe, like service-booking.ts.
 */
import type { Location, Region } from '../../schemas/types.gen.ts';
import { zonedTime } from '../clock.ts';
import { clockTime, DEFAULT_REGION, regionSettings } from '../region.ts';

export const TIME = /^([01]\d|2[0-4]):([0-5]\d)$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** Minutes since midnight of "HH:MM" (24:00 allowed as a closing time), or undefined. */
export function minutesOfDay(hhmm: string | undefined): number | undefined {
  const m = hhmm ? TIME.exec(hhmm.trim()) : null;
  if (!m) return undefined;
  const total = Number(m[1]) * 60 + Number(m[2]);
  return total <= 24 * 60 ? total : undefined;
}

/** 570 → "09:30". */
export function hhmm(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** 570 → "9:30 am" (AU, NZ) or "9:30 AM" (US), as the opening hours read on the site. */
export function clockLabel(minutes: number, region: Region = DEFAULT_REGION): string {
  return clockTime(minutes, regionSettings(region).locale);
}

/** A real calendar date "YYYY-MM-DD" (not 2025-02-30). */
export function isDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

/** 0 Sunday … 6 Saturday of a "YYYY-MM-DD". */
export function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** "2025-06-02" + 3 → "2025-06-05". */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The date and minutes since midnight of `at` on a wall clock in `timeZone` (UTC when unknown). */
export function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const { date, minutes } = zonedTime(at, timeZone);
  return { date, minutes };
}

// ---------------------------------------------------------------- a day's hours

export type DayHours =
  | { open: true; from: number; to: number; holiday?: string }
  | { open: false; holiday?: string; reason: 'closed' | 'holiday' | 'no-hours' };

/** The hours a location keeps on a date: its holiday entry for that date first, else the weekday's. */
export function hoursOn(location: Pick<Location, 'contact_detail'>, date: string): DayHours {
  const contact = location.contact_detail ?? {};
  const special = contact.special_hours?.find((s) => s.date === date);
  const holiday = special ? special.label?.trim() || 'a holiday' : undefined;
  if (special?.status === 'Closed') return { open: false, holiday, reason: 'holiday' };
  if (special) {
    const from = minutesOfDay(special.start_hour);
    const to = minutesOfDay(special.end_hour);
    if (from !== undefined && to !== undefined && from < to)
      return { open: true, from, to, holiday };
    // Open on the holiday without times given: the weekday's usual hours.
  }
  const weekly = contact.opening_hours?.find((h) => h.weekday === weekdayOf(date));
  if (!weekly || weekly.status !== 'Open')
    return { open: false, holiday, reason: weekly ? 'closed' : 'no-hours' };
  const from = minutesOfDay(weekly.open);
  const to = minutesOfDay(weekly.close);
  if (from === undefined || to === undefined || from >= to)
    return { open: false, holiday, reason: 'no-hours' };
  return { open: true, from, to, holiday };
}
