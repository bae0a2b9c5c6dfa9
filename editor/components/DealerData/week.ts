/**
 * The week as the region's locale names and orders it (docs/editor-design.md, "Dealer data"):
 * day names from Intl, the first day of the week and the weekend from the locale's week
 * information, so no region's week is written here.
 */

/** A Sunday (weekday 0 in the schema's numbering, 0 Sunday … 6 Saturday). */
const A_SUNDAY = Date.UTC(2024, 0, 7);

interface WeekInfo {
  firstDay: number;
  weekend: number[];
}

function weekInfo(locale: string): WeekInfo {
  const l = new Intl.Locale(locale) as Intl.Locale & {
    weekInfo?: WeekInfo;
    getWeekInfo?: () => WeekInfo;
  };
  // Browsers moved the accessor to a method; either gives ISO days (1 Monday … 7 Sunday).
  return l.getWeekInfo?.() ?? l.weekInfo ?? { firstDay: 1, weekend: [6, 7] };
}

/** The schema's weekday (0 Sunday … 6 Saturday) of an ISO day (1 Monday … 7 Sunday). */
const fromIso = (day: number) => day % 7;

export interface Week {
  /** The weekdays (schema numbering) in the locale's order. */
  order: number[];
  /** The day's name by weekday. */
  names: string[];
  /** The working days (the week less its weekend), in order: what "copy to weekdays" fills. */
  weekdays: number[];
}

export function localeWeek(locale: string): Week {
  const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
  const names = Array.from({ length: 7 }, (_, d) => format.format(A_SUNDAY + d * 86_400_000));
  const info = weekInfo(locale);
  const order = Array.from({ length: 7 }, (_, i) => fromIso(((info.firstDay - 1 + i) % 7) + 1));
  const weekend = new Set(info.weekend.map(fromIso));
  return { order, names, weekdays: order.filter((d) => !weekend.has(d)) };
}
