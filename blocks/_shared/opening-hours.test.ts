import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatHours,
  formatTime,
  openState,
  specialHoursRows,
  summariseHours,
  zonedTime,
} from './opening-hours.ts';
import type { OpeningHour } from '../../schemas/types.gen.ts';

const weekdays = (open: string, close: string): OpeningHour[] =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Open' as const, open, close }));

const TYPICAL: OpeningHour[] = [
  { weekday: 0, status: 'Closed' },
  ...weekdays('08:00', '17:30'),
  { weekday: 6, status: 'Open', open: '08:00', close: '12:00' },
];

const EASTER = [
  { date: '2025-04-21', status: 'Closed' as const, label: 'Easter Monday' },
  { date: '2025-04-18', status: 'Closed' as const, label: 'Good Friday' },
  {
    date: '2025-04-19',
    status: 'Open' as const,
    start_hour: '09:00',
    end_hour: '12:00',
    label: 'Easter Saturday',
  },
];

describe('formatting hours', () => {
  it('formats 24-hour times the way each locale reads them', () => {
    expect(formatTime('08:00', 'en-AU')).toBe('8:00 am');
    expect(formatTime('17:30', 'en-AU')).toBe('5:30 pm');
    expect(formatTime('12:00', 'en-NZ')).toBe('12:00 pm');
    expect(formatTime('00:15', 'en-AU')).toBe('12:15 am');
    expect(formatTime('17:30', 'en-US')).toBe('5:30 PM');
    expect(formatTime('nonsense', 'en-AU')).toBe('nonsense');
  });

  it('formats an entry as a range, Closed, or Open without times', () => {
    expect(formatHours({ status: 'Open', open: '08:00', close: '17:30' })).toBe(
      '8:00 am – 5:30 pm',
    );
    expect(formatHours({ status: 'Open', open: '09:00', close: '20:00' }, 'en-US')).toBe(
      '9:00 AM – 8:00 PM',
    );
    expect(formatHours({ status: 'Closed', open: '08:00', close: '17:30' })).toBe('Closed');
    expect(formatHours({ status: 'Open' })).toBe('Open');
    expect(formatHours(undefined)).toBe('Closed');
  });

  it('formats holiday dates by locale', () => {
    expect(formatDate('2025-04-18', 'en-AU')).toBe('Friday 18 April 2025');
    expect(formatDate('2025-04-18', 'en-US')).toBe('Friday, April 18, 2025');
  });
});

describe('weekly summary', () => {
  it('groups Monday to Friday when all five are equal, Monday first and Sunday last', () => {
    const rows = summariseHours(TYPICAL, 'en-AU');
    expect(rows.map((r) => [r.label, r.hours])).toEqual([
      ['Monday – Friday', '8:00 am – 5:30 pm'],
      ['Saturday', '8:00 am – 12:00 pm'],
      ['Sunday', 'Closed'],
    ]);
    expect(rows[0].days).toEqual([1, 2, 3, 4, 5]);
  });

  it('lists every day when one weekday differs', () => {
    const hours = TYPICAL.map((h) => (h.weekday === 4 ? { ...h, close: '21:00' } : h));
    const rows = summariseHours(hours, 'en-AU');
    expect(rows.map((r) => r.label)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(rows[3].hours).toBe('8:00 am – 9:00 pm');
  });

  it('does not group when a weekday is missing or closed', () => {
    const missing = TYPICAL.filter((h) => h.weekday !== 3);
    expect(summariseHours(missing).map((r) => r.label)).toEqual([
      'Monday',
      'Tuesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    const closed = TYPICAL.map((h) =>
      h.weekday === 5 ? { weekday: 5, status: 'Closed' as const } : h,
    );
    expect(summariseHours(closed)[4]).toMatchObject({
      label: 'Friday',
      hours: 'Closed',
      open: false,
    });
  });

  it('groups five closed weekdays too, and is empty without hours', () => {
    const closedAll = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, status: 'Closed' as const }));
    expect(summariseHours(closedAll)).toEqual([
      { label: 'Monday – Friday', days: [1, 2, 3, 4, 5], hours: 'Closed', open: false },
    ]);
    expect(summariseHours(undefined)).toEqual([]);
  });

  it('uses the US clock on US sites', () => {
    expect(summariseHours(TYPICAL, 'en-US')[0].hours).toBe('8:00 AM – 5:30 PM');
  });
});

