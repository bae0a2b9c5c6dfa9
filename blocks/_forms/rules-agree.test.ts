/**
 * The browser's field checks answer as the server's schema does (docs/forms.md): a value the
 * form lets through is one the API accepts, and one it stops is one the API refuses. Checked
 * on generated values, the ones a buyer types and the odd ones, against the API's own ajv.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAjv } from '../../engine/schema/validator.ts';
import { apiSchemas } from '../../schemas/index.gen.ts';
import { email } from './rules.ts';

const ajv = createAjv();
for (const schema of Object.values(apiSchemas))
  if (!ajv.getSchema((schema as { $id: string }).$id)) ajv.addSchema(schema as object);
const serverEmail = ajv.compile({
  $ref: 'https://forecourt.dev/schemas/api/common.schema.json#/$defs/email',
});

/** Addresses as people type them, mistakes included: letters from several scripts, odd marks. */
const localPart = fc.stringMatching(/^[a-zA-Z0-9._%+!#'-]{1,20}$/);
const domainLabel = fc.stringMatching(/^[a-zA-Z0-9_-]{1,12}$/);
const typed = fc.oneof(
  fc
    .tuple(localPart, fc.array(domainLabel, { minLength: 1, maxLength: 3 }))
    .map(([local, labels]) => `${local}@${labels.join('.')}`),
  fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 10 }),
      fc.constantFrom('@', '@@', '.'),
      fc.string({ maxLength: 12 }),
    )
    .map((p) => p.join('')),
  fc.constantFrom(
    'jo@exa_mple.com',
    'jö@example.com',
    'jo@example..com',
    'jo@-example.com',
    'jo@example.com.',
    'jo.@example.com',
  ),
  fc.string({ unit: 'grapheme', minLength: 3, maxLength: 30 }),
);

describe('browser and server agree', () => {
  it('on 1,000 typed email addresses', () => {
    fc.assert(
      fc.property(typed, (value) => {
        const trimmed = value.trim();
        fc.pre(trimmed !== '');
        const browserAccepts = email(value, {}) === undefined;
        expect(browserAccepts, JSON.stringify(trimmed)).toBe(serverEmail(trimmed));
      }),
      { numRuns: 1000 },
    );
  });

  it('on the addresses the form once let through and the server refused', () => {
    for (const value of ['jo@exa_mple.com', 'jö@example.com'])
      expect(email(value, {}), value).toBeDefined();
    expect(email('jo.smith+cars@example.com.au', {})).toBeUndefined();
  });
});
