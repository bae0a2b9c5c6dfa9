/**
 * The browser's field checks answer as the server does on every field of every lead body
 * (docs/forms.md, "Browser checks"): the generated validators (schemas/api-lead-checks.gen.ts)
 * against the API's own ajv compiled from the schemas now, and the forms' shared rules on
 * what a visitor types. 1,000 generated inputs per lead body.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { checkPhone } from '../../engine/api/regional.ts';
import { createAjv } from '../../engine/schema/validator.ts';
import {
  leadRequestChecks,
  reservationRequestChecks,
  type FieldCheck,
} from '../../schemas/api-lead-checks.gen.ts';
import { apiSchemas } from '../../schemas/index.gen.ts';
import type { Region } from '../../engine/site/types.ts';
import { contactRules } from './common.tsx';
import { maxLength, plateCheck, validate, type FieldRule } from './rules.ts';

const ajv = createAjv();
for (const schema of Object.values(apiSchemas))
  if (!ajv.getSchema((schema as { $id: string }).$id)) ajv.addSchema(schema as object);

type Json = Record<string, any>;
const BODIES = {
  leadRequest: {
    schema: apiSchemas['lead-request'] as Json,
    checks: leadRequestChecks as Record<string, FieldCheck>,
    base: { site: 'demo', submission_id: '0b7c1f4e-1d2a-4c3b-9e8f-123456789abc', isLastStep: true },
  },
  reservationRequest: {
    schema: apiSchemas['reservation-request'] as Json,
    checks: reservationRequestChecks as Record<string, FieldCheck>,
    base: { site: 'demo', submission_id: '0b7c1f4e-1d2a-4c3b-9e8f-123456789abc', car_id: 7 },
  },
};
type BodyName = keyof typeof BODIES;

const server: Record<BodyName, ValidateFunction> = {
  leadRequest: ajv.getSchema(BODIES.leadRequest.schema.$id) as ValidateFunction,
  reservationRequest: ajv.getSchema(BODIES.reservationRequest.schema.$id) as ValidateFunction,
};

/** The server's answer for one field: no error at its path when sent in an otherwise valid body. */
function serverAccepts(body: BodyName, field: string, value: unknown): boolean {
  const data = { ...BODIES[body].base, [field]: value };
  server[body](data);
  const path = `/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  return !(server[body].errors ?? []).some((e: ErrorObject) => e.instancePath === path);
}

/** A subschema with its $refs followed (in the API schema set). */
function resolved(body: BodyName, field: string): Json {
  return ajv.getSchema(`${BODIES[body].schema.$id}#/properties/${encodeURIComponent(field)}`)!
    .schema as Json;
}

/** Values near each of the field's limits, matching its pattern or not, of its type or not. */
function valuesFor(body: BodyName, schema: Json): fc.Arbitrary<unknown> {
  const ref = schema.$ref && new URL(schema.$ref, BODIES[body].schema.$id).href;
  const target = ref ? (ajv.getSchema(ref)!.schema as Json) : {};
  const s: Json = { ...schema, ...target };
  const types = [s.type ?? []].flat();
  const options: fc.Arbitrary<unknown>[] = [
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ maxLength: 12 }),
  ];
  if (s.pattern) options.push(fc.stringMatching(new RegExp(s.pattern)).map((v) => v.slice(0, 40)));
  if (s.maxLength)
    options.push(
      fc
        .tuple(
          fc.integer({ min: s.maxLength - 2, max: s.maxLength + 2 }),
          fc.constantFrom('a', '😀', 'é'),
        )
        .map(([n, c]) => c.repeat(Math.max(0, n))),
    );
  if (s.format === 'email')
    options.push(
      fc.emailAddress(),
      fc.constantFrom('jo@exa_mple.com', 'jö@example.com', 'jo@x.co'),
    );
  if (s.format === 'date')
    options.push(
      fc
        .tuple(
          fc.integer({ min: 1999, max: 2030 }),
          fc.integer({ min: 0, max: 13 }),
          fc.integer({ min: 0, max: 32 }),
        )
        .map(([y, m, d]) => `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
    );
  if (s.enum) options.push(fc.constantFrom(...(s.enum as unknown[])));
  if (types.includes('integer') || types.includes('number'))
    options.push(
      fc.integer({ min: (s.minimum ?? 0) - 3, max: (s.maximum ?? 1e6) + 3 }),
      fc.double({ noNaN: false }),
    );
  options.push(fc.boolean(), fc.constant(null));
  return fc.oneof(...options);
}

describe('the generated field checks answer as the server', () => {
  for (const body of Object.keys(BODIES) as BodyName[]) {
    const { checks } = BODIES[body];
    const fields = Object.keys(checks);
    it(`on every visitor field of ${body}, 1,000 generated bodies`, () => {
      expect(fields.length).toBeGreaterThan(5);
      const record = fc.record(
        Object.fromEntries(fields.map((f) => [f, valuesFor(body, resolved(body, f))])),
      );
      fc.assert(
        fc.property(record, (values) => {
          for (const field of fields) {
            const value = (values as Record<string, unknown>)[field];
            expect(checks[field](value), `${field}: ${JSON.stringify(value)}`).toBe(
              serverAccepts(body, field, value),
            );
          }
        }),
        { numRuns: 1000 },
      );
    });
  }
});

/** What a visitor types: words, digits, plates, addresses, odd marks and long runs. */
const typed = fc.oneof(
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }),
  fc.stringMatching(/^[A-Za-z0-9 +()-]{1,24}$/),
  fc.emailAddress(),
  fc
    .tuple(fc.integer({ min: 1, max: 260 }), fc.constantFrom('a', '😀'))
    .map(([n, c]) => c.repeat(n)),
);

/** The rules the forms share, per region, with the server's answer for what each sends (trimmed). */
function sharedRules(region: Region): { rule: FieldRule; server: (sent: string) => boolean }[] {
  const contact = contactRules(region, { lastNameRequired: true });
  const rule = (name: string) => contact.find((r) => r.name === name)!;
  return [
    { rule: rule('name'), server: (v) => serverAccepts('leadRequest', 'name', v) },
    { rule: rule('last_name'), server: (v) => serverAccepts('leadRequest', 'last_name', v) },
    { rule: rule('email'), server: (v) => serverAccepts('leadRequest', 'email', v) },
    {
      rule: rule('phone'),
      // The API checks the region's phone rule as well as the schema (engine/api/regional.ts).
      server: (v) => serverAccepts('leadRequest', 'phone', v) && !checkPhone(region, v),
    },
    {
      rule: { name: 'message', label: 'Message', checks: [maxLength(5000, 'Message')] },
      server: (v) => serverAccepts('leadRequest', 'message', v),
    },
    {
      rule: { name: 'Rego', label: 'Rego', checks: [plateCheck('bad plate')] },
      server: (v) => serverAccepts('leadRequest', 'Rego', v),
    },
  ];
}

describe("the forms' shared rules answer as the server on what a visitor types", () => {
  for (const region of ['AU', 'NZ', 'US'] as Region[]) {
    it(`in ${region}, 1,000 typed values per field`, () => {
      const rules = sharedRules(region);
      fc.assert(
        fc.property(typed, (value) => {
          const sent = value.trim();
          fc.pre(sent !== '');
          for (const { rule, server: accepts } of rules) {
            const browser = validate([rule], { [rule.name]: value }).length === 0;
            expect(browser, `${rule.name}: ${JSON.stringify(sent)}`).toBe(accepts(sent));
          }
        }),
        { numRuns: 1000 },
      );
    });
  }
});
