/** The demo's holiday hours are the coming year's (docs/content-blocks.md, "Locations"). */
import { describe, expect, it } from 'vitest';
import { easterSunday, upcomingHolidayHours } from '../../../demo/holiday-hours.ts';

describe('demo holiday hours', () => {
  it('computes Easter Sunday', () => {
    expect(easterSunday(2025).toISOString().slice(0, 10)).toBe('2025-04-20');
    expect(easterSunday(2027).toISOString().slice(0, 10)).toBe('2027-03-28');
    expect(easterSunday(2038).toISOString().slice(0, 10)).toBe('2038-04-25');
  });

  it('lists the holidays of the twelve months from a day, none before it', () => {
    const list = upcomingHolidayHours(new Date('2026-11-24T10:00:00Z'));
    expect(list.map((h) => `${h.date} ${h.label}`)).toEqual([
      '2026-12-25 Christmas Day',
      '2026-12-26 Boxing Day',
      "2027-01-01 New Year's Day",
      '2027-01-26 Australia Day',
      '2027-03-26 Good Friday',
      '2027-03-27 Easter Saturday',
      '2027-03-29 Easter Monday',
      '2027-04-25 Anzac Day',
    ]);
    expect(upcomingHolidayHours(new Date('2027-04-26T00:00:00Z'))[0].label).toBe('Christmas Day');
  });
});
