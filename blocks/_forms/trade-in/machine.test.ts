import { describe, expect, it } from 'vitest';
import type { RegoLookupResponse, Valuation } from '../../../schemas/types.gen.ts';
import { termsRule } from '../common.tsx';
import { validate, type Values } from '../rules.ts';
import {
  INITIAL_STATE,
  STEPS,
  submitOf,
  transition,
  type TradeInEvent,
  type TradeInState,
} from './machine.ts';
import { adjustmentAnswers, initialValues, regoMismatch, regoStates } from './rules.ts';

const thisYear = new Date().getFullYear();
const valuation = (eligible: boolean) =>
  ({
    id: 'v1',
    eligible,
    offer_price: eligible ? 18000 : null,
    vehicle: { year: thisYear - 3, kms: 45000 },
  }) as Valuation;
const found = {
  rego: 'ABC123',
  regoState: 'QLD',
  vehicle: { year: 2021, make: 'Toyota', model: 'Corolla' },
} as RegoLookupResponse;

/** The states a list of events passes through, each frozen so a transition that mutated one would throw. */
function run(events: TradeInEvent[], from: TradeInState = INITIAL_STATE): TradeInState {
  return events.reduce((state, event) => transition(Object.freeze(state), event), from);
}

const details: Values = {
  name: 'Sam',
  last_name: 'Taylor',
  postcode: '4217',
  phone: '0412 345 678',
  email: 'sam@example.com',
  PreferredContactMethod: 'Phone',
  finance: 'No',
};
const context = (values: Values, extraDetailRules = [] as (typeof termsRule)[]) => ({
  region: 'AU' as const,
  extraDetailRules,
  values,
});

describe('trade-in steps', () => {
  it('start at the details, whose submit creates the lead', () => {
    expect(INITIAL_STATE).toEqual({ stage: 'details', regoMissed: false });
    expect(submitOf(INITIAL_STATE)).toMatchObject({ action: 'create-lead', label: 'Continue' });
  });

  it('go details → car → rego → offer, keeping what each call answered', () => {
    const car = run([{ type: 'lead-created', leadId: 12 }]);
    expect(car).toMatchObject({ stage: 'car', leadId: 12 });
    expect(submitOf(car)).toMatchObject({ action: 'value-car', label: 'Value my car' });

    const rego = run([{ type: 'valued', valuation: valuation(true) }], car);
    expect(rego).toMatchObject({ stage: 'rego', leadId: 12, valuation: { offer_price: 18000 } });
    expect(submitOf(rego)).toMatchObject({ action: 'find-rego', label: 'Find my car' });

    const lookedUp = run([{ type: 'rego-found', found }], rego);
    expect(lookedUp).toMatchObject({ stage: 'rego', found });
    expect(submitOf(lookedUp)).toMatchObject({ action: 'see-offer', label: 'See my offer' });
    expect(submitOf(lookedUp)!.rules).toBeUndefined();

    const offer = run([{ type: 'to-offer' }], lookedUp);
    expect(offer).toMatchObject({ stage: 'offer', leadId: 12, found });
    expect(submitOf(offer)).toMatchObject({ action: 'accept-offer', label: 'Accept offer' });
    expect(STEPS.offer).toMatchObject({ number: 4, title: 'Your offer' });
  });

  it('ends at "we\'ll call you" when the car cannot be valued online, and keeps its valuation', () => {
    const state = run([
      { type: 'lead-created', leadId: 13 },
      { type: 'valued', valuation: valuation(false) },
    ]);
    expect(state).toMatchObject({ stage: 'no-estimate', valuation: { eligible: false } });
    expect(STEPS['no-estimate']).toMatchObject({
      done: { heading: "We'll call you with an offer" },
    });
    expect(submitOf(state)).toBeUndefined();
  });

  it('ends at the thank-you when the offer is declined; a finished flow accepts no event', () => {
    const declined = run([
      { type: 'lead-created', leadId: 12 },
      { type: 'valued', valuation: valuation(true) },
      { type: 'rego-found', found },
      { type: 'to-offer' },
      { type: 'offer-declined' },
    ]);
    expect(declined.stage).toBe('declined');
    expect(transition(declined, { type: 'lead-created', leadId: 99 })).toBe(declined);
    expect(submitOf(declined)).toBeUndefined();
  });

  it('edits to the registration drop a found car; a missed one can be skipped, an unsearched one cannot', () => {
    const rego = run([
      { type: 'lead-created', leadId: 12 },
      { type: 'valued', valuation: valuation(true) },
    ]);
    expect(transition(rego, { type: 'to-offer' })).toBe(rego);
    expect(transition(rego, { type: 'rego-edited' })).toBe(rego);

    const edited = run([{ type: 'rego-found', found }, { type: 'rego-edited' }], rego);
    expect(edited.found).toBeUndefined();
    expect(submitOf(edited)!.action).toBe('find-rego');

    const missed = run([{ type: 'rego-missed' }], rego);
    expect(missed).toMatchObject({ stage: 'rego', regoMissed: true });
    expect(run([{ type: 'to-offer' }], missed).stage).toBe('offer');
    expect(run([{ type: 'rego-found', found }], missed)).toMatchObject({
      regoMissed: false,
      found,
    });
  });

  it('ignores an event the current step does not take, returning the same state', () => {
    expect(transition(INITIAL_STATE, { type: 'valued', valuation: valuation(true) })).toBe(
      INITIAL_STATE,
    );
    expect(transition(INITIAL_STATE, { type: 'offer-declined' })).toBe(INITIAL_STATE);
    const car = run([{ type: 'lead-created', leadId: 12 }]);
    expect(transition(car, { type: 'lead-created', leadId: 99 })).toBe(car);
  });
});

