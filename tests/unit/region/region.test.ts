import { describe, expect, it } from 'vitest';
import {
  clockTime,
  DEFAULT_REGION,
  formatDistance,
  formatMoney,
  knownRegions,
  localeSettings,
  regionSettings,
  spell,
} from '../../../engine/region.ts';
import { regionalWords } from '../../../engine/messages/index.ts';

describe('regional settings', () => {
  it('maps regions to locale, currency and distance unit, AU by default', () => {
    expect(regionSettings()).toMatchObject({
      locale: 'en-AU',
      currency: 'AUD',
      distanceUnit: 'kilometer',
    });
    expect(regionSettings('NZ')).toMatchObject({
      locale: 'en-NZ',
      currency: 'NZD',
      distanceUnit: 'kilometer',
    });
    expect(regionSettings('US')).toMatchObject({
      locale: 'en-US',
      currency: 'USD',
      distanceUnit: 'mile',
    });
  });

  it('formats money as $ with thousands separators and no decimals in every region', () => {
    expect(formatMoney(54000)).toBe('$54,000');
    expect(formatMoney(1234567.89, 'NZ')).toBe('$1,234,568');
    expect(formatMoney(29990.4, 'US')).toBe('$29,990');
    expect(formatMoney(0)).toBe('$0');
  });

  it('shows distance in km, or miles for the US', () => {
    expect(formatDistance(16.0934, 'AU')).toBe('16 km');
    expect(formatDistance(16.0934, 'US')).toBe('10 mi');
    expect(formatDistance(2.5, 'NZ')).toBe('2.5 km');
  });

  it('applies US spelling to UI text only for the US, keeping case', () => {
    expect(spell('Choose a colour for your personalised finance', 'US')).toBe(
      'Choose a color for your personalized finance',
    );
    expect(spell('Colour', 'US')).toBe('Color');
    expect(spell('COLOUR', 'US')).toBe('COLOR');
    expect(spell('Choose a colour', 'AU')).toBe('Choose a colour');
    expect(spell('Colourful', 'US')).toBe('Colourful');
  });
});

describe('the region table (docs/regions.md, "Region facts once")', () => {
  it('gives every region its words, a time zone Intl knows and a currency it formats', () => {
    for (const region of knownRegions()) {
      const facts = regionSettings(region);
      expect(facts.region).toBe(region);
      expect(() => regionalWords(region), region).not.toThrow();
      expect(
        () => new Intl.DateTimeFormat('en', { timeZone: facts.timeZone }),
        region,
      ).not.toThrow();
      expect(formatMoney(1000, region), region).toMatch(/1,000/);
    }
  });

  it('names each plate state in one region only, so a state tells its region', () => {
    const states = knownRegions().flatMap((r) => regionSettings(r).plateStates);
    expect(new Set(states).size).toBe(states.length);
    expect(regionSettings('US').plateStates).toContain('TX');
    expect(regionSettings('AU').plateStates).not.toContain('TX');
  });

  it('reads a locale back to its region, the default region for one it does not know', () => {
    expect(localeSettings('en-US').region).toBe('US');
    expect(localeSettings('en-NZ').dayPeriods).toEqual(['am', 'pm']);
    expect(localeSettings('xx-XX').region).toBe(DEFAULT_REGION);
    expect(clockTime(17 * 60 + 30, 'en-US')).toBe('5:30 PM');
    expect(clockTime(9 * 60, 'en-AU')).toBe('9:00 am');
  });
});
