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

/**
 * The clock server jobs read time from and schedule on (docs/api.md, "Reservations"). The
 * system clock is real time; a FakeClock only moves when told, and runs the jobs that
 * fall due as it moves, so a test can pass 48 hours in a moment.
 */
export interface Clock {
  now(): Date;
  /** Runs `job` every `ms` milliseconds of this clock's time; answers a function that stops it. */
  every(ms: number, job: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  every(ms, job) {
    const timer = setInterval(job, ms);
    // A background job must not keep a process (a test, a script) alive.
    (timer as { unref?: () => void }).unref?.();
    return () => clearInterval(timer);
  },
};

interface FakeTimer {
  every: number;
  due: number;
  job: () => void;
}

export class FakeClock implements Clock {
  private t: number;
  private readonly timers = new Set<FakeTimer>();

  constructor(start: Date | string | number = Date.now()) {
    this.t = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.t);
  }

  every(ms: number, job: () => void): () => void {
    const timer: FakeTimer = { every: Math.max(1, ms), due: this.t + Math.max(1, ms), job };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Moves time on by `ms`, running each job as often as it falls due, in time order. */
  advance(ms: number): Date {
    const end = this.t + Math.max(0, ms);
    for (;;) {
      const next = [...this.timers].sort((a, b) => a.due - b.due)[0];
      if (!next || next.due > end) break;
      this.t = next.due;
      next.due += next.every;
      next.job();
    }
    this.t = end;
    return this.now();
  }
}
