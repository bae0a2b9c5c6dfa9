/**
 * The forms' validator (form-validator.ts): it answers rjsf's "does this data fit?" the way
 * the schemas mean it, so a choice of kinds (anyOf) shows the option the stored value is, on
 * the real locations block form, and it reads a `#/$defs/…` of the form's root.
 */
import { getFirstMatchingOption, type RJSFSchema } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { formValidator } from './form-validator.ts';
import { blockForm } from './schemas.ts';

describe('the editor forms’ validator', () => {
  const locations = blockForm('locations')!.schema as RJSFSchema;
  const filter = (locations.properties!.filter as RJSFSchema).anyOf as RJSFSchema[];

  it('picks the option a stored value is, on the locations block’s filter', () => {
    expect(getFirstMatchingOption(formValidator, 'service', filter, locations)).toBe(0);
    expect(getFirstMatchingOption(formValidator, 3, filter, locations)).toBe(1);
    expect(formValidator.isValid(filter[0], 'nowhere', locations)).toBe(false);
    expect(formValidator.isValid(filter[1], 0, locations)).toBe(false);
  });

  it('checks a whole form’s data, keywords and all', () => {
    expect(formValidator.isValid(locations, { heading: 'Find us', filter: 'all' }, locations)).toBe(
      true,
    );
    expect(formValidator.isValid(locations, { heading: 'x'.repeat(121) }, locations)).toBe(false);
    expect(formValidator.isValid(locations, { notAProp: true }, locations)).toBe(false);
  });

  it('reads a definition of the form’s root that the schema names', () => {
    const root: RJSFSchema = {
      $defs: { price: { type: 'integer', minimum: 0 } },
      type: 'object',
      properties: { price: { $ref: '#/$defs/price' } },
    };
    const option: RJSFSchema = { $ref: '#/$defs/price' };
    expect(formValidator.isValid(option, 12, root)).toBe(true);
    expect(formValidator.isValid(option, -1, root)).toBe(false);
    expect(formValidator.isValid(option, 'twelve', root)).toBe(false);
  });

  it('answers no, rather than throwing, for a schema it cannot read', () => {
    expect(formValidator.isValid({ $ref: '#/$defs/missing' }, 1, {})).toBe(false);
  });
});
