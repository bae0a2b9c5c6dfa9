import { describe, expect, it } from 'vitest';
import { formatDistance, formatMoney, regionSettings, spell } from '../../engine/region.ts';

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
