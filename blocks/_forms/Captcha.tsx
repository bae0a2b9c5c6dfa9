/**
 * The captcha (on unless a site switches it off): a question from the API's local
 * challenge (GET {api}/captcha, e.g. "What is 7 + 5?"), answered in a text box. The
 * token and answer go with the form as captcha: { token, answer }. A token works once
 * and for 10 minutes on the server's clock. The page times a question's renewal from the
 * answer's expires_in, never from the device's clock (which may be minutes out), and renews
 * only a question not yet answered: what the buyer typed is never emptied behind their back
 * (docs/forms.md, "The captcha and the device clock").
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ResolvedSite } from '../../engine/site/types.ts';
import type { CaptchaChallenge, CaptchaSolution } from '../../schemas/types.gen.ts';
import { apiGet } from './api.ts';
import { MESSAGES } from './messages.ts';
import { type Check, type FieldRule } from './rules.ts';
import type { FormController } from './useForm.ts';

export const CAPTCHA_FIELD = 'captcha';
const TOKEN_FIELD = 'captcha_token';
/** A question is renewed this long before it expires. */
export const RENEW_EARLY_MS = 15_000;
/** Never renewed sooner than this after it arrived, whatever expires_in says. */
export const MIN_RENEW_MS = 60_000;

export interface CaptchaHandle {
  enabled: boolean;
  challenge?: CaptchaChallenge;
  loading: boolean;
  failed: boolean;
  /** Replaces the question, keeping the answer typed (the server said it expired or was used). */
  refresh(): void;
  /** The buyer asked for another question: the answer box is emptied for it. */
  ask(): void;
  /** The rule for the summary (required, and the question must have loaded). */
  rule: FieldRule;
  /** captcha: { token, answer } for the request, or undefined when off. */
  solution(): CaptchaSolution | undefined;
}

export function useCaptcha(
  site: ResolvedSite,
  form: FormController,
  enabled = site.features.captcha,
): CaptchaHandle {
  const [challenge, setChallenge] = useState<CaptchaChallenge | undefined>();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const formRef = useRef(form);
  formRef.current = form;
  // Only the buyer's own "New question" empties the answer box.
  const clearAnswer = useRef(false);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    void apiGet<CaptchaChallenge>(site, '/captcha', { signal: controller.signal, retries: 1 }).then(
      (r) => {
        if (controller.signal.aborted) return;
        setLoading(false);
        if (r.ok && r.data?.token) {
          setChallenge(r.data);
          formRef.current.setMany({
            [TOKEN_FIELD]: r.data.token,
            ...(clearAnswer.current ? { [CAPTCHA_FIELD]: '' } : {}),
          });
          clearAnswer.current = false;
        } else {
          setFailed(true);
        }
      },
    );
    return () => controller.abort();
  }, [site, enabled, tick]);

  // A question expires after 10 minutes: the next one is fetched a little before, timed from
  // when this one arrived (expires_in), unless the buyer has answered it by then (the server
  // still takes that answer for a while, and renews it when it says it expired).
  useEffect(() => {
    if (!challenge) return;
    const ms = challenge.expires_in * 1000 - RENEW_EARLY_MS;
    const timer = setTimeout(
      () => {
        const answer = formRef.current.values[CAPTCHA_FIELD];
        if (typeof answer !== 'string' || answer.trim() === '') setTick((t) => t + 1);
      },
      Math.max(ms, MIN_RENEW_MS),
    );
    return () => clearTimeout(timer);
  }, [challenge]);

  const refresh = useCallback(() => setTick((t) => t + 1), []);
  const ask = useCallback(() => {
    clearAnswer.current = true;
    setTick((t) => t + 1);
  }, []);

  const loaded: Check = () =>
    failed || (!challenge && !loading) ? MESSAGES.captchaUnavailable : undefined;
  const answered: Check = (v) =>
    typeof v === 'string' && v.trim() !== '' ? undefined : MESSAGES.captcha;
  return {
    enabled,
    challenge,
    loading,
    failed,
    refresh,
    ask,
    rule: { name: CAPTCHA_FIELD, label: 'Security question', checks: [loaded, answered] },
    solution() {
      if (!enabled) return undefined;
      const token = form.values[TOKEN_FIELD];
      const answer = form.values[CAPTCHA_FIELD];
      return typeof token === 'string' && token
        ? { token, answer: typeof answer === 'string' ? answer.trim() : '' }
        : undefined;
    },
  };
}

/** After a failed submit: a used or expired question must be replaced. */
export function captchaNeedsRefresh(fields: { path: string; message: string }[]): boolean {
  return fields.some(
    (f) =>
      f.path === '/captcha/token' ||
      (f.path.startsWith('/captcha') && /expired|already been used/i.test(f.message)),
  );
}

export function CaptchaField({ form, captcha }: { form: FormController; captcha: CaptchaHandle }) {
  if (!captcha.enabled) return null;
  const id = form.fieldId(CAPTCHA_FIELD);
  form.label(CAPTCHA_FIELD, 'Security question');
  const error = form.errorFor(CAPTCHA_FIELD);
  const value = form.values[CAPTCHA_FIELD];
  const question = captcha.challenge?.question;
  return (
    <div className={`fc-field fc-captcha${error ? ' fc-field--error' : ''}`}>
      <label className="fc-field__label" htmlFor={id}>
        Security question{question ? `: ${question}` : ''}
        <span className="fc-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <p className="fc-field__help" id={`${id}-help`} aria-live="polite">
        {captcha.loading
          ? 'Loading the question…'
          : captcha.failed
            ? MESSAGES.captchaUnavailable
            : 'Answer with a number. This helps us keep out spam.'}
      </p>
      {error && (
        <p className="fc-field__error" id={`${id}-error`}>
          <span className="fc-visually-hidden">Error: </span>
          {error}
        </p>
      )}
      <div className="fc-captcha__row">
        <input
          className="fc-input fc-captcha__input"
          id={id}
          name={CAPTCHA_FIELD}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          required
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-help`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          onChange={(e) => form.set(CAPTCHA_FIELD, e.target.value)}
        />
        <button
          type="button"
          className="fc-button fc-button--secondary fc-captcha__new"
          onClick={captcha.ask}
          disabled={captcha.loading}
        >
          New question
        </button>
      </div>
    </div>
  );
}