describe('trade-in submit rules', () => {
  it('invalid details are reported field by field, and the values typed stay as they were', () => {
    const typed = Object.freeze({ ...details, postcode: '42a', email: 'not-an-email' });
    const rules = submitOf(INITIAL_STATE)!.rules!(context(typed));
    const errors = validate(rules, typed);
    expect(errors.map((e) => e.name)).toEqual(['postcode', 'email']);
    expect(typed).toEqual({ ...details, postcode: '42a', email: 'not-an-email' });
    // A failed check sends no event: the flow stays on the details step.
    expect(submitOf(INITIAL_STATE)!.action).toBe('create-lead');
  });

  it("the details add the site's terms and captcha rules after their own, in that order", () => {
    const captchaRule = { name: 'captcha', label: 'Security question', checks: [] };
    const names = submitOf(INITIAL_STATE)!.rules!(context(details, [termsRule, captchaRule])).map(
      (r) => r.name,
    );
    expect(names.slice(-3)).toEqual(['finance', 'terms_conditions', 'captcha']);
    expect(validate(submitOf(INITIAL_STATE)!.rules!(context(details)), details)).toEqual([]);
  });

  it('the car asks its condition only when it can be valued online', () => {
    const car = run([{ type: 'lead-created', leadId: 12 }]);
    const names = (values: Values) => submitOf(car)!.rules!(context(values)).map((r) => r.name);
    expect(names({ year: String(thisYear - 3), kms: '45,000' })).toContain('condition');
    expect(names({ year: '', kms: '' })).toContain('condition');
    expect(names({ year: String(thisYear - 12), kms: '180000' })).not.toContain('condition');
    const typed = Object.freeze({
      make: 'Toyota',
      model: '',
      year: '19',
      kms: 'lots',
      condition: '',
    });
    expect(validate(submitOf(car)!.rules!(context(typed)), typed).map((e) => e.name)).toEqual([
      'model',
      'year',
      'kms',
      'condition',
    ]);
    expect(typed.kms).toBe('lots');
  });

  it('the registration lookup needs a registration and its state', () => {
    const rego = run([
      { type: 'lead-created', leadId: 12 },
      { type: 'valued', valuation: valuation(true) },
    ]);
    const rules = submitOf(rego)!.rules!(context({}));
    expect(validate(rules, { rego: '', regoState: 'QLD' }).map((e) => e.name)).toEqual(['rego']);
    expect(validate(rules, { rego: 'ABC123', regoState: 'QLD' })).toEqual([]);
  });
});

