/**
 * Dealership select (docs/content-blocks.md, "Dealership select"): a labelled native <select> whose first
 * option is the placeholder "Please select a dealership...". With exactly one option it
 * is selected automatically, once (a visitor who then picks the placeholder again is
 * left alone). Used by the dealership-select block and by forms (name
 * "dealership_slug" by default, so it submits with the lead).
 *
 * Uncontrolled (no `value`): the single option is selected from the first render, so the
 * server and the browser agree. Controlled (`value` given): `onChange` is called once
 * after mount with the single option.
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type SelectHTMLAttributes,
} from 'react';
import type { ResolvedSite } from '../../engine/site/types.ts';
import './dealership-select.css';

export const DEALERSHIP_PLACEHOLDER = 'Please select a dealership...';

export interface DealershipOption {
  value: string;
  label: string;
}

/** The site's dealerships as options (value: dealership slug), in document order. */
export function dealershipOptions(site: Pick<ResolvedSite, 'dealerships'>): DealershipOption[] {
  return site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
}

export interface DealershipSelectProps extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'defaultValue' | 'onChange' | 'children'
> {
  options: readonly DealershipOption[];
  label?: string;
  /** Controlled value ('' for none). */
  value?: string;
  defaultValue?: string;
  onChange?(value: string, event?: ChangeEvent<HTMLSelectElement>): void;
  /** Error text shown under the field (and announced). */
  error?: string;
}

export function DealershipSelect({
  options,
  label = 'Dealership',
  value,
  defaultValue,
  onChange,
  error,
  id: givenId,
  name = 'dealership_slug',
  className,
  ...rest
}: DealershipSelectProps) {
  const autoId = useId();
  const id = givenId ?? `${autoId}-dealership`;
  const errorId = error ? `${id}-error` : undefined;
  const single = options.length === 1 ? options[0].value : undefined;
  const controlled = value !== undefined;
  const [own, setOwn] = useState(() => defaultValue ?? single ?? '');
  const current = controlled ? value : own;
  const autoSelected = useRef(false);

  // Auto-select once: tell the owner about the single option (selected from the first
  // render when uncontrolled), or pick it for a controlled select that has no value.
  useEffect(() => {
    if (autoSelected.current || single === undefined) return;
    autoSelected.current = true;
    if (controlled) {
      if (!current) onChange?.(single);
    } else if (!defaultValue && current === single) {
      onChange?.(single);
    }
  }, [single, current, controlled, defaultValue, onChange]);

  const change = (event: ChangeEvent<HTMLSelectElement>) => {
    if (!controlled) setOwn(event.target.value);
    onChange?.(event.target.value, event);
  };

  return (
    <div className={`fc-dealership-select${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="fc-dealership-select__label">
        {label}
        {/* The asterisk every required form field shows (the control's required attribute is what assistive technology reads). */}
        {rest.required && (
          <span className="fc-field__required fc-dealership-select__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <select
        {...rest}
        id={id}
        name={name}
        className="fc-dealership-select__control"
        value={current}
        onChange={change}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
      >
        <option value="">{DEALERSHIP_PLACEHOLDER}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="fc-dealership-select__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
