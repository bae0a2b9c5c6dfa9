/**
 * A lead form's hook (docs/forms.md, "How every form behaves"): its machine (lead-machine.ts)
 * wired to the one lead submit (useLeadSubmit.ts). It owns no rule, no call and no markup:
 * the form's own hook gives it the table's context, the send and what a stored lead is
 * recorded as; it checks the rules the current submit names, moves between steps, turns
 * each outcome into an event, and after a stored lead records it and goes to /success
 * (docs/forms.md, "After a stored lead").
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import type { LeadResult } from './api.ts';
import type { CaptchaHandle } from './Captcha.tsx';
import { consentRules } from './common.tsx';
import type { LeadFormEvent, LeadFormState, LeadMachine } from './lead-machine.ts';
import { leadStored, type LeadDone } from './leads.ts';
import type { LeadCall } from './payload.ts';
import type { FieldRule } from './rules.ts';
import type { FormController } from './useForm.ts';
import { useLeadSubmit, type StoredLead } from './useLeadSubmit.ts';

export interface LeadFormOptions<C extends { consents: FieldRule[] }, R extends LeadResult> {
  form: FormController;
  /** Its rule ends the table's rules when on; renewed when the server says the answer expired or was used. */
  captcha: CaptchaHandle;
  machine: LeadMachine<C>;
  /** What the table's rules depend on, besides the consents (added here, after the form's rules). */
  context: Omit<C, 'consents'>;
  /** The form offers the opt-in; the site asks for the terms of use. */
  consent: { optIn: boolean; terms: boolean };
  /** Sends the lead: the values, this attempt's submission_id and the consents (the form's calls.ts). */
  send(call: LeadCall): Promise<R>;
  /** What a stored lead is recorded as (leads.ts, leadStored: the car, the success flag, the analytics event). */
  record: Omit<LeadDone, 'siteSlug' | 'leadId'>;
  /** Kept besides that record before the visitor moves on (e.g. a reservation's hold). */
  stored?(result: StoredLead<R>): void;
  /** Where the visitor goes once the lead is stored. */
  successPath?: string;
}

export function useLeadForm<C extends { consents: FieldRule[] }, R extends LeadResult>(
  options: LeadFormOptions<C, R>,
) {
  const { form, machine } = options;
  const { site } = useSite();
  const navigate = useNavigate();
  const latestOptions = useRef(options);
  latestOptions.current = options;
  const [state, setState] = useState<LeadFormState>(machine.initial);
  // The latest state, so an outcome arriving after an await sees the one before it.
  const latest = useRef(state);
  latest.current = state;
  const moved = useRef(false);
  const headingId = `${form.id}-step`;

  // A new step's heading takes focus (not on the first render).
  useEffect(() => {
    if (moved.current) document.getElementById(headingId)?.focus();
  }, [state.step, headingId]);

  const dispatch = (event: LeadFormEvent) => {
    const before = latest.current;
    const next = machine.transition(before, event);
    if (next === before) return;
    if (next.step !== before.step) moved.current = true;
    latest.current = next;
    setState(next);
  };

  const lead = useLeadSubmit<R>({
    form,
    captcha: options.captcha,
    send: (submissionId) => {
      dispatch({ type: 'sent' });
      const { send, consent, captcha } = latestOptions.current;
      return send({
        values: form.values,
        submissionId,
        consents: { ...consent, captcha: captcha.solution() },
      });
    },
    stored: (result) => {
      dispatch({ type: 'stored', leadId: result.leadId });
      const { record, stored, successPath = '/success' } = latestOptions.current;
      leadStored({ siteSlug: site.slug, leadId: result.leadId, ...record });
      stored?.(result);
      navigate(successPath);
    },
    failed: (result) => dispatch(machine.outcome(contextOf(latestOptions.current), result)),
  });

  const onSubmit = () => {
    const submit = machine.submitOf(latest.current);
    if (!submit) return;
    const context = contextOf(latestOptions.current);
    const rules = submit.rules(context);
    if (submit.action === 'continue') {
      if (form.check(rules)) dispatch({ type: 'continue' });
      return;
    }
    // The errors show on the step that has the first of them.
    const invalid = machine.firstInvalidStep(context, form.values);
    if (invalid !== undefined) dispatch({ type: 'show-step', step: invalid });
    void lead.submit(rules);
  };

  return {
    state,
    /** What the form frame takes (Form.tsx, FormFrame): the submit and, after a failure that may be retried, the retry. */
    frame: { form, onSubmit, onRetry: lead.canRetry ? () => void lead.retry() : undefined },
    /** The step shown, from 1 (the "Step n of m" heading). */
    step: state.step + 1,
    stepCount: machine.steps.length,
    headingId,
    back: () => dispatch({ type: 'back' }),
  };
}

/** The form's context with the consents' rules last (the terms of use, then the captcha). */
function contextOf<C extends { consents: FieldRule[] }>(
  options: LeadFormOptions<C, LeadResult>,
): C {
  const { context, consent, captcha } = options;
  return { ...context, consents: consentRules(consent.terms, captcha) } as C;
}
