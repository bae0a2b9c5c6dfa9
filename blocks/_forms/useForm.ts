/**
 * Form state for every form block: the values the visitor typed (kept on any failure),
 * per-field errors (client rules and the API's), the submit state machine
 * idle → submitting → success | failure, and the form's submission id: made when the form
 * opens, not per click, so a double click, a retry after a network error or a second try
 * after a refusal are all one submission and the API stores one lead (docs/forms.md, "How
 * every form behaves").
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { fieldNameOf, type ApiFieldError } from './api.ts';
import { MESSAGES } from './messages.ts';
import { topInset } from '../_shared/top-inset.ts';
import { newSubmissionId } from './payload.ts';
import {
  validate,
  type FieldError,
  type FieldRule,
  type FieldValue,
  type Values,
} from './rules.ts';

export type SubmitStatus = 'idle' | 'submitting' | 'success' | 'failure';

export type SubmitResult = { ok: true } | { ok: false; error?: string; fields?: ApiFieldError[] };

export interface FormController {
  /** Prefix of the form's element ids. */
  id: string;
  values: Values;
  set(name: string, value: FieldValue): void;
  setMany(values: Values): void;
  errors: FieldError[];
  errorFor(name: string): string | undefined;
  fieldId(name: string): string;
  /** Remembers a field's visible label (the summary and API errors name fields by it). */
  label(name: string, label: string): void;
  status: SubmitStatus;
  /** The idempotency key of this form's lead, made when the form opened (every send repeats it). */
  submissionId: string;
  /** Form-level error for the destructive alert. */
  formError?: string;
  /** True once React runs in the browser (submit buttons wait for it). */
  hydrated: boolean;
  summaryRef: RefObject<HTMLDivElement | null>;
  alertRef: RefObject<HTMLDivElement | null>;
  /** Checks rules; on failure shows the errors and moves focus to the summary. */
  check(rules: FieldRule[]): boolean;
  /**
   * Runs one submit at a time (a double click is ignored) with the form's submission id, the
   * same on every attempt, so a retry of a submit the API did store answers the same lead.
   */
  submit(run: (submissionId: string) => Promise<SubmitResult>): Promise<boolean>;
  /** Shows a failure that did not come from submit (e.g. a lookup step). */
  fail(error?: string, fields?: ApiFieldError[]): void;
  clearErrors(): void;
}

export interface UseFormOptions {
  initial: Values;
  /** API field names → form field names (e.g. phone_number → phone). */
  aliases?: Record<string, string>;
}

/** The bars' height is published as --fc-top-inset for the element's scroll-margin-top (forms.css). */
function revealBelowBars(el: HTMLElement | null) {
  if (!el) return;
  el.style.setProperty('--fc-top-inset', `${Math.ceil(topInset())}px`);
  el.focus({ preventScroll: true });
  el.scrollIntoView?.({ block: 'nearest' });
}

function domSafe(name: string) {
  return name.replace(/[^A-Za-z0-9_-]+/g, '-');
}

/** API messages start lower case ("is required"): put the field's label in front. */
export function apiMessage(label: string, message: string) {
  return /^[a-z]/.test(message) ? `${label} ${message}` : message;
}

