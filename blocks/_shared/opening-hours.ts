/**
 * Opening hours of a location: formatting, the weekly summary, holiday (special) hours
 * and "open now" in the location's own time zone. Pure functions, no React.
 *
 * Rules (docs/content-blocks.md, "Opening hours"):
 *  - weekday 0 is Sunday … 6 Saturday; status Open or Closed; times are 24-hour HH:MM.
 *  - Times read like dealer sites: en-AU/en-NZ "8:00 am – 5:30 pm", en-US "8:00 AM – 5:30 PM".
 *    Formatting is done here rather than by Intl so the server (Node's ICU) and every
 *    browser produce exactly the same characters (Intl varies its spaces by ICU version,
 *    which would break hydration).
 *  - The weekly summary starts on Monday; Monday–Friday become one line when all five
 *    days are present and equal.
 *  - "Open now" takes the wall-clock time in the location's time zone (Intl with timeZone),
 *    and a special-hours entry for that date wins over the weekly hours.
 */
import { zonedTime } from '../../engine/clock.ts';
import { clockTime, localeSettings } from '../../engine/region.ts';
import type { Location } from '../../engine/site/types.ts';
import type { OpeningHour, SpecialHour } from '../../schemas/types.gen.ts';

/** A region's locale (engine/region/table.ts): its day periods and date order. */
export type Locale = string;

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/** Display order of the weekly summary: Monday first, Sunday last. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
/** Between two times of a range and between the first and last day of a group. */
export const RANGE_SEPARATOR = ' – ';

const TIME = /^([0-2]\d):([0-5]\d)$/;

/** Minutes since midnight of a 24-hour "HH:MM", or undefined when it is not one. */
export function minutesOf(hhmm: string | undefined): number | undefined {
  const m = hhmm ? TIME.exec(hhmm.trim()) : null;
  if (!m) return undefined;
  const hours = Number(m[1]);
  if (hours > 24) return undefined;
  return hours * 60 + Number(m[2]);
}

/** "17:30" → "5:30 pm" (en-AU, en-NZ) or "5:30 PM" (en-US). Unreadable input is returned as given. */
export function formatTime(hhmm: string, locale: Locale = 'en-AU'): string {
  const total = minutesOf(hhmm);
  return total === undefined ? hhmm : clockTime(total, locale);
}

/** "8:00 am – 5:30 pm", "Closed", or "Open" when an open day has no times. */
export function formatHours(
  entry: { status: string; open?: string; close?: string } | undefined,
  locale: Locale = 'en-AU',
): string {
  if (!entry || entry.status !== 'Open') return 'Closed';
  if (entry.open && entry.close)
    return `${formatTime(entry.open, locale)}${RANGE_SEPARATOR}${formatTime(entry.close, locale)}`;
  return 'Open';
}

export function formatSpecialHours(entry: SpecialHour, locale: Locale = 'en-AU'): string {
  return formatHours(
    { status: entry.status, open: entry.start_hour, close: entry.end_hour },
    locale,
  );
}

export interface HoursRow {
  /** "Monday – Friday", "Saturday". */
  label: string;
  /** Weekdays (0–6) the row covers. */
  days: number[];
  /** "8:00 am – 5:30 pm" or "Closed". */
  hours: string;
  open: boolean;
}

const sameHours = (a: OpeningHour | undefined, b: OpeningHour | undefined) =>
  !!a &&
  !!b &&
  a.status === b.status &&
  (a.status !== 'Open' || (a.open === b.open && a.close === b.close));

/**
 * The weekly summary, Monday first. Monday–Friday are grouped into one row when all five
 * days are present and have the same status and times; otherwise every day has its row.
 * Days missing from the list are left out.
 */
export function summariseHours(
  hours: readonly OpeningHour[] | undefined,
  locale: Locale = 'en-AU',
): HoursRow[] {
  const byDay = new Map<number, OpeningHour>();
  for (const entry of hours ?? []) if (!byDay.has(entry.weekday)) byDay.set(entry.weekday, entry);
  const rows: HoursRow[] = [];
  const weekdays = [1, 2, 3, 4, 5].map((d) => byDay.get(d));
  const grouped = weekdays.every((entry) => sameHours(entry, weekdays[0]));
  for (const day of WEEK_ORDER) {
    const entry = byDay.get(day);
    if (!entry) continue;
    if (grouped && day >= 1 && day <= 5) {
      if (day === 1) {
        rows.push({
          label: `${WEEKDAYS[1]}${RANGE_SEPARATOR}${WEEKDAYS[5]}`,
          days: [1, 2, 3, 4, 5],
          hours: formatHours(entry, locale),
          open: entry.status === 'Open',
        });
      }
      continue;
    }
    rows.push({
      label: WEEKDAYS[day],
      days: [day],
      hours: formatHours(entry, locale),
      open: entry.status === 'Open',
    });
  }
  return rows;
}

