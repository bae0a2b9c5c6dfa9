/**
 * The trade-in flow's hook: the form, the captcha and the step machine (machine.ts)
 * wired to the API calls (calls.ts). It owns no rule and no markup: it makes the call the
 * current step's submit names, turns the outcome into an event and hands the views
 * what they draw.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../../engine/render/site-context.tsx';
import { trackOfferAccepted } from '../../_shared/analytics.ts';
import { useCaptcha } from '../Captcha.tsx';
import type { CarSummary } from '../car.ts';
import { termsRule } from '../common.tsx';
import { rememberValuation, storeSuccess } from '../storage.ts';
import { useForm } from '../useForm.ts';
import { useLeadSubmit } from '../useLeadSubmit.ts';
import {
  answerOffer,
  createLead,
  lookupRego,
  saveValuation,
  TRADE_IN_CATEGORY,
  valueCar,
  type TradeInKind,
} from './calls.ts';
import {
  INITIAL_STATE,
  submitOf,
  transition,
  type SubmitAction,
  type TradeInEvent,
  type TradeInState,
} from './machine.ts';
import { estimatePossible, initialValues, regoMismatch, regoStates } from './rules.ts';

export interface UseTradeInOptions {
  kind: TradeInKind;
  car?: CarSummary;
  successPath: string;
}

export function useTradeIn({ kind, car, successPath }: UseTradeInOptions) {
  const { site, region } = useSite();
  const navigate = useNavigate();
  const r = region.region;
  const states = regoStates(r);
  const category = TRADE_IN_CATEGORY[kind];
  const primaryState = (
    site.locations.find((l) => l.primary) ?? site.locations[0]
  )?.address?.state?.toUpperCase();
  const form = useForm({ initial: initialValues(states, primaryState) });
  const captcha = useCaptcha(site, form);
  const terms = site.features.termsAgreement;

  const [state, setState] = useState<TradeInState>(INITIAL_STATE);
  // The latest state, so an event sent after an awaited call sees the one before it.
  const latest = useRef(state);
  latest.current = state;
  const moved = useRef(false);
  const headingId = `${form.id}-stage`;

  // A new step's heading takes focus (not on the first render).
  useEffect(() => {
    if (moved.current) document.getElementById(headingId)?.focus();
  }, [state.stage, headingId]);

  const send = (event: TradeInEvent) => {
    const before = latest.current;
    const next = transition(before, event);
    if (next === before) return;
    if (next.stage !== before.stage) {
      moved.current = true;
      form.clearErrors();
    }
    latest.current = next;
    setState(next);
  };

  const answer = (accepted: boolean) => {
    const { leadId, valuation } = latest.current;
    if (!leadId) return;
    void form.submit(async () => {
      const res = await answerOffer(site, leadId, category, accepted);
      if (!res.ok) return res;
      await saveValuation(site, leadId, valuation, form.values);
      if (accepted) {
        trackOfferAccepted({ lead_id: leadId, offer_price: valuation?.offer_price });
        storeSuccess(site.slug, { category: `${category} Offer Accepted`, lead_id: leadId });
        navigate(successPath);
      } else {
        storeSuccess(site.slug, { category, lead_id: leadId });
        send({ type: 'offer-declined' });
      }
      return { ok: true };
    });
  };

  // The flow's lead goes through the one lead submit (useLeadSubmit.ts); the later steps are calls on that lead.
  const lead = useLeadSubmit({
    form,
    captcha,
    send: (submissionId) =>
      createLead(site, {
        values: form.values,
        category,
        submissionId,
        car,
        terms,
        captcha: captcha.solution(),
      }),
    stored: (result) => send({ type: 'lead-created', leadId: result.leadId }),
  });

  const run: Record<SubmitAction, () => void> = {
    'create-lead': () => void lead.submit(),
    'value-car': () =>
      void form.submit(async () => {
        const { leadId } = latest.current;
        const res = await valueCar(site, leadId, form.values);
        if (!res.ok) return res;
        rememberValuation(site.slug, res.valuation);
        if (!res.valuation.eligible) {
          await saveValuation(site, leadId, res.valuation, form.values);
          storeSuccess(site.slug, { category, ...(leadId ? { lead_id: leadId } : {}) });
        }
        send({ type: 'valued', valuation: res.valuation });
        return { ok: true };
      }),
    'find-rego': () =>
      void form.submit(async () => {
        const res = await lookupRego(site, form.values);
        if (res.ok) {
          send({
            type: 'rego-found',
            found: res.found,
            mismatch: Boolean(regoMismatch(res.found.vehicle, form.values)),
          });
          return { ok: true };
        }
        if (res.missed) send({ type: 'rego-missed' });
        return res;
      }),
    'confirm-car': () => {
      send({ type: 'rego-confirmed' });
      send({ type: 'to-offer' });
    },
    'see-offer': () => send({ type: 'to-offer' }),
    'accept-offer': () => answer(true),
  };

  const submit = submitOf(state);
  const onSubmit = () => {
    if (!submit) return;
    const rules = submit.rules?.({
      region: r,
      extraDetailRules: [...(terms ? [termsRule] : []), ...(captcha.enabled ? [captcha.rule] : [])],
      values: form.values,
    });
    if (rules && !form.check(rules)) return;
    run[submit.action]();
  };

  return {
    form,
    captcha,
    state,
    region: r,
    states,
    terms,
    headingId,
    submitLabel: submit?.label ?? '',
    estimatePossible: estimatePossible(form.values, r),
    onSubmit,
    /** Offered in the alert after the lead's send failed without an answer (useLeadSubmit). */
    onRetry: lead.canRetry ? () => void lead.retry() : undefined,
    /** The registration or its state changed: a found car no longer applies. */
    editRego: () => send({ type: 'rego-edited' }),
    /** The found car is not theirs: forget it and put them back in the registration field to correct it. */
    correctRego: () => {
      send({ type: 'rego-edited' });
      document.getElementById(form.fieldId('rego'))?.focus();
    },
    /** On to the offer without a registration match. */
    skipRego: () => send({ type: 'to-offer' }),
    decline: () => answer(false),
  };
}

export type TradeInFlowState = ReturnType<typeof useTradeIn>;