describe('holiday hours', () => {
  it('lists special hours in date order with their names', () => {
    expect(specialHoursRows(EASTER, 'en-AU')).toEqual([
      {
        date: '2025-04-18',
        dateLabel: 'Friday 18 April 2025',
        label: 'Good Friday',
        hours: 'Closed',
        open: false,
      },
      {
        date: '2025-04-19',
        dateLabel: 'Saturday 19 April 2025',
        label: 'Easter Saturday',
        hours: '9:00 am – 12:00 pm',
        open: true,
      },
      {
        date: '2025-04-21',
        dateLabel: 'Monday 21 April 2025',
        label: 'Easter Monday',
        hours: 'Closed',
        open: false,
      },
    ]);
  });
});

describe('open now in the location time zone', () => {
  const contact = { opening_hours: TYPICAL, special_hours: EASTER };

  it('reads the wall clock of the zone', () => {
    // 23:00 UTC on Wednesday 16 April 2025 is 9:00 am Thursday in Brisbane (UTC+10)
    // and 6:00 pm Wednesday in Chicago (UTC-5 in April).
    const at = new Date('2025-04-16T23:00:00Z');
    expect(zonedTime(at, 'Australia/Brisbane')).toEqual({
      date: '2025-04-17',
      weekday: 4,
      minutes: 9 * 60,
    });
    expect(zonedTime(at, 'America/Chicago')).toEqual({
      date: '2025-04-16',
      weekday: 3,
      minutes: 18 * 60,
    });
  });

  it('is open during weekly hours, with the closing time', () => {
    const state = openState(
      contact,
      'Australia/Brisbane',
      new Date('2025-04-16T23:00:00Z'),
      'en-AU',
    );
    expect(state).toEqual({
      open: true,
      today: '8:00 am – 5:30 pm',
      holiday: undefined,
      detail: 'Closes 5:30 pm',
    });
  });

  it('is closed after hours, and says when it opens before hours', () => {
    // 6:00 pm Thursday in Brisbane.
    expect(openState(contact, 'Australia/Brisbane', new Date('2025-04-17T08:00:00Z'))?.open).toBe(
      false,
    );
    // 7:00 am Thursday in Brisbane.
    const early = openState(contact, 'Australia/Brisbane', new Date('2025-04-16T21:00:00Z'));
    expect(early).toMatchObject({ open: false, detail: 'Opens 8:00 am' });
  });

  it('gives the same instant different answers in different zones', () => {
    const at = new Date('2025-04-16T23:00:00Z');
    const chicagoHours = [{ weekday: 3, status: 'Open' as const, open: '09:00', close: '17:00' }];
    // 6 pm Wednesday in Chicago: closed there, although it is 9 am (open) in Brisbane.
    expect(openState({ opening_hours: chicagoHours }, 'America/Chicago', at)?.open).toBe(false);
    expect(
      openState(
        { opening_hours: chicagoHours.map((h) => ({ ...h, close: '19:00' })) },
        'America/Chicago',
        at,
      )?.open,
    ).toBe(true);
  });

  it('lets a holiday entry replace the weekly hours', () => {
    // 10:00 am on Good Friday in Brisbane: a Friday, but closed.
    const goodFriday = openState(contact, 'Australia/Brisbane', new Date('2025-04-18T00:00:00Z'));
    expect(goodFriday).toMatchObject({ open: false, today: 'Closed', holiday: 'Good Friday' });
    // 11:00 am Easter Saturday: holiday hours 9–12 apply.
    const saturday = openState(contact, 'Australia/Brisbane', new Date('2025-04-19T01:00:00Z'));
    expect(saturday).toMatchObject({
      open: true,
      today: '9:00 am – 12:00 pm',
      holiday: 'Easter Saturday',
    });
  });

  it('knows nothing without hours', () => {
    expect(openState({}, 'Australia/Brisbane', new Date())).toBeUndefined();
  });
});

describe('holiday hours from today on', () => {
  it('leaves out entries before today, keeps today and later ones in date order', () => {
    const entries = [
      { date: '2027-03-26', status: 'Closed' as const, label: 'Good Friday' },
      { date: '2025-04-18', status: 'Closed' as const, label: 'Good Friday' },
      { date: '2026-11-24', status: 'Closed' as const, label: 'Today' },
      { date: '2026-12-25', status: 'Closed' as const, label: 'Christmas Day' },
    ];
    expect(specialHoursRows(entries, 'en-AU', '2026-11-24').map((r) => r.date)).toEqual([
      '2026-11-24',
      '2026-12-25',
      '2027-03-26',
    ]);
    expect(specialHoursRows(entries, 'en-AU', '2027-04-01')).toEqual([]);
    expect(specialHoursRows(entries, 'en-AU').map((r) => r.date)).toHaveLength(4);
  });
});
