/**
 * The one lead submit every lead form uses (docs/forms.md, "How every form behaves"): the
 * form's rules first, then one send at a time with the attempt's idempotency key (the
 * submission_id useForm keeps until a lead is stored), the server's field errors on their
 * fields, everything typed kept on any failure, and a retry with the same key after a
 * failure the server may not have seen (no answer, or a 5xx). A stored lead locks the
 * submit: a click between the answer and the next page sends nothing more.
 */
import { useCallback, useRef, useState } from 'react';
import type { LeadResult } from './api.ts';
import { captchaNeedsRefresh } from './Captcha.tsx';
import type { FieldRule } from './rules.ts';
import type { FormController } from './useForm.ts';

export type StoredLead<R extends LeadResult> = R & { leadId: number };

export interface LeadSubmitOptions<R extends LeadResult> {
  form: FormController;
  /** Asked for a new question when the server says the answered one expired or was used. */
  captcha?: { refresh(): void };
  /** Sends the lead with this attempt's submission_id; never throws (api.ts answers outcomes). */
  send(submissionId: string): Promise<R>;
  /** What follows a stored lead: record it, store the success flag, move on. */
  stored(result: StoredLead<R>): void;
  /** After a refused or failed send, once its errors are known (e.g. a multi-step form goes to the step that has them). */
  failed?(result: R): void;
}

export interface LeadSubmit {
  /** Checks the rules, then sends once; false when nothing was stored. */
  submit(rules?: FieldRule[]): Promise<boolean>;
  /** Sends the failed attempt again with the same submission_id. */
  retry(): Promise<boolean>;
  /** The last failure may be retried (shown as "Try again" in the form's alert). */
  canRetry: boolean;
}

export function useLeadSubmit<R extends LeadResult>(options: LeadSubmitOptions<R>): LeadSubmit {
  const { form } = options;
  const latest = useRef(options);
  latest.current = options;
  const storedOnce = useRef(false);
  const lastRules = useRef<FieldRule[] | undefined>(undefined);
  const [retryable, setRetryable] = useState(false);

  const submit = useCallback(
    async (rules?: FieldRule[]) => {
      if (storedOnce.current) return false;
      lastRules.current = rules;
      if (rules && !form.check(rules)) return false;
      setRetryable(false);
      return form.submit(async (submissionId) => {
        const { send, stored, failed, captcha } = latest.current;
        const result = await send(submissionId);
        if (result.leadId) {
          storedOnce.current = true;
          stored(result as StoredLead<R>);
          return { ok: true };
        }
        if (captchaNeedsRefresh(result.fields)) captcha?.refresh();
        failed?.(result);
        setRetryable(Boolean(result.retryable));
        return { ok: false, error: result.error, fields: result.fields };
      });
    },
    [form],
  );

  return {
    submit,
    retry: () => submit(lastRules.current),
    canRetry: retryable && form.status === 'failure',
  };
}
