/**
 * The trade-in flow as a table of steps (docs/forms.md, "Trade-in and sell my car") and
 * one pure transition over it. Each step row says which submit it offers (and so which
 * rules are checked and which API call is made) and where each outcome takes the flow.
 * Nothing here renders or calls the API: useTradeIn.ts makes the calls and feeds their
 * outcomes back as events, the step views only draw. The visitor's typed values live in
 * the form (useForm.ts), never here, so no transition can lose them.
 */
import type { Region } from '../../../engine/site/types.ts';
import type { RegoLookupResponse, Valuation } from '../../../schemas/types.gen.ts';
import { MESSAGES } from '../messages.ts';
import type { FieldRule, Values } from '../rules.ts';
import { estimatePossible, regoRules, tradeInDetailsRules, vehicleRules } from './rules.ts';

export type StageId = 'details' | 'car' | 'rego' | 'offer' | 'no-estimate' | 'declined';

export interface TradeInState {
  stage: StageId;
  leadId?: number;
  valuation?: Valuation;
  /** The registration lookup's car, until the registration or its state is edited. */
  found?: RegoLookupResponse;
  /** The lookup found no car: the visitor may go on to the offer without one. */
  regoMissed: boolean;
  /** The found car is not the one the visitor described, and they have not confirmed it is theirs (rules.ts, regoMismatch). */
  unconfirmed?: boolean;
}

export const INITIAL_STATE: TradeInState = { stage: 'details', regoMissed: false };

export type TradeInEvent =
  | { type: 'lead-created'; leadId: number }
  | { type: 'valued'; valuation: Valuation }
  | { type: 'rego-found'; found: RegoLookupResponse; mismatch?: boolean }
  | { type: 'rego-confirmed' }
  | { type: 'rego-missed' }
  | { type: 'rego-edited' }
  | { type: 'to-offer' }
  | { type: 'offer-declined' };

/** What the step's submit button does: one API call, or (see-offer) a move without one. */
export type SubmitAction =
  'create-lead' | 'value-car' | 'find-rego' | 'confirm-car' | 'see-offer' | 'accept-offer';

/** What a submit's rules depend on besides the region's: the site's terms and captcha rules, and the values typed. */
export interface RuleContext {
  region: Region;
  /** Rules the details step adds in this order (terms of use, captcha) when the site has them on. */
  extraDetailRules: FieldRule[];
  values: Values;
}

export interface SubmitDef {
  /** The submit button's words. */
  label: string;
  /** Checked before the call; a failure keeps the flow where it is. */
  rules?: (context: RuleContext) => FieldRule[];
}

export const SUBMITS: Record<SubmitAction, SubmitDef> = {
  'create-lead': {
    label: 'Continue',
    rules: (c) => [...tradeInDetailsRules(c.region), ...c.extraDetailRules],
  },
  'value-car': {
    label: 'Value my car',
    rules: (c) => vehicleRules(estimatePossible(c.values, c.region), c.region),
  },
  'find-rego': { label: 'Find my car', rules: (c) => regoRules(c.region) },
  'confirm-car': { label: 'Yes, this is my car' },
  'see-offer': { label: 'See my offer' },
  'accept-offer': { label: 'Accept offer' },
};

type Handlers = {
  [K in TradeInEvent['type']]?: (
    state: TradeInState,
    event: Extract<TradeInEvent, { type: K }>,
  ) => TradeInState;
};

/** A step with a form: "Step {number} of 4: {title}". */
export interface FormStep {
  number: 1 | 2 | 3 | 4;
  title: string;
  submit(state: TradeInState): SubmitAction;
  /** Where each event this step accepts takes the flow; any other event changes nothing. */
  on: Handlers;
}

/** An end of the flow on this page (an accepted offer leaves for the success page instead). */
export interface DoneStep {
  done: { heading: string; message: string };
}

export const STEP_COUNT = 4;

export const STEPS: { [K in StageId]: FormStep | DoneStep } = {
  details: {
    number: 1,
    title: 'Your details',
    submit: () => 'create-lead',
    on: { 'lead-created': (s, e) => ({ ...s, stage: 'car', leadId: e.leadId }) },
  },
  car: {
    number: 2,
    title: 'Your car',
    submit: () => 'value-car',
    // Cars older than 7 years or over 100,000 km get no online estimate: "we'll call you".
    on: {
      valued: (s, e) => ({
        ...s,
        valuation: e.valuation,
        stage: e.valuation.eligible ? 'rego' : 'no-estimate',
      }),
    },
  },
  rego: {
    number: 3,
    title: 'Its registration',
    submit: (s) => (s.found ? (s.unconfirmed ? 'confirm-car' : 'see-offer') : 'find-rego'),
    on: {
      'rego-found': (s, e) => ({
        ...s,
        found: e.found,
        regoMissed: false,
        unconfirmed: Boolean(e.mismatch),
      }),
      'rego-missed': (s) => ({ ...s, regoMissed: true }),
      'rego-edited': (s) => (s.found ? { ...s, found: undefined, unconfirmed: false } : s),
      'rego-confirmed': (s) => (s.found && s.unconfirmed ? { ...s, unconfirmed: false } : s),
      // A found car the visitor has not confirmed (it differs from theirs) does not lead on.
      'to-offer': (s) =>
        (s.found && !s.unconfirmed) || (!s.found && s.regoMissed) ? { ...s, stage: 'offer' } : s,
    },
  },
  offer: {
    number: 4,
    title: 'Your offer',
    submit: () => 'accept-offer',
    on: { 'offer-declined': (s) => ({ ...s, stage: 'declined' }) },
  },
  'no-estimate': {
    done: { heading: "We'll call you with an offer", message: MESSAGES.noEstimate },
  },
  declined: {
    done: {
      heading: 'Thanks, we have your details',
      message: 'One of our team will contact you about your car.',
    },
  },
};

export function isDone(step: FormStep | DoneStep): step is DoneStep {
  return 'done' in step;
}

/** The state after an event; the same state object when the current step does not accept it. */
export function transition(state: TradeInState, event: TradeInEvent): TradeInState {
  const step = STEPS[state.stage];
  if (isDone(step)) return state;
  const handler = step.on[event.type] as
    ((s: TradeInState, e: TradeInEvent) => TradeInState) | undefined;
  return handler ? handler(state, event) : state;
}

/** The submit the current step offers, with its label and rules; none on a finished flow. */
export function submitOf(state: TradeInState): (SubmitDef & { action: SubmitAction }) | undefined {
  const step = STEPS[state.stage];
  if (isDone(step)) return undefined;
  const action = step.submit(state);
  return { action, ...SUBMITS[action] };
}
