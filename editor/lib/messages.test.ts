/**
 * Validation messages in staff words (docs/editor-design.md, "Forms"): every keyword the runtime
 * validator reports for a real document comes back from the server with its params and is
 * worded here; no ajv wording ("must be <= 5", "must be integer") reaches staff.
 */
import { describe, expect, it } from 'vitest';
import { createSiteValidator } from '../../engine/schema/validator.ts';
import { blockForm } from './schemas.ts';
import { schemaAt } from '../../engine/document/words/field-words.ts';
import { plainMessage, WORDINGS } from './messages.ts';

const validator = createSiteValidator({ ruleDetail: true });

/** The staff message for each problem of `props` on a block of `type`, by field. */
function staffWords(type: string, props: unknown): Record<string, string> {
  const schema = blockForm(type)!.schema;
  return Object.fromEntries(
    validator.validateProps(type, props).map((i) => {
      const field = i.path.split('/').slice(1);
      return [field.join('/'), plainMessage(i, schemaAt(schema, field))];
    }),
  );
}

describe('plain validation messages', () => {
  it('numbers: the range from the schema, whole numbers said so', () => {
    expect(staffWords('model-cards', { limit: 0 })).toEqual({
      limit: 'Enter a whole number from 1 to 100',
    });
    expect(staffWords('model-cards', { limit: 2.5 })).toEqual({ limit: 'Enter a whole number' });
    expect(staffWords('model-cards', { limit: 'many' })).toEqual({ limit: 'Enter a whole number' });
  });

  it('required, empty and too long text', () => {
    expect(staffWords('hero', {})).toEqual({ heading: 'This is required' });
    expect(staffWords('hero', { heading: '' })).toEqual({ heading: 'This cannot be empty' });
    expect(staffWords('hero', { heading: 'x'.repeat(200) })).toEqual({
      heading: 'Use at most 120 characters',
    });
  });

  it('choices are named by their option labels', () => {
    expect(staffWords('hero', { heading: 'Hi', align: 'middle' })).toEqual({
      align: 'Choose one of Left or Centre',
    });
  });

  it('a value that does not fit its pattern gets the schema’s own words, not the pattern or the help', () => {
    const words = staffWords('emergency-banner', {
      message: 'Closed',
      href: 'javascript:alert(1)',
    });
    expect(words.href).toBe(
      'Pick a page, or enter an address starting with /, #, https://, mailto: or tel:',
    );
    expect(words.href).not.toMatch(/\^|\(\?/);
  });

  it('lists, unknown settings and formats', () => {
    expect(
      plainMessage({
        path: '/x',
        message: 'must NOT have fewer than 1 items',
        keyword: 'minItems',
        params: { limit: 1 },
      }),
    ).toBe('Add at least one item');
    expect(
      plainMessage({
        path: '/x',
        message: 'must NOT have more than 4 items',
        keyword: 'maxItems',
        params: { limit: 4 },
      }),
    ).toBe('Use at most 4 items');
    expect(staffWords('hero', { heading: 'Hi', colour: 'red' })).toEqual({
      colour: 'This setting is not known here: remove it',
    });
    expect(
      plainMessage({
        path: '/e',
        message: 'must match format "email"',
        keyword: 'format',
        params: { format: 'email' },
      }),
    ).toBe('Enter an email address, such as sales@example.com');
    expect(
      plainMessage({
        path: '/u',
        message: 'must match format "uri"',
        keyword: 'format',
        params: { format: 'uri' },
      }),
    ).toBe('Enter a web address, such as https://example.com');
  });

  it('problems that are not schema keywords keep the engine’s words, as a sentence', () => {
    expect(
      plainMessage({
        path: '/pages/0/blocks/1/id',
        message: 'duplicate block id "hero", also used at /pages/0/blocks/0/id',
      }),
    ).toBe('Duplicate block id "hero", also used at /pages/0/blocks/0/id');
    expect(plainMessage({ path: '/name', message: 'is required' })).toBe('This is required');
  });

  it('has a wording for every keyword ajv reports for our schemas', () => {
    const keywords = [
      'required',
      'type',
      'minimum',
      'maximum',
      'exclusiveMinimum',
      'exclusiveMaximum',
      'multipleOf',
      'minLength',
      'maxLength',
      'pattern',
      'format',
      'enum',
      'const',
      'minItems',
      'maxItems',
      'uniqueItems',
      'minProperties',
      'maxProperties',
      'additionalProperties',
      'anyOf',
      'oneOf',
      'not',
      'dependentRequired',
    ];
    for (const k of keywords) expect(WORDINGS[k], k).toBeTypeOf('function');
    for (const k of keywords)
      expect(
        plainMessage({
          path: '/a',
          message: 'must be x',
          keyword: k,
          params: {
            limit: 2,
            type: 'integer',
            format: 'date',
            allowedValues: ['a'],
            i: 1,
            j: 0,
            multipleOf: 5,
          },
        }),
        k,
      ).not.toMatch(/must|NOT/);
  });
});
