/**
 * rjsf templates and fields that make the generated forms read as staff expect
 * (docs/editor-design.md, "Forms"), all at module level like the widgets (the focus-loss trap):
 *
 * - an optional group of fields (an image {src, alt}) left empty is not marked required:
 *   its fields get their asterisks once staff start filling it in;
 * - list items are named by their content ("Gold Coast", "Book a service"), else their
 *   place ("2nd item"), instead of rjsf's "Locations-1*";
 * - a list item's heading carries no asterisk: an item that is there is there;
 * - every control of a field with a problem is `aria-invalid` (InvalidMarkingFieldTemplate);
 * - the choice of an anyOf / oneOf field (rjsf's select of its options) is labelled: by the
 *   field's own label ("Locations shown"), else "Kind of …" (ChoiceTemplate).
 */
import { getDefaultRegistry } from '@rjsf/core';
import {
  ADDITIONAL_PROPERTY_FLAG,
  getUiOptions,
  type FieldProps,
  type FieldTemplateProps,
  type MultiSchemaFieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
  type WidgetProps,
} from '@rjsf/utils';
import {
  cloneElement,
  isValidElement,
  useLayoutEffect,
  useMemo,
  useRef,
  type ReactElement,
} from 'react';
import { itemLabel } from '../../engine/document/words/field-words.ts';

const defaults = getDefaultRegistry();
const BaseObjectFieldTemplate = defaults.templates.ObjectFieldTemplate;
const BaseSchemaField = defaults.fields.SchemaField;
const BaseFieldTemplate = defaults.templates.FieldTemplate;

/** Marks the uiSchema of a list item, for its heading (see ItemTitle). */
const LIST_ITEM = 'fc:listItem';

/** Nothing typed in yet: undefined, '', [], or an object of such values. */
export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isEmptyValue);
  return false;
}

/**
 * A field's `x-visibleIf` (docs/editor-design.md, "Conditional fields"): shown only while the
 * named field beside it has a value, or, with `in`, one of those values.
 */
export interface VisibleIf {
  field: string;
  in?: unknown[];
}

export function isVisible(rule: VisibleIf | undefined, data: unknown): boolean {
  if (!rule) return true;
  const value = (data as Record<string, unknown> | undefined)?.[rule.field];
  return rule.in ? rule.in.includes(value) : !isEmptyValue(value) && value !== false;
}

/**
 * An object's fields, leaving out those whose `x-visibleIf` is not met; an optional object
 * still empty shows its fields without required marks (rjsf marks them by the object's own
 * `required`).
 */
export function OptionalObjectTemplate(props: ObjectFieldTemplateProps) {
  const schemas = (props.schema.properties ?? {}) as Record<string, { 'x-visibleIf'?: VisibleIf }>;
  const shown = props.properties.filter((p) =>
    isVisible(schemas[p.name]?.['x-visibleIf'], props.formData),
  );
  if (shown.length !== props.properties.length) props = { ...props, properties: shown };
  const isRoot = props.fieldPathId.path.length === 0;
  if (isRoot || props.required || !isEmptyValue(props.formData))
    return <BaseObjectFieldTemplate {...props} />;
  const properties = props.properties.map((p) => ({
    ...p,
    content: isValidElement(p.content)
      ? cloneElement(p.content as ReactElement<{ required?: boolean }>, { required: false })
      : p.content,
  }));
  return <BaseObjectFieldTemplate {...props} properties={properties} />;
}

/** A list item, titled by its content or place. */
export function NamedListItemField(props: FieldProps) {
  const { uiSchema, formData, index } = props as FieldProps & { index: number };
  const title = itemLabel(formData, index ?? 0);
  const ui = useMemo(
    () => ({ ...uiSchema, 'ui:title': title, [LIST_ITEM]: true }),
    [uiSchema, title],
  );
  // A text item is a value in the list, never "missing": no asterisk on "2nd item".
  const required = props.schema.type === 'object' ? props.required : false;
  return <BaseSchemaField {...props} uiSchema={ui} required={required} />;
}

