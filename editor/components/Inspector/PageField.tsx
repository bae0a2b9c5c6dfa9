import type { ReactNode } from 'react';

/** A labelled page field with its help and its errors. */
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
  return (
    <div className={`fc-field${errors.length ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <small className="fc-help">{help}</small>
      {errors.map((e) => (
        <small key={e} className="fc-error" role="alert">
          {e}
        </small>
      ))}
    </div>
  );
}
