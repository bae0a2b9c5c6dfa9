import { describe, expect, it } from 'vitest';
import { leadMachine, PHASES, type LeadStep } from './lead-machine.ts';
import { required } from './rules.ts';
import { errorsAt, expectLeadTable, runEvents } from './test-lead-machine.ts';

interface Context {
  askMessage: boolean;
}
const TWO_STEPS: LeadStep<Context>[] = [
  {
    id: 'details',
    title: 'Your details',
    rules: () => [{ name: 'name', label: 'First name', checks: [required('First name')] }],
  },
  {
    id: 'enquiry',
    title: 'Your enquiry',
    rules: (c) =>
      c.askMessage ? [{ name: 'message', label: 'Message', checks: [required('Message')] }] : [],
  },
];
const machine = leadMachine(TWO_STEPS);
const one = leadMachine([TWO_STEPS[0]]);
const values = { name: 'Sam', message: 'Is it still for sale?' };

describe('the lead machine', () => {
  it('walks a two-row table and a one-row table through every outcome', () => {
    expect(expectLeadTable(machine, { askMessage: true }, values).step).toBe(1);
    expect(expectLeadTable(machine, { askMessage: false }, { name: 'Sam' }).step).toBe(1);
    expect(expectLeadTable(one, { askMessage: true }, { name: 'Sam' }).step).toBe(0);
  });

  it("continues only on the step's rules, and sends with every step's", () => {
    const c = { askMessage: true };
    expect(errorsAt(machine, machine.initial, c, {})).toEqual(['name']);
    const last = runEvents(machine, [{ type: 'continue' }]);
    expect(errorsAt(machine, last, c, {})).toEqual(['name', 'message']);
    expect(errorsAt(one, one.initial, c, {})).toEqual(['name']);
  });

  it('goes back keeping nothing but the step, and shows the step with the first error', () => {
    const last = runEvents(machine, [{ type: 'continue' }]);
    expect(runEvents(machine, [{ type: 'back' }], last)).toEqual(machine.initial);
    const c = { askMessage: true };
    expect(machine.firstInvalidStep(c, { message: 'hi' })).toBe(0);
    expect(machine.firstInvalidStep(c, { name: 'Sam' })).toBe(1);
    expect(machine.firstInvalidStep({ askMessage: false }, { name: 'Sam' })).toBeUndefined();
    expect(runEvents(machine, [{ type: 'show-step', step: 0 }], last).step).toBe(0);
    expect(machine.transition(last, { type: 'show-step', step: 1 })).toBe(last);
    expect(machine.transition(last, { type: 'show-step', step: -1 })).toBe(last);
    expect(machine.transition(last, { type: 'show-step', step: 0.5 })).toBe(last);
  });

  it("after a refusal with the first step's field, the visitor is on that step and may continue and send again", () => {
    const c = { askMessage: true };
    const refusal = machine.outcome(c, {
      error: 'Please check the form.',
      fields: [
        { path: '/unknown', message: 'is not allowed' },
        { path: '/fields/name', message: 'is required' },
      ],
    });
    expect(refusal).toEqual({ type: 'refused', step: 0 });
    const refused = runEvents(machine, [{ type: 'continue' }, { type: 'sent' }, refusal]);
    expect(refused).toEqual({ step: 0, phase: 'refused' });
    expect(machine.transition(refused, { type: 'sent' })).toBe(refused);
    const again = runEvents(machine, [{ type: 'continue' }, { type: 'sent' }], refused);
    expect(again).toEqual({ step: 1, phase: 'sending' });
  });

  it('a failure without an answer stays on the step it was sent from unless its error names another', () => {
    const c = { askMessage: true };
    const sending = runEvents(machine, [{ type: 'continue' }, { type: 'sent' }]);
    const failed = runEvents(
      machine,
      [machine.outcome(c, { fields: [{ path: '/name', message: 'x' }], retryable: true })],
      sending,
    );
    expect(failed).toEqual({ step: 0, phase: 'failed' });
    expect(runEvents(machine, [{ type: 'failed', step: 7 }], sending)).toEqual({
      step: 1,
      phase: 'failed',
    });
  });

  it('a stored lead accepts no event at all', () => {
    expect(PHASES.stored).toEqual({});
  });
});
