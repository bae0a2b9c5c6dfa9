/**
 * Labelled fields. Each shows its label (with "(optional)" when not required), an
 * optional help line and its inline error, wired to the control with aria-invalid and
 * aria-describedby. Values live in the form controller, so nothing typed is lost.
 */
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';
import type { FormController } from './useForm.ts';

interface BaseProps {
  form: FormController;
  name: string;
  label: string;
  required?: boolean;
  help?: ReactNode;
  className?: string;
}

function describedBy(form: FormController, name: string, help: boolean) {
  const id = form.fieldId(name);
  const ids = [help ? `${id}-help` : '', form.errorFor(name) ? `${id}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** What every single control needs to be labelled, required and announced with its help and error. */
function controlProps(
  form: FormController,
  name: string,
  required: boolean | undefined,
  help: boolean,
) {
  return {
    id: form.fieldId(name),
    name,
    required,
    'aria-invalid': form.errorFor(name) ? true : undefined,
    'aria-describedby': describedBy(form, name, help),
  } as const;
}

function Label({
  form,
  name,
  label,
  required,
  as = 'label',
}: BaseProps & { as?: 'label' | 'legend' }) {
  form.label(name, label);
  const content = (
    <>
      {label}
      {required ? (
        <span className="fc-field__required" aria-hidden="true">
          {' '}
          *
        </span>
      ) : (
        <span className="fc-field__optional"> (optional)</span>
      )}
    </>
  );
  return as === 'legend' ? (
    <legend className="fc-field__label">{content}</legend>
  ) : (
    <label className="fc-field__label" htmlFor={form.fieldId(name)}>
      {content}
    </label>
  );
}

function HelpAndError({ form, name, help }: Pick<BaseProps, 'form' | 'name' | 'help'>) {
  const id = form.fieldId(name);
  const error = form.errorFor(name);
  return (
    <>
      {help && (
        <p className="fc-field__help" id={`${id}-help`}>
          {help}
        </p>
      )}
      {error && (
        <p className="fc-field__error" id={`${id}-error`}>
          <span className="fc-visually-hidden">Error: </span>
          {error}
        </p>
      )}
    </>
  );
}

const fieldClass = (form: FormController, name: string, extra?: string) =>
  ['fc-field', form.errorFor(name) ? 'fc-field--error' : '', extra ?? ''].filter(Boolean).join(' ');

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'name' | 'value' | 'onChange' | 'required'
>;

export function TextField(
  props: BaseProps & InputProps & { transform?: (value: string) => string },
) {
  const { form, name, label, required, help, className, transform, ...input } = props;
  const value = form.values[name];
  return (
    <div className={fieldClass(form, name, className)}>
      <Label form={form} name={name} label={label} required={required} />
      <HelpAndError form={form} name={name} help={help} />
      <input
        className="fc-input"
        type="text"
        {...input}
        {...controlProps(form, name, required, Boolean(help))}
        value={typeof value === 'string' ? value : ''}
        onChange={(e: ChangeEvent<HTMLInputElement>) =>
          form.set(name, transform ? transform(e.target.value) : e.target.value)
        }
      />
    </div>
  );
}

export function TextAreaField(
  props: BaseProps & { rows?: number; maxLength?: number; placeholder?: string },
) {
  const {
    form,
    name,
    label,
    required,
    help,
    className,
    rows = 5,
    maxLength = 5000,
    placeholder,
  } = props;
  const value = form.values[name];
  return (
    <div className={fieldClass(form, name, className)}>
      <Label form={form} name={name} label={label} required={required} />
      <HelpAndError form={form} name={name} help={help} />
      <textarea
        className="fc-input fc-textarea"
        {...controlProps(form, name, required, Boolean(help))}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => form.set(name, e.target.value)}
      />
    </div>
  );
}

export interface Option {
  value: string;
  label: string;
}

export function SelectField(
  props: BaseProps & {
    options: Option[];
    placeholder?: string;
    onValueChange?: (value: string) => void;
  },
) {
  const { form, name, label, required, help, className, options, placeholder, onValueChange } =
    props;
  const value = form.values[name];
  return (
    <div className={fieldClass(form, name, className)}>
      <Label form={form} name={name} label={label} required={required} />
      <HelpAndError form={form} name={name} help={help} />
      <select
        className="fc-input fc-select"
        {...controlProps(form, name, required, Boolean(help))}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => {
          form.set(name, e.target.value);
          onValueChange?.(e.target.value);
        }}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function CheckboxField(props: BaseProps & { children?: ReactNode }) {
  const { form, name, label, required, help, className, children } = props;
  form.label(name, label);
  const id = form.fieldId(name);
  return (
    <div className={fieldClass(form, name, `fc-field--checkbox ${className ?? ''}`)}>
      <HelpAndError form={form} name={name} help={help} />
      <div className="fc-checkbox">
        <input
          type="checkbox"
          id={id}
          name={name}
          value="true"
          checked={form.values[name] === true}
          required={required}
          aria-invalid={form.errorFor(name) ? true : undefined}
          aria-describedby={describedBy(form, name, Boolean(help))}
          onChange={(e) => form.set(name, e.target.checked)}
        />
        <label htmlFor={id}>{children ?? label}</label>
      </div>
    </div>
  );
}

/** A group of radio buttons in a fieldset; the summary link goes to the first one. */
export function RadioGroupField(props: BaseProps & { options: Option[]; inline?: boolean }) {
  const { form, name, label, required, help, className, options, inline } = props;
  const id = form.fieldId(name);
  const value = form.values[name];
  return (
    <fieldset
      className={fieldClass(
        form,
        name,
        `fc-field--radios ${inline ? 'fc-field--inline' : ''} ${className ?? ''}`,
      )}
      aria-describedby={describedBy(form, name, Boolean(help))}
    >
      <Label form={form} name={name} label={label} required={required} as="legend" />
      <HelpAndError form={form} name={name} help={help} />
      <div className="fc-radios">
        {options.map((o, i) => (
          <div className="fc-radio" key={o.value}>
            {/* eslint-disable-next-line jsx-a11y/role-supports-aria-props -- each radio says the group is invalid: screen readers announce it on the radio they reach */}
            <input
              type="radio"
              id={i === 0 ? id : `${id}-${i}`}
              name={name}
              aria-invalid={form.errorFor(name) ? true : undefined}
              value={o.value}
              checked={value === o.value}
              onChange={() => form.set(name, o.value)}
            />
            <label htmlFor={i === 0 ? id : `${id}-${i}`}>{o.label}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}
