/**
 * A modal dialog (native <dialog> opened with showModal): labelled by its heading, focus
 * moved into it on open (the element marked `data-autofocus`, else the first control)
 * and back to where it was on close, Escape closes it. Mount it to open it; `onClose`
 * unmounts it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export function Dialog(props: {
  title: ReactNode;
  /** A sentence under the title, read with it (aria-describedby). */
  description?: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the foot (the last is the main action). */
  actions?: ReactNode;
  className?: string;
  /** Where focus goes on close when the control that opened the dialog is gone or disabled (default: the element marked `data-dialog-fallback`). */
  fallbackFocus?: () => HTMLElement | null | undefined;
  /** Extra attributes for tests and styling. */
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;
  const fallback = useRef(props.fallbackFocus);
  fallback.current = props.fallbackFocus;

  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    const active = document.activeElement;
    const opener = active instanceof HTMLElement && active !== document.body ? active : null;
    if (!d.open) {
      try {
        d.showModal();
      } catch {
        // Without showModal (older browsers, jsdom): shown in place, still a labelled dialog.
        d.setAttribute('open', '');
      }
    }
    const target =
      d.querySelector<HTMLElement>('[data-autofocus]') ??
      d.querySelector<HTMLElement>(
        'input:not([disabled]), textarea, select, button:not([disabled]), a[href]',
      );
    target?.focus();
    return () => {
      if (d.open) {
        try {
          d.close();
        } catch {
          d.removeAttribute('open');
        }
      }
      // After React has removed the dialog: back to the opener, else the caller's choice.
      requestAnimationFrame(() => {
        const back =
          opener?.isConnected && !(opener as HTMLButtonElement).disabled
            ? opener
            : (fallback.current?.() ??
              document.querySelector<HTMLElement>('[data-dialog-fallback]'));
        back?.focus();
      });
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`fc-dialog ${props.className ?? ''}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={props.description ? `${id}-description` : undefined}
      aria-modal="true"
      data-testid={props.testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose.current();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          e.stopPropagation();
          onClose.current();
        }
      }}
    >
      <h2 id={`${id}-title`}>{props.title}</h2>
      {props.description && (
        <p id={`${id}-description`} className="fc-dialog-description">
          {props.description}
        </p>
      )}
      <div className="fc-dialog-body">{props.children}</div>
      {props.actions && <div className="fc-actions fc-dialog-actions">{props.actions}</div>}
    </dialog>
  );
}
