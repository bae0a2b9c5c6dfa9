/**
 * The frame of every form: the error summary ("Please fix the following errors:",
 * one linked item per error, focused after a failed submit), the destructive alert
 * with the form-level error, the <form> itself (aria-busy while sending) and the
 * submit button with its states.
 */
import type { FormEvent, MouseEvent, ReactNode } from 'react';
import { MESSAGES } from './messages.ts';
import type { FormController } from './useForm.ts';
import type { Block } from '../../engine/site/types.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import './forms.css';

export function ErrorSummary({ form }: { form: FormController }) {
  const headingId = `${form.id}-summary-heading`;
  if (!form.errors.length) return null;
  const go = (event: MouseEvent<HTMLAnchorElement>, name: string) => {
    const el = document.getElementById(form.fieldId(name));
    if (!el) return;
    event.preventDefault();
    el.focus();
    el.scrollIntoView?.({ block: 'center' });
  };
  return (
    <div
      className="fc-error-summary"
      ref={form.summaryRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      role="group"
    >
      <h3 className="fc-error-summary__heading" id={headingId}>
        {MESSAGES.summaryHeading}
      </h3>
      <ul className="fc-error-summary__list">
        {form.errors.map((e) => (
          <li key={e.name}>
            <a href={`#${form.fieldId(e.name)}`} onClick={(ev) => go(ev, e.name)}>
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FormAlert({ form, onRetry }: { form: FormController; onRetry?: () => void }) {
  // Always in the page so screen readers announce the text when it appears.
  return (
    <div className="fc-form-alert-region" role="alert">
      {form.formError && (
        <div className="fc-form-alert fc-form-alert--destructive" ref={form.alertRef} tabIndex={-1}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="22" height="22">
            <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
            <path
              d="M12 7v6M12 16.5v.5"
              stroke="currentColor"
              strokeWidth="2.4"
              strokeLinecap="round"
            />
          </svg>
          <p>{form.formError}</p>
          {onRetry && (
            <button type="button" className="fc-button fc-form-alert__retry" onClick={onRetry}>
              {MESSAGES.retry}
            </button>
          )}
        </div>
      )}
    </div>
  );
}

export function SubmitButton({
  form,
  children,
  busyLabel = 'Sending…',
}: {
  form: FormController;
  children: ReactNode;
  busyLabel?: string;
}) {
  const submitting = form.status === 'submitting';
  return (
    <button
      type="submit"
      className="fc-button fc-form__submit"
      disabled={!form.hydrated || submitting}
      aria-disabled={submitting || undefined}
      data-state={form.status}
    >
      {submitting && <span className="fc-spinner" aria-hidden="true" />}
      <span>{submitting ? busyLabel : children}</span>
    </button>
  );
}

export interface FormFrameProps {
  form: FormController;
  onSubmit(): void;
  children: ReactNode;
  /** Accessible name of the form (the heading's id). */
  labelledBy?: string;
  className?: string;
  id?: string;
  /** Shown when scripts do not run (the forms send through the API with JavaScript). */
  noScript?: ReactNode;
  /** Offered in the alert after a failure that may be retried (useLeadSubmit's retry). */
  onRetry?: () => void;
}

export function FormFrame({
  form,
  onSubmit,
  children,
  labelledBy,
  className,
  id,
  noScript,
  onRetry,
}: FormFrameProps) {
  const handle = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      id={id}
      className={['fc-form', className].filter(Boolean).join(' ')}
      onSubmit={handle}
      noValidate={form.hydrated}
      aria-labelledby={labelledBy}
      aria-busy={form.status === 'submitting'}
      data-status={form.status}
    >
      <noscript>
        <p className="fc-form__noscript">
          {noScript ?? 'This form needs JavaScript. Please turn it on, or call us instead.'}
        </p>
      </noscript>
      <ErrorSummary form={form} />
      <FormAlert form={form} onRetry={onRetry} />
      {children}
    </form>
  );
}

/** "Step 1 of 2: Your details", announced and focused when the step changes. */
export function StepHeading({
  step,
  count,
  title,
  id,
}: {
  step: number;
  count: number;
  title: string;
  id: string;
}) {
  if (count < 2) return null;
  return (
    <h3 className="fc-form__step" id={id} tabIndex={-1}>
      <span className="fc-form__step-count">
        Step {step} of {count}
      </span>
      <span className="fc-visually-hidden">: </span>
      <span className="fc-form__step-title">{title}</span>
    </h3>
  );
}

/**
 * The page section around a lead form: heading, optional intro, then the form. Its root
 * carries id={block.id}, so links jump to the form (blocks using it set `ownAnchor`).
 */
interface FormSectionProps {
  block: Block;
  /** Modifier class, e.g. fc-parts-request. */
  className: string;
  heading: string;
  intro?: string;
  /** The section's content, given the heading's id (forms are labelled by it). */
  children: (headingId: string) => ReactNode;
}

export function FormSection({ block, className, heading, intro, children }: FormSectionProps) {
  const { t } = useSite();
  const headingId = `${block.id}-heading`;
  return (
    <section
      className={`fc-form-block ${className}`}
      aria-labelledby={headingId}
      id={block.id}
      data-block-id={block.id}
    >
      <div className="fc-container fc-form-block__inner">
        <h2 id={headingId} className="fc-form-block__heading">
          {t(heading)}
        </h2>
        {intro && <p className="fc-form-block__intro">{t(intro)}</p>}
        {children(headingId)}
      </div>
    </section>
  );
}
