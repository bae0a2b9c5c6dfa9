import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * A labelled page field with its help and its errors; its control (the one child) is
 * `aria-invalid` and described by the errors while it has any (docs/editor-design.md,
 * "Accessibility").
 */
export function PageField({
  id,
  label,
  help,
  errors,
  children,
}: {
  id: string;
  label: string;
  help: string;
  errors: string[];
  children: ReactNode;
}) {
  const control =
    errors.length && isValidElement(children)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, {
          'aria-invalid': true,
          'aria-describedby': `${id}-error`,
        })
      : children;
  return (
    <div className={`fc-field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {control}
      <small className="fc-help">{help}</small>
      {errors.length ? (
        <span id={`${id}-error`}>
          {errors.map((e) => (
            <small key={e} className="fc-error" role="alert">
              {e}
            </small>
          ))}
        </span>
      ) : null}
    </div>
  );
}
