/**
 * What every lead form's machine test checks of its table (tests only; lead-machine.ts):
 * every row reached with values its rules accept, every outcome of the send, every field
 * found on its own row, and the events a state does not accept ignored.
 */
import { expect } from 'vitest';
import type { LeadFormEvent, LeadFormState, LeadMachine } from './lead-machine.ts';
import { validate, type Values } from './rules.ts';

/** The states a list of events passes through, each frozen so a transition that mutated one would throw. */
export function runEvents<C>(
  machine: LeadMachine<C>,
  events: LeadFormEvent[],
  from: LeadFormState = machine.initial,
): LeadFormState {
  return events.reduce((state, event) => machine.transition(Object.freeze(state), event), from);
}

/** The field errors these values break on the rules of the state's submit. */
export function errorsAt<C>(
  machine: LeadMachine<C>,
  state: LeadFormState,
  context: C,
  values: Values,
) {
  return validate(machine.submitOf(state)!.rules(context), values).map((e) => e.name);
}

/**
 * Walks the table with `values` (which every rule accepts), then checks each outcome and
 * that what a state does not accept changes nothing. Answers the state at the last row.
 */
export function expectLeadTable<C>(
  machine: LeadMachine<C>,
  context: C,
  values: Values,
): LeadFormState {
  const last = machine.steps.length - 1;
  expect(machine.initial).toEqual({ step: 0, phase: 'editing' });

  // Every row reached: each continues with values its rules accept; the last sends.
  let state = machine.initial;
  for (let step = 0; step < last; step++) {
    expect(machine.submitOf(state)!.action).toBe('continue');
    expect(errorsAt(machine, state, context, values)).toEqual([]);
    // Sending before the last row, or an outcome before a send, changes nothing.
    for (const event of [
      { type: 'sent' },
      { type: 'stored', leadId: 1 },
      { type: 'refused' },
      { type: 'failed' },
    ] as LeadFormEvent[])
      expect(machine.transition(state, event)).toBe(state);
    state = runEvents(machine, [{ type: 'continue' }], state);
    expect(state).toEqual({ step: step + 1, phase: 'editing' });
  }
  const atLast = state;
  expect(machine.submitOf(atLast)!.action).toBe('send');
  expect(errorsAt(machine, atLast, context, values)).toEqual([]);
  expect(machine.firstInvalidStep(context, values)).toBeUndefined();
  expect(machine.transition(atLast, { type: 'continue' })).toBe(atLast);
  expect(machine.transition(atLast, { type: 'show-step', step: last + 1 })).toBe(atLast);
  expect(machine.transition(machine.initial, { type: 'back' })).toBe(machine.initial);

  // Every field is found on its own row, and the server's error on it goes there.
  machine.steps.forEach((row, step) => {
    for (const rule of row.rules(context)) {
      expect(machine.stepOfField(context, rule.name), rule.name).toBe(step);
      const refused = machine.outcome(context, {
        error: 'Please check the form.',
        fields: [{ path: `/${rule.name}`, message: 'is wrong' }],
      });
      expect(refused).toEqual({ type: 'refused', step });
      const sending = runEvents(machine, [{ type: 'sent' }], atLast);
      expect(runEvents(machine, [refused], sending)).toEqual({ step, phase: 'refused' });
    }
  });

  // The outcomes: stored (then nothing more), refused, failed (then sent again).
  const sending = runEvents(machine, [{ type: 'sent' }], atLast);
  expect(sending).toEqual({ step: last, phase: 'sending' });
  expect(machine.submitOf(sending)).toBeUndefined();
  for (const event of [{ type: 'continue' }, { type: 'back' }, { type: 'sent' }] as const)
    expect(machine.transition(sending, event)).toBe(sending);

  const stored = runEvents(machine, [{ type: 'stored', leadId: 41 }], sending);
  expect(stored).toEqual({ step: last, phase: 'stored', leadId: 41 });
  expect(machine.submitOf(stored)).toBeUndefined();
  for (const event of [
    { type: 'sent' },
    { type: 'stored', leadId: 42 },
    { type: 'back' },
    { type: 'refused' },
  ] as LeadFormEvent[])
    expect(machine.transition(stored, event)).toBe(stored);

  const noAnswer = machine.outcome(context, { error: 'offline', fields: [], retryable: true });
  const failed = runEvents(machine, [noAnswer], sending);
  expect(failed).toEqual({ step: last, phase: 'failed' });
  expect(machine.submitOf(failed)!.action).toBe('send');
  expect(runEvents(machine, [{ type: 'sent' }], failed)).toEqual(sending);

  const refused = runEvents(machine, [machine.outcome(context, { fields: [] })], sending);
  expect(refused).toEqual({ step: last, phase: 'refused' });
  expect(machine.submitOf(refused)!.action).toBe('send');
  return atLast;
}
