/**
 * The machine every lead form but the trade-in runs (docs/forms.md, "How every form
 * behaves"): the form's steps as a table (each row its rules), and one pure transition over
 * the phases of its submit, editing → sending → stored | refused | failed. A one-step form
 * is a one-row table. Nothing here renders or calls the API: the form's hook
 * (useLeadForm.ts) checks the rules the current submit names, sends through useLeadSubmit
 * and feeds each outcome back as an event; the views only draw. Typed values live in the
 * form (useForm.ts), never here, so no transition can lose them.
 */
import type { LeadResult } from './api.ts';
import { fieldNameOf } from './api.ts';
import { validate, type FieldRule, type Values } from './rules.ts';

/** One row of a form's table: a step and the rules its fields keep. */
export interface LeadStep<C> {
  id: string;
  /** The "Step n of m" heading's title (a one-step form shows none). */
  title: string;
  /** The step's field rules, given what they depend on (region, site switches, the block's props). */
  rules(context: C): FieldRule[];
}

/**
 * Where the lead is: being typed, on its way, stored (the form sends nothing more), refused
 * by the server (its errors shown), or failed without an answer the form can read (no answer,
 * or a 5xx: the same attempt may be sent again).
 */
export type LeadPhase = 'editing' | 'sending' | 'stored' | 'refused' | 'failed';

export interface LeadFormState {
  /** The step shown, from 0. */
  step: number;
  phase: LeadPhase;
  leadId?: number;
}

export const INITIAL_LEAD_STATE: LeadFormState = { step: 0, phase: 'editing' };

export type LeadFormEvent =
  /** The step's rules held: on to the next step. */
  | { type: 'continue' }
  | { type: 'back' }
  /** A rule or the server's error is on this step: show it. */
  | { type: 'show-step'; step: number }
  /** The lead went out (useLeadSubmit's send). */
  | { type: 'sent' }
  | { type: 'stored'; leadId: number }
  /** The server answered an error; `step` holds its first field error, if any. */
  | { type: 'refused'; step?: number }
  | { type: 'failed'; step?: number };

/** What the submit button does now: check this step and move on, or check every step and send. */
export interface LeadSubmitDef<C> {
  action: 'continue' | 'send';
  rules(context: C): FieldRule[];
}

type Handler = (state: LeadFormState, event: LeadFormEvent, last: number) => LeadFormState;
type Handlers = Partial<Record<LeadFormEvent['type'], Handler>>;

/** The step named, when the table has it; else the one shown. */
const toStep = (s: LeadFormState, step: number | undefined, last: number) =>
  Number.isInteger(step) && step! >= 0 && step! <= last ? step! : s.step;

/** What the visitor may do while the lead is not on its way: move between steps, or send from the last. */
const WHILE_EDITING: Handlers = {
  continue: (s, _e, last) => (s.step < last ? { ...s, step: s.step + 1, phase: 'editing' } : s),
  back: (s) => (s.step > 0 ? { ...s, step: s.step - 1, phase: 'editing' } : s),
  'show-step': (s, e, last) => {
    const step = toStep(s, (e as { step: number }).step, last);
    return step === s.step ? s : { ...s, step };
  },
  sent: (s, _e, last) => (s.step === last ? { ...s, phase: 'sending' } : s),
};

/** A send answered without a lead (refused or failed): that phase, on the step of its first field error. */
const unstored: Handler = (s, e, last) => ({
  ...s,
  phase: e.type as 'refused' | 'failed',
  step: toStep(s, (e as { step?: number }).step, last),
});

/** Each phase's events; any other event changes nothing (a stored lead accepts none). */
export const PHASES: Record<LeadPhase, Handlers> = {
  editing: WHILE_EDITING,
  sending: {
    stored: (s, e) => ({ ...s, phase: 'stored', leadId: (e as { leadId: number }).leadId }),
    refused: unstored,
    failed: unstored,
  },
  refused: WHILE_EDITING,
  failed: WHILE_EDITING,
  stored: {},
};

export interface LeadMachine<C> {
  steps: readonly LeadStep<C>[];
  initial: LeadFormState;
  /** The state after an event; the same state object when the phase does not accept it. */
  transition(state: LeadFormState, event: LeadFormEvent): LeadFormState;
  /** The submit the state offers; none while a lead is on its way or once it is stored. */
  submitOf(state: LeadFormState): LeadSubmitDef<C> | undefined;
  /** The step whose rules name this field; undefined when none does. */
  stepOfField(context: C, name: string): number | undefined;
  /** The first step with a rule the values break; undefined when every rule holds. */
  firstInvalidStep(context: C, values: Values): number | undefined;
  /** The event an unstored send's answer makes, going to the step of its first field error. */
  outcome(context: C, result: LeadResult): LeadFormEvent;
}

/** A form's machine over its table of steps. */
export function leadMachine<C>(steps: readonly LeadStep<C>[]): LeadMachine<C> {
  const last = steps.length - 1;
  const allRules = (c: C) => steps.flatMap((s) => s.rules(c));
  /** The first step with a rule that passes the test. */
  const stepWith = (c: C, test: (rule: FieldRule) => boolean) => {
    const i = steps.findIndex((s) => s.rules(c).some(test));
    return i < 0 ? undefined : i;
  };
  const stepOfField = (c: C, name: string) => stepWith(c, (r) => r.name === name);
  return {
    steps,
    initial: INITIAL_LEAD_STATE,
    transition(state, event) {
      const handler = PHASES[state.phase][event.type];
      return handler ? handler(state, event, last) : state;
    },
    submitOf(state) {
      if (state.phase === 'sending' || state.phase === 'stored') return undefined;
      if (state.step < last)
        return { action: 'continue', rules: (c) => steps[state.step].rules(c) };
      return { action: 'send', rules: allRules };
    },
    stepOfField,
    firstInvalidStep: (c, values) => stepWith(c, (r) => validate([r], values).length > 0),
    outcome(c, result) {
      const step = result.fields
        .map((f) => stepOfField(c, fieldNameOf(f.path)))
        .find((i) => i !== undefined);
      return { type: result.retryable ? 'failed' : 'refused', step };
    },
  };
}
