/**
 * An accessible modal dialog on the native <dialog> element (WAI-ARIA APG dialog pattern):
 * opened with showModal() (the rest of the page becomes inert) where the browser has it,
 * focus moves into the dialog, Tab and Shift+Tab stay inside it, Escape or the close
 * button closes it, and focus returns to whatever opened it.
 */
import {
  useEffect,
  useId,
  useRef,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import './dialog.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface DialogProps {
  open: boolean;
  onClose(): void;
  title: ReactNode;
  children: ReactNode;
  className?: string;
  /** Label of the close button (visible). */
  closeLabel?: string;
}

export function Dialog({
  open,
  onClose,
  title,
  children,
  className,
  closeLabel = 'Close',
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = `${useId()}-title`;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open) {
      returnTo.current = (document.activeElement as HTMLElement | null) ?? null;
      if (!dialog.open) {
        if (typeof dialog.showModal === 'function') {
          try {
            dialog.showModal();
          } catch {
            dialog.setAttribute('open', '');
          }
        } else {
          dialog.setAttribute('open', '');
        }
      }
      const first = dialog.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? dialog).focus();
      return;
    }
    if (dialog.open || dialog.hasAttribute('open')) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      const target = returnTo.current;
      returnTo.current = null;
      if (target && target.isConnected) target.focus();
    }
  }, [open]);

  // The browser's own Escape handling fires "cancel": let React state decide instead.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onCancel = (event: Event) => {
      event.preventDefault();
      onClose();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
    if (!items.length) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  // A click on the backdrop (the dialog element itself, outside its content) closes it.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === ref.current) onClose();
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a click on the backdrop closes it; Escape is the dialog's own
    <dialog
      ref={ref}
      className={`fc-dialog${className ? ` ${className}` : ''}`}
      aria-labelledby={titleId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onClick={onClick}
    >
      <div className="fc-dialog__content">
        <div className="fc-dialog__header">
          <h2 className="fc-dialog__title" id={titleId}>
            {title}
          </h2>
          <button type="button" className="fc-dialog__close" onClick={onClose}>
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
              <path
                d="M6 6l12 12M18 6L6 18"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.25"
                strokeLinecap="round"
              />
            </svg>
            <span>{closeLabel}</span>
          </button>
        </div>
        <div className="fc-dialog__body">{children}</div>
      </div>
    </dialog>
  );
}