export function useForm(options: UseFormOptions): FormController {
  const reactId = useId().replace(/[^A-Za-z0-9_-]/g, '');
  const id = `fc-form-${reactId}`;
  const [values, setValues] = useState<Values>(options.initial);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [status, setStatus] = useState<SubmitStatus>('idle');
  const [formError, setFormError] = useState<string | undefined>();
  const [hydrated, setHydrated] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const [alertTick, setAlertTick] = useState(0);
  const labels = useRef<Record<string, string>>({});
  const rulesRef = useRef<FieldRule[]>([]);
  const busy = useRef(false);
  const [submissionId] = useState(newSubmissionId);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  const alertRef = useRef<HTMLDivElement | null>(null);
  const aliases = options.aliases;

  useEffect(() => setHydrated(true), []);
  // The error summary, or the alert of a form-level error, takes focus and comes into view
  // below the site's sticky header (docs/forms.md, "How every form behaves").
  useEffect(() => {
    if (focusTick) revealBelowBars(summaryRef.current);
  }, [focusTick]);
  useEffect(() => {
    if (alertTick) revealBelowBars(alertRef.current);
  }, [alertTick]);

  const recheck = useCallback((name: string, next: Values) => {
    setErrors((current) => {
      if (!current.some((e) => e.name === name)) return current;
      const rule = rulesRef.current.find((r) => r.name === name);
      const fresh = rule ? validate([rule], next)[0] : undefined;
      return current.flatMap((e) => (e.name !== name ? [e] : fresh ? [fresh] : []));
    });
  }, []);

  // The latest values, so several set() calls in one event all land.
  const valuesRef = useRef(values);
  valuesRef.current = values;

  const set = useCallback(
    (name: string, value: FieldValue) => {
      const next = { ...valuesRef.current, [name]: value };
      valuesRef.current = next;
      setValues(next);
      recheck(name, next);
    },
    [recheck],
  );

  const setMany = useCallback((more: Values) => {
    const next = { ...valuesRef.current, ...more };
    valuesRef.current = next;
    setValues(next);
  }, []);

  const showFieldErrors = useCallback((list: FieldError[]) => {
    setErrors(list);
    setStatus('failure');
    setFocusTick((t) => t + 1);
  }, []);

  const fromApi = useCallback(
    (fields: ApiFieldError[]): FieldError[] => {
      const seen = new Set<string>();
      const out: FieldError[] = [];
      for (const f of fields) {
        const name = fieldNameOf(f.path, aliases);
        if (seen.has(name)) continue;
        seen.add(name);
        const label = labels.current[name] ?? name.replace(/_/g, ' ');
        out.push({ name, label, message: apiMessage(label, f.message) });
      }
      return out;
    },
    [aliases],
  );

  const fail = useCallback(
    (error?: string, fields: ApiFieldError[] = []) => {
      const list = fromApi(fields);
      // The alert repeats nothing the summary already says.
      const alertText =
        error && error !== MESSAGES.summaryHeading && !list.some((e) => e.message === error)
          ? error
          : undefined;
      setFormError(list.length ? alertText : (error ?? MESSAGES.formError));
      setErrors(list);
      setStatus('failure');
      if (list.length) setFocusTick((t) => t + 1);
      else setAlertTick((t) => t + 1);
    },
    [fromApi],
  );

  return useMemo<FormController>(
    () => ({
      id,
      values,
      set,
      setMany,
      errors,
      errorFor: (name) => errors.find((e) => e.name === name)?.message,
      fieldId: (name) => `${id}-${domSafe(name)}`,
      label: (name, label) => {
        labels.current[name] = label;
      },
      status,
      submissionId,
      formError,
      hydrated,
      summaryRef,
      alertRef,
      check(rules) {
        rulesRef.current = rules;
        const found = validate(rules, valuesRef.current);
        if (found.length) {
          setFormError(undefined);
          showFieldErrors(found);
          return false;
        }
        setErrors([]);
        return true;
      },
      async submit(run) {
        if (busy.current) return false;
        busy.current = true;
        setStatus('submitting');
        setFormError(undefined);
        try {
          const result = await run(submissionId);
          if (result.ok) {
            setErrors([]);
            setStatus('success');
            return true;
          }
          fail(result.error, result.fields);
          return false;
        } catch {
          fail(MESSAGES.formError);
          return false;
        } finally {
          busy.current = false;
        }
      },
      fail,
      clearErrors() {
        setErrors([]);
        setFormError(undefined);
        setStatus('idle');
      },
    }),
    [
      id,
      values,
      set,
      setMany,
      errors,
      status,
      submissionId,
      formError,
      hydrated,
      showFieldErrors,
      fail,
    ],
  );
}