/** "2025-04-18" → "Friday 18 April 2025" (en-AU, en-NZ) or "Friday, April 18, 2025" (en-US). */
export function formatDate(isoDate: string, locale: Locale = 'en-AU'): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  const monthName = MONTHS[month - 1];
  if (!monthName) return isoDate;
  return localeSettings(locale).dateOrder === 'month-day'
    ? `${weekday}, ${monthName} ${day}, ${year}`
    : `${weekday} ${day} ${monthName} ${year}`;
}

export interface SpecialHoursRow {
  date: string;
  /** "Friday 18 April 2025". */
  dateLabel: string;
  /** "Good Friday", when the entry names the day. */
  label?: string;
  hours: string;
  open: boolean;
}

/**
 * Holiday hours from `today` (YYYY-MM-DD in the location's zone) on, in date order: past
 * entries are left out, so a list nobody pruned never shows last year's Easter
 * (docs/content-blocks.md, "Locations"). Without `today` every entry shows.
 */
export function specialHoursRows(
  entries: readonly SpecialHour[] | undefined,
  locale: Locale = 'en-AU',
  today?: string,
): SpecialHoursRow[] {
  return [...(entries ?? [])]
    .filter((entry) => !today || entry.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((entry) => ({
      date: entry.date,
      dateLabel: formatDate(entry.date, locale),
      label: entry.label?.trim() || undefined,
      hours: formatSpecialHours(entry, locale),
      open: entry.status === 'Open',
    }));
}

export { zonedTime, type ZonedTime } from '../../engine/clock.ts';

export interface OpenState {
  open: boolean;
  /** The hours that apply today ("8:00 am – 5:30 pm" or "Closed"). */
  today: string;
  /** Set when today's hours come from a holiday entry. */
  holiday?: string;
  /** "Closes 5:30 pm" / "Opens 8:00 am" style detail, when known. */
  detail?: string;
}

/**
 * Whether a location is open at `at`, judged by the wall clock of its time zone.
 * A special-hours entry for that date replaces the weekly hours.
 */
export function openState(
  contact:
    { opening_hours?: readonly OpeningHour[]; special_hours?: readonly SpecialHour[] } | undefined,
  timeZone: string | undefined,
  at: Date,
  locale: Locale = 'en-AU',
): OpenState | undefined {
  const weekly = contact?.opening_hours ?? [];
  const special = contact?.special_hours ?? [];
  if (!weekly.length && !special.length) return undefined;
  const now = zonedTime(at, timeZone);
  const holiday = special.find((s) => s.date === now.date);
  const entry = holiday
    ? { status: holiday.status, open: holiday.start_hour, close: holiday.end_hour }
    : weekly.find((h) => h.weekday === now.weekday);
  if (!entry) return undefined;
  const today = formatHours(entry, locale);
  const from = minutesOf(entry.open);
  const to = minutesOf(entry.close);
  let open = false;
  let detail: string | undefined;
  if (entry.status === 'Open' && from !== undefined && to !== undefined) {
    open = now.minutes >= from && now.minutes < to;
    if (open) detail = `Closes ${formatTime(entry.close!, locale)}`;
    else if (now.minutes < from) detail = `Opens ${formatTime(entry.open!, locale)}`;
  } else if (entry.status === 'Open') {
    // Open all day without times given.
    open = true;
  }
  return {
    open,
    today,
    holiday: holiday ? holiday.label?.trim() || 'Holiday hours' : undefined,
    detail,
  };
}

/** Convenience for a location entity. */
export function locationOpenState(
  location: Location,
  at: Date,
  locale: Locale = 'en-AU',
): OpenState | undefined {
  return openState(location.contact_detail, location.time_zone, at, locale);
}
