/**
 * The demo locations' holiday (special) hours: the public holidays of the twelve months from
 * a given day, so the demo never shows a past Easter (docs/content-blocks.md, "Locations").
 * Queensland's list; dealers enter their own.
 */
import type { SpecialHour } from '../schemas/types.gen.ts';

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * 86_400_000);

/** Easter Sunday of a year (the anonymous Gregorian computus). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utc(year, month, day);
}

function holidaysOf(year: number): SpecialHour[] {
  const easter = easterSunday(year);
  const closed = (date: Date, label: string): SpecialHour => ({
    date: iso(date),
    status: 'Closed',
    label,
  });
  return [
    closed(utc(year, 1, 1), "New Year's Day"),
    {
      date: iso(utc(year, 1, 26)),
      status: 'Open',
      start_hour: '09:00',
      end_hour: '13:00',
      label: 'Australia Day',
    },
    closed(addDays(easter, -2), 'Good Friday'),
    {
      date: iso(addDays(easter, -1)),
      status: 'Open',
      start_hour: '09:00',
      end_hour: '12:00',
      label: 'Easter Saturday',
    },
    closed(addDays(easter, 1), 'Easter Monday'),
    closed(utc(year, 4, 25), 'Anzac Day'),
    closed(utc(year, 12, 25), 'Christmas Day'),
    closed(utc(year, 12, 26), 'Boxing Day'),
  ];
}

/** The holidays from `from` (its UTC date) up to a year later, in date order. */
export function upcomingHolidayHours(from: Date): SpecialHour[] {
  const start = iso(from);
  const end = iso(addDays(from, 365));
  const year = from.getUTCFullYear();
  return [...holidaysOf(year), ...holidaysOf(year + 1)]
    .filter((h) => h.date >= start && h.date < end)
    .sort((a, b) => a.date.localeCompare(b.date));
}
