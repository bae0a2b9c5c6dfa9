/** The locale catalogues (engine/messages, docs/regions.md): complete, unambiguous and regional. */
import { describe, expect, it } from 'vitest';
import { messagesFor, phraseMap } from '../../../engine/messages/index.ts';
import { CATALOGUES } from '../../../engine/messages/locales.ts';
import { enAU } from '../../../engine/messages/en-AU.ts';
import { enNZ } from '../../../engine/messages/en-NZ.ts';
import { enUS } from '../../../engine/messages/en-US.ts';
import { priceTypeKey } from '../../../blocks/_cars/rules/price.ts';
import { carSummary, keyInformation } from '../../../blocks/_cars/specs.ts';
import { odometerKm, regoRules, vehicleRules } from '../../../blocks/_forms/trade-in/rules.ts';
import { MESSAGES } from '../../../blocks/_forms/messages.ts';

const referenceKeys = Object.keys(enAU).sort();

describe('catalogues', () => {
  it.each(Object.entries(CATALOGUES))(
    '%s has every key of the reference, each a non-empty text, and no other',
    (_, cat) => {
      expect(Object.keys(cat).sort()).toEqual(referenceKeys);
      for (const key of referenceKeys)
        expect((cat as Record<string, string>)[key], key).toMatch(/\S/);
    },
  );

  it('each override names a key of the reference', () => {
    for (const overrides of [enNZ, enUS])
      for (const key of Object.keys(overrides)) expect(referenceKeys, key).toContain(key);
  });

  it('an en-AU text means one thing, so a text handed to t() has one regional wording', () => {
    for (const cat of Object.values(CATALOGUES)) {
      const seen = new Map<string, string>();
      for (const key of referenceKeys as (keyof typeof enAU)[]) {
        const au = enAU[key];
        if (seen.has(au)) expect(cat[key], `${key} (“${au}”)`).toBe(seen.get(au));
        seen.set(au, cat[key]);
      }
    }
  });

  it('the US catalogue has no Australian-only word', () => {
    const australian =
      /\b(kilomet(re|er)s?|km|ORC|utes?|petrol|rego|registration|Drive away|gov\. charges|ULP|RON)\b/i;
    const offending = Object.entries(CATALOGUES['en-US']).filter(([, text]) =>
      australian.test(text),
    );
    expect(offending).toEqual([]);
  });

  it('the NZ catalogue has no Australian charge or US word', () => {
    const wrong = /\b(gov\. charges|stamp duty|miles?|mileage|gasoline|pickup|license)\b/i;
    expect(Object.entries(CATALOGUES['en-NZ']).filter(([, text]) => wrong.test(text))).toEqual([]);
  });

  it('the forms kit keeps its en-AU sentences in the reference catalogue', () => {
    expect(MESSAGES.rego).toBe(enAU['plate.invalid']);
    expect(MESSAGES.noEstimate).toBe(enAU['tradeIn.noEstimate']);
  });
});

describe('words by region', () => {
  it('stored body and fuel values read in the region’s words; other attributes are unchanged', () => {
    const us = messagesFor('US');
    expect(us.display('simple_body', 'Ute')).toBe('Pickup Truck');
    expect(us.display('simple_fuel', 'Petrol')).toBe('Gasoline');
    expect(us.display('fuel', 'Petrol - Premium ULP (98 RON)')).toBe('Gasoline - Premium');
    expect(us.display('fuel', 'Hybrid (Petrol)')).toBe('Hybrid (Gasoline)');
    expect(us.display('make', 'Ute')).toBe('Ute');
    expect(messagesFor('AU').display('simple_body', 'Ute')).toBe('Ute');
    expect(messagesFor('NZ').display('simple_fuel', 'Petrol')).toBe('Petrol');
  });

  it('phrases: a whole en-AU message becomes the region’s, any other text stays', () => {
    expect(messagesFor('US').phrase('Kilometres: lowest first')).toBe('Mileage: lowest first');
    expect(messagesFor('US').phrase('Utes & Trucks')).toBe('Trucks');
    expect(messagesFor('US').phrase('Kilometres travelled')).toBe('Kilometres travelled');
    expect(messagesFor('AU').phrase('Kilometres')).toBe('Kilometres');
    expect(phraseMap(CATALOGUES['en-AU']).size).toBe(0);
  });

  it('price qualifiers by region', () => {
    const key = priceTypeKey('plus_orc')!;
    expect(messagesFor('AU').m(key)).toBe('+ ORC');
    expect(messagesFor('US').m(key)).toBe('+ tax, title & fees');
    expect(messagesFor('NZ').m(priceTypeKey('excl_gov_charges')!)).toBe('+ ORC');
    expect(priceTypeKey('poa')).toBeUndefined();
  });

  it('the car page names the plate, body and fuel in the region’s words', () => {
    const car = {
      regplate: 'ABC1234',
      simple_body: 'Ute',
      simple_fuel: 'Petrol',
      fuel: 'Petrol - Unleaded ULP',
      km: 100,
      odometer_unit: 'mi',
    } as const;
    const f = { number: String, preOwned: false };
    expect(carSummary(car, { ...f, region: 'US' }).map((r) => [r.label, r.value])).toEqual(
      expect.arrayContaining([
        ['Body', 'Pickup Truck'],
        ['Fuel', 'Gasoline - Regular'],
        ['License plate', 'ABC1234'],
      ]),
    );
    expect(keyInformation(car, { ...f, region: 'US' }).find((r) => r.label === 'Fuel')?.value).toBe(
      'Gasoline',
    );
    expect(carSummary(car, f).find((r) => r.value === 'ABC1234')?.label).toBe('Registration');
  });

  it('the US trade-in asks for miles and the license plate, and values the car in km', () => {
    expect(vehicleRules(false, 'US').find((r) => r.name === 'kms')?.label).toBe('Odometer (miles)');
    expect(vehicleRules(false, 'AU').find((r) => r.name === 'kms')?.label).toBe('Odometer (km)');
    expect(regoRules('US')[0].label).toBe('License plate');
    expect(regoRules('NZ')[1].label).toBe('Country');
    expect(odometerKm({ kms: '62,000 mi' }, 'US')).toBe(99779);
    expect(odometerKm({ kms: '85,000' }, 'AU')).toBe(85000);
  });
});
