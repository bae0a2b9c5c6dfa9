/**
 * Wall-clock time in a dealer's time zone: what opening hours, bookings and offer dates
 * are read against. Browser-safe (Intl only).
 */

export interface ZonedTime {
  /** YYYY-MM-DD in the zone. */
  date: string;
  /** 0 Sunday … 6 Saturday in the zone. */
  weekday: number;
  /** Minutes since midnight in the zone. */
  minutes: number;
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();

/** Wall-clock date, weekday and time of `at` in an IANA time zone (UTC when the zone is unknown). */
export function zonedTime(at: Date, timeZone: string | undefined): ZonedTime {
  const zone = timeZone || 'UTC';
  let fmt = zonedFormats.get(zone);
  if (!fmt) {
    try {
      fmt = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      });
    } catch {
      return zonedTime(at, 'UTC');
    }
    zonedFormats.set(zone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(at)) parts[p.type] = p.value;
  const [y, mo, d] = [Number(parts.year), Number(parts.month), Number(parts.day)];
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay();
  const minutes = (Number(parts.hour) % 24) * 60 + Number(parts.minute);
  return { date, weekday, minutes };
}
