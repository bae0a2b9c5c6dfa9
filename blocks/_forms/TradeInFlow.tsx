/**
 * The trade-in flow (docs/forms.md, "Trade-in and sell my car"), shared by trade-in and sell-my-car:
 *   1. your details → the lead is created;
 *   2. your car and its condition → valued (cars older than 7 years or over 100,000 km get
 *      no online estimate: "we'll call you");
 *   3. its registration → looked up;
 *   4. the offer → accepted (then /success) or declined.
 * Never gated: no sign-in is asked for.
 *
 * Built in three layers: the steps as a table with one pure transition (trade-in/machine.ts,
 * with the field rules in trade-in/rules.ts), a hook that makes each step's API call
 * (trade-in/useTradeIn.ts, calls in trade-in/calls.ts), and one props-only view per step.
 */
import type { ReactNode } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import type { CarSummary } from './car.ts';
import { FormFrame, StepHeading } from './Form.tsx';
import { CarStep } from './trade-in/CarStep.tsx';
import { DetailsStep } from './trade-in/DetailsStep.tsx';
import { isDone, STEP_COUNT, STEPS, type StageId } from './trade-in/machine.ts';
import { OfferStep } from './trade-in/OfferStep.tsx';
import { RegoStep } from './trade-in/RegoStep.tsx';
import { TradeInDone } from './trade-in/TradeInDone.tsx';
import { useTradeIn, type TradeInFlowState } from './trade-in/useTradeIn.ts';
import type { TradeInKind } from './trade-in/calls.ts';

export { SUBCATEGORY, TRADE_IN_CATEGORY, type TradeInKind } from './trade-in/calls.ts';
export { parseKms, regoStates, tradeInDetailsRules } from './trade-in/rules.ts';

export interface TradeInFlowProps {
  kind: TradeInKind;
  /** The car the visitor is buying (/cars/trade-in?car_id=), sent as the hidden car_id. */
  car?: CarSummary;
  /** The block's privacy policy link (its schema default, /privacy-policy, is filled before it renders). */
  privacyHref: string;
  labelledBy?: string;
  formId: string;
  successPath?: string;
}

type Format = ReturnType<typeof useSite>;
type FormStageId = Exclude<StageId, 'no-estimate' | 'declined'>;

/** What each step with a form renders. */
const VIEWS: Record<
  FormStageId,
  (flow: TradeInFlowState, format: Format, privacyHref: string) => ReactNode
> = {
  details: (f, _, privacyHref) => (
    <DetailsStep
      form={f.form}
      captcha={f.captcha}
      region={f.region}
      terms={f.terms}
      privacyHref={privacyHref}
      submitLabel={f.submitLabel}
    />
  ),
  car: (f, { t }) => (
    <CarStep
      form={f.form}
      estimatePossible={f.estimatePossible}
      submitLabel={f.submitLabel}
      t={t}
    />
  ),
  rego: (f, { t }) => (
    <RegoStep
      form={f.form}
      region={f.region}
      states={f.states}
      found={f.state.found}
      missed={f.state.regoMissed}
      unconfirmed={f.state.unconfirmed}
      submitLabel={f.submitLabel}
      onEdit={f.editRego}
      onCorrect={f.correctRego}
      onSkip={f.skipRego}
      t={t}
    />
  ),
  offer: (f, { money, distance }) => (
    <OfferStep
      form={f.form}
      valuation={f.state.valuation}
      submitLabel={f.submitLabel}
      onDecline={f.decline}
      money={money}
      distance={distance}
    />
  ),
};

export function TradeInFlow({
  kind,
  car,
  privacyHref,
  labelledBy,
  successPath = '/success',
}: TradeInFlowProps) {
  const format = useSite();
  const flow = useTradeIn({ kind, car, successPath });
  const stage = flow.state.stage;
  const step = STEPS[stage];

  if (isDone(step)) {
    const contactMethod = String(flow.form.values.PreferredContactMethod || 'phone');
    return (
      <TradeInDone
        id={flow.headingId}
        heading={step.done.heading}
        message={format.t(step.done.message)}
        contactMethod={contactMethod}
      />
    );
  }
  return (
    <FormFrame
      form={flow.form}
      onSubmit={flow.onSubmit}
      onRetry={flow.onRetry}
      labelledBy={labelledBy}
      className={`fc-trade-in fc-trade-in--${kind}`}
    >
      <StepHeading
        step={step.number}
        count={STEP_COUNT}
        title={format.t(step.title)}
        id={flow.headingId}
      />
      {VIEWS[stage as FormStageId](flow, format, privacyHref)}
      <input type="hidden" name="car_id" value={car ? String(car.id) : ''} />
    </FormFrame>
  );
}