/** rjsf's legend, without the asterisk on a list item's heading. */
export function ItemTitle({ id, title, required, uiSchema, optionalDataControl }: TitleFieldProps) {
  const marked = required && !uiSchema?.[LIST_ITEM];
  return (
    <legend id={id}>
      {title}
      {marked && <span className="required">*</span>}
      {optionalDataControl && <span className="pull-right">{optionalDataControl}</span>}
    </legend>
  );
}

/** Elements that take `aria-invalid` themselves; other ids name a group (checkboxes, a fieldset). */
const CONTROL =
  'input, select, textarea, [role="radiogroup"], [role="combobox"], [contenteditable]';

/**
 * Marks the control(s) of a field `aria-invalid` while the field has a problem: rjsf's own
 * widgets (select, textarea, checkbox, radio, number…) take no such prop, so the field's
 * template sets it on the element its id names (or, for a group of checkboxes, on each
 * option, whose ids are `{id}-{n}`). React never manages this attribute on those
 * elements, so it stays as set; the editor's own widgets set it as a prop, to the same value.
 * docs/editor-design.md, "Accessibility".
 */
export function InvalidMarkingFieldTemplate(props: FieldTemplateProps) {
  const { id, rawErrors, hidden } = props;
  const invalid = !hidden && !!rawErrors?.length;
  // Whether this template last marked its controls: a field that is valid and was valid has
  // nothing to clear, so a keystroke, which renders every field on its path, looks up nothing.
  const marked = useRef(false);
  useLayoutEffect(() => {
    if (!invalid && !marked.current) return;
    marked.current = invalid;
    const el = document.getElementById(id);
    if (!el) return;
    const targets = el.matches(CONTROL)
      ? [el]
      : [...el.querySelectorAll<HTMLElement>('input, select, textarea')].filter(
          (c) => c.id.startsWith(`${id}-`) && /^\d+$/.test(c.id.slice(id.length + 1)),
        );
    for (const t of targets) {
      if (invalid) t.setAttribute('aria-invalid', 'true');
      else t.removeAttribute('aria-invalid');
    }
  });
  // The field's label names the choice of option, its first control; each option's own field
  // keeps its label ("Kind of location"). A key-value entry's label stays on its key and value.
  const choice = choiceId(props);
  const labelFor = choice && !(ADDITIONAL_PROPERTY_FLAG in props.schema) ? choice : id;
  return <BaseFieldTemplate {...props} id={labelFor} />;
}

/**
 * The id of the select rjsf's MultiSchemaField draws for an anyOf / oneOf field's options
 * (`{id}__anyof_select`), when it draws one: not for a choice of constants (a plain select)
 * nor when a custom field replaces the choice.
 */
function choiceId({ id, schema, uiSchema, registry }: FieldTemplateProps): string | undefined {
  if (!schema.anyOf && !schema.oneOf) return undefined;
  const ui = getUiOptions(uiSchema);
  if ((ui.field && ui.fieldReplacesAnyOrOneOf === true) || registry.schemaUtils.isSelect(schema))
    return undefined;
  return `${id}${schema.oneOf ? '__oneof_select' : '__anyof_select'}`;
}

/** "Kind of sign-in" for a field titled "Sign-in" (an acronym keeps its capitals). */
export function kindOf(title: string): string {
  const lower = /^\p{Lu}\p{Ll}/u.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
  return `Kind of ${lower}`;
}

/**
 * An anyOf / oneOf field: the select of its options, then the chosen option's fields. rjsf
 * draws that select without a label; where the field's own label is not there to name it (a
 * group of fields, which rjsf labels not at all; a key-value entry; `ui:label` false), it
 * gets "Kind of {title}".
 */
export function ChoiceTemplate({
  schema,
  selector,
  optionSchemaField,
}: MultiSchemaFieldTemplateProps) {
  const widget = isValidElement<WidgetProps>(selector) ? selector.props : undefined;
  const unnamed = widget && (widget.hideLabel || ADDITIONAL_PROPERTY_FLAG in schema);
  return (
    <div className="panel panel-default panel-body">
      <div className="form-group">
        {unnamed && (
          <label className="control-label" htmlFor={widget.id}>
            {kindOf(widget.label)}
          </label>
        )}
        {selector}
      </div>
      {optionSchemaField}
    </div>
  );
}