describe('trade-in values', () => {
  it("start the registration state at the primary location's when the region has it", () => {
    expect(initialValues(regoStates('AU'), 'QLD').regoState).toBe('QLD');
    expect(initialValues(regoStates('AU'), 'XX').regoState).toBe('ACT');
    expect(initialValues(regoStates('NZ'), undefined).regoState).toBe('NZ');
    expect(initialValues(regoStates('AU'), undefined)).toMatchObject({
      PreferredContactMethod: 'Phone',
      keys: '2',
      tyres: 'good',
    });
  });

  it('turn the condition radios into adjustment answers', () => {
    const values = initialValues(regoStates('AU'), undefined);
    expect(adjustmentAnswers({ ...values, condition: 'good', accident_history: 'yes' })).toEqual({
      condition: 'good',
      accident_history: true,
      service_history: 'full',
      keys: 2,
      modifications: false,
      warning_lights: false,
      tyres: 'good',
      finance_owing: false,
    });
  });
});

describe('a registration for a different car', () => {
  const other = {
    rego: 'ABC123',
    regoState: 'QLD',
    vehicle: { year: 2019, make: 'Mazda', model: 'CX-5', body: 'SUV', colour: 'Red', vin: 'X' },
  } as never;
  const atRego: TradeInState = { stage: 'rego', regoMissed: false, leadId: 1 };

  it('asks to confirm before the offer: "Yes, this is my car", and only then leads on', () => {
    const s = transition(atRego, { type: 'rego-found', found: other, mismatch: true });
    expect(submitOf(s)?.action).toBe('confirm-car');
    expect(submitOf(s)?.label).toBe('Yes, this is my car');
    expect(transition(s, { type: 'to-offer' })).toBe(s);
    const confirmed = transition(s, { type: 'rego-confirmed' });
    expect(submitOf(confirmed)?.action).toBe('see-offer');
    expect(transition(confirmed, { type: 'to-offer' }).stage).toBe('offer');
  });

  it('correcting the registration forgets the found car and looks again', () => {
    const s = transition(transition(atRego, { type: 'rego-found', found: other, mismatch: true }), {
      type: 'rego-edited',
    });
    expect(s.found).toBeUndefined();
    expect(s.unconfirmed).toBe(false);
    expect(submitOf(s)?.action).toBe('find-rego');
  });

  it('a matching car needs no confirmation', () => {
    const s = transition(atRego, { type: 'rego-found', found: other, mismatch: false });
    expect(submitOf(s)?.action).toBe('see-offer');
  });
});

describe('regoMismatch', () => {
  const vehicle = { year: 2019, make: 'Toyota', model: 'HiLux' };
  it('agrees across case, spaces, hyphens and a longer model name', () => {
    expect(regoMismatch(vehicle, { make: 'toyota', model: 'Hilux' })).toBeUndefined();
    expect(regoMismatch(vehicle, { make: 'Toyota', model: 'Hi-Lux SR5' })).toBeUndefined();
    expect(
      regoMismatch({ ...vehicle, model: 'HiLux SR5' }, { make: 'Toyota', model: 'hilux' }),
    ).toBeUndefined();
    expect(regoMismatch(vehicle, {})).toBeUndefined();
  });

  it('names both cars when the make or model differs', () => {
    expect(regoMismatch(vehicle, { year: '2020', make: 'Mazda', model: 'CX-5' })).toEqual({
      entered: '2020 Mazda CX-5',
      found: '2019 Toyota HiLux',
    });
    expect(regoMismatch(vehicle, { make: 'Toyota', model: 'Corolla' })).toEqual({
      entered: 'Toyota Corolla',
      found: '2019 Toyota HiLux',
    });
  });
});
