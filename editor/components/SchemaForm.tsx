/**
 * react-jsonschema-form, set up once for the editor: a draft 2020-12 validator that generates
 * no code (form-validator.ts), widgets chosen by shared definition, all
 * defined at module level so a re-render never remounts an input (the focus-loss trap).
 *
 * rjsf does not validate here (noValidate): the errors shown inline are the ones the
 * runtime's own validator found in the draft (`extraErrors`), so the form and the save
 * button never disagree.
 */
import type { IChangeEvent } from '@rjsf/core';
import type {
  ErrorSchema,
  IconButtonProps,
  RegistryFieldsType,
  RegistryWidgetsType,
  RJSFSchema,
  TemplatesType,
  UiSchema,
  WidgetProps,
} from '@rjsf/utils';
import {
  memo,
  useCallback,
  useId,
  useMemo,
  useRef,
  type ChangeEvent,
  type FocusEvent,
} from 'react';
import { formValidator } from '../lib/form-validator.ts';
import type { FormSchema } from '../lib/schemas.ts';
import {
  ChoiceTemplate,
  InvalidMarkingFieldTemplate,
  ItemTitle,
  NamedListItemField,
  OptionalObjectTemplate,
} from './form-templates.tsx';
import { AssetPicker } from './pickers/AssetPicker.tsx';
import { PagePicker } from './pickers/PagePicker.tsx';
import { RefPicker } from './pickers/RefPicker.tsx';
import { RichTextWidget } from './RichTextField/index.tsx';
import { PlaceholderText } from './PlaceholderText.tsx';
import { TypingForm, TypingInputTemplate } from './typing-form.tsx';

export interface FormContext {
  /** Routes of the site's pages: what link fields offer when no site is open (pickers/PagePicker.tsx). */
  paths: string[];
}

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

function fullHex(v: string) {
  return v.length === 4 ? `#${v[1]}${v[1]}${v[2]}${v[2]}${v[3]}${v[3]}` : v;
}

/**
 * The wiring every text-like widget shares with rjsf: state flags, errors, and change /
 * blur / focus reported by id; an emptied field becomes undefined (the property is left out).
 */
function textControl({
  id,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  required,
  rawErrors,
}: WidgetProps) {
  return {
    id,
    required,
    disabled,
    readOnly: readonly,
    'aria-invalid': rawErrors?.length ? true : undefined,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange(e.target.value === '' ? undefined : e.target.value),
    onBlur: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onBlur(id, e.target.value),
    onFocus: (e: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => onFocus(id, e.target.value),
  } as const;
}

function ColourWidget(props: WidgetProps) {
  const { value, onChange, disabled, readonly, label } = props;
  const text = typeof value === 'string' ? value : '';
  return (
    <span className="fc-colour">
      <input
        type="color"
        aria-label={`${label}: colour picker`}
        value={HEX.test(text) ? fullHex(text).toLowerCase() : '#000000'}
        disabled={disabled || readonly}
        onChange={(e) => onChange(e.target.value)}
      />
      <input
        {...textControl(props)}
        type="text"
        inputMode="text"
        spellCheck={false}
        placeholder="#rrggbb"
        value={text}
      />
    </span>
  );
}

/** Module level on purpose: a new object per render would remount every input. */
export const WIDGETS: RegistryWidgetsType = {
  colour: ColourWidget,
  href: PagePicker,
  imageSrc: AssetPicker,
  ref: RefPicker,
  html: RichTextWidget,
  placeholderText: PlaceholderText,
};

/** rjsf's array buttons draw Bootstrap glyph icons we do not ship; these say what they do. */
function textButton(text: string, symbol: string) {
  return function TextButton({
    icon: _icon,
    iconType,
    uiSchema: _ui,
    registry: _registry,
    className,
    title,
    ...rest
  }: IconButtonProps) {
    return (
      <button
        type="button"
        {...rest}
        className={`fc-form-btn${iconType === 'danger' ? ' fc-danger' : ''}${className ? ` ${className}` : ''}`}
        title={title ?? text}
        aria-label={title ?? text}
      >
        <span aria-hidden="true">{symbol}</span>
        {symbol === '+' ? ` ${text}` : ''}
      </button>
    );
  };
}

/** Module level on purpose, like the widgets. */
export const TEMPLATES: Partial<Omit<TemplatesType, 'ButtonTemplates'>> & {
  ButtonTemplates: Partial<TemplatesType['ButtonTemplates']>;
} = {
  ObjectFieldTemplate: OptionalObjectTemplate,
  TitleFieldTemplate: ItemTitle,
  FieldTemplate: InvalidMarkingFieldTemplate,
  BaseInputTemplate: TypingInputTemplate,
  MultiSchemaFieldTemplate: ChoiceTemplate,
  ButtonTemplates: {
    AddButton: textButton('Add', '+'),
    CopyButton: textButton('Copy', '⧉'),
    MoveUpButton: textButton('Move up', '↑'),
    MoveDownButton: textButton('Move down', '↓'),
    RemoveButton: textButton('Remove', '✕'),
    ClearButton: textButton('Clear', '✕'),
  },
};

/** List items named by their content (form-templates.tsx). Module level, like the widgets. */
export const FIELDS: RegistryFieldsType = { ArraySchemaField: NamedListItemField };

const NO_BUTTONS = <></>;

export interface SchemaFormProps {
  form: FormSchema;
  value: unknown;
  onChange: (value: unknown) => void;
  errors?: ErrorSchema;
  context: FormContext;
  /** Prefix of field ids (fields are `${idPrefix}_${path}`), so error links can focus them. */
  idPrefix?: string;
  label: string;
  /**
   * A key typed into a field that holds text goes to `onChange` without rjsf applying it
   * (typing-form.tsx); the form takes it when `value` is handed back with it. Only for a
   * parent that always hands back what it stored.
   */
  typedFirst?: boolean;
}

/** One rjsf form; re-renders only when its value, errors or schema change. */
export const SchemaForm = memo(function SchemaForm({
  form,
  value,
  onChange,
  errors,
  context,
  idPrefix = 'root',
  label,
  typedFirst = false,
}: SchemaFormProps) {
  const latest = useRef(onChange);
  latest.current = onChange;
  const handle = useCallback((e: IChangeEvent) => latest.current(e.formData), []);
  const typed = useCallback((formData: unknown) => latest.current(formData), []);
  const formId = useId();
  const data = useMemo(() => (value === undefined ? undefined : structuredClone(value)), [value]);
  return (
    <TypingForm
      id={formId}
      className="fc-form"
      aria-label={label}
      schema={form.schema as RJSFSchema}
      uiSchema={form.uiSchema as UiSchema}
      formData={data}
      validator={formValidator}
      widgets={WIDGETS}
      fields={FIELDS}
      templates={TEMPLATES}
      formContext={context}
      idPrefix={idPrefix}
      onChange={handle}
      onTyped={typedFirst ? typed : undefined}
      noValidate
      noHtml5Validate
      showErrorList={false}
      extraErrors={errors}
      onSubmit={() => undefined}
    >
      {NO_BUTTONS}
    </TypingForm>
  );
});
