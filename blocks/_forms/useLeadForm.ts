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
import type { LeadFormEvent, LeadFormState, LeadMachine } from './lead-machine.ts';
import { leadStored, type LeadDone } from './leads.ts';
import type { FormController } from './useForm.ts';
import { useLeadSubmit, type StoredLead } from './useLeadSubmit.ts';

export interface LeadFormOptions<C, R extends LeadResult> {
  form: FormController;
  /** Asked for a new question when the server says the answered one expired or was used. */
  captcha?: { refresh(): void };
  machine: LeadMachine<C>;
  /** What the table's rules depend on. */
  context: C;
  /** Sends the lead with this attempt's submission_id (the form's calls.ts). */
  send(submissionId: string): Promise<R>;
  /** What a stored lead is recorded as (leads.ts, leadStored: the car, the success flag, the analytics event). */
  record: Omit<LeadDone, 'siteSlug' | 'leadId'>;
  /** Kept besides that record before the visitor moves on (e.g. a reservation's hold). */
  stored?(result: StoredLead<R>): void;
  /** Where the visitor goes once the lead is stored. */
  successPath?: string;
}

export function useLeadForm<C, R extends LeadResult>(options: LeadFormOptions<C, R>) {
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
      return latestOptions.current.send(submissionId);
    },
    stored: (result) => {
      dispatch({ type: 'stored', leadId: result.leadId });
      const { record, stored, successPath = '/success' } = latestOptions.current;
      leadStored({ siteSlug: site.slug, leadId: result.leadId, ...record });
      stored?.(result);
      navigate(successPath);
    },
    failed: (result) => dispatch(machine.outcome(latestOptions.current.context, result)),
  });

  const onSubmit = () => {
    const submit = machine.submitOf(latest.current);
    if (!submit) return;
    const { context } = latestOptions.current;
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
    /** The step shown, from 1 (the "Step n of m" heading). */
    step: state.step + 1,
    stepCount: machine.steps.length,
    isLast: state.step === machine.steps.length - 1,
    headingId,
    onSubmit,
    /** Offered in the alert after a send that may be retried (useLeadSubmit). */
    onRetry: lead.canRetry ? () => void lead.retry() : undefined,
    back: () => dispatch({ type: 'back' }),
  };
}

export type LeadFormFlow = ReturnType<typeof useLeadForm>;
