/**
 * Text typed into a block's form reaches the store, and so the preview, without rjsf working
 * the whole form out again for each key (docs/editor-design.md, "Typing: the text input owns
 * its text"). rjsf applies a change by copying the form's data, filling the defaults of the
 * whole schema, rendering every field on the path and committing; on a block with a list of
 * cards that was most of a key's task.
 *
 * So a key typed into a plain text input, where the form already holds text, is handed on
 * as the form's data with that one text replaced (`onTyped`), and rjsf's own state is left as
 * it was: the input shows what was typed from its own state meanwhile. rjsf catches up when
 * its parent hands it the stored data again, which the block form does when the keys pause or
 * focus leaves the field. There is one owner of the text at a time: the input while rjsf has
 * not caught up, the form's data as soon as it has (or as soon as it holds anything else:
 * undo, another block). Everything else (an emptied field, a field with no text yet, a list
 * item added, a choice) is rjsf's own change, at once.
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { BaseInputTemplateProps, FieldPathList } from '@rjsf/utils';
import { useCallback, useState } from 'react';

/** Set while a text input reports a key, so the form knows the change was typed. */
let typing = false;
/** Set by the form when it handed the typed key on and left its own state as it was. */
let handedOn = false;

/** The form's data with a typed key in it: the caller stores it (and hands it back later). */
export type OnTyped = (formData: unknown) => void;

/** rjsf's Form, handing text typed into a field that holds text to `onTyped` instead of applying it. */
export class TypingForm extends Form {
  declare props: Form['props'] & { onTyped?: OnTyped };
  /** The data last handed on, until the parent hands data back: keys typed since, in any field. */
  private handed: unknown;

  constructor(props: Form['props'] & { onTyped?: OnTyped }) {
    super(props);
    const apply: Form['onChange'] = this.onChange;
    this.onChange = (newValue, path, newErrorSchema, id) => {
      const onTyped = this.props.onTyped;
      const typed =
        typing && onTyped && typeof newValue === 'string' && newValue !== '' && !newErrorSchema;
      const formData = typed
        ? withText(this.handed ?? this.state.formData, path, newValue)
        : undefined;
      if (formData === undefined) {
        // rjsf's own change applies to its state, so that state first takes what was typed.
        if (this.handed !== undefined) this.setState({ formData: this.handed });
        this.handed = undefined;
        return apply(newValue, path, newErrorSchema, id);
      }
      this.handed = formData;
      handedOn = true;
      onTyped!(formData);
    };
  }

  override componentDidUpdate(...args: Parameters<Form['componentDidUpdate']>) {
    // Whatever the parent hands now holds every key handed on (it stored each one at once).
    if (this.props.formData !== args[0].formData) this.handed = undefined;
    super.componentDidUpdate(...args);
  }
}

const BaseInput = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * rjsf's text input, showing what was typed while the form has not taken it (see above). The
 * form's value wins again as soon as it is one of the values typed (the keys after it are
 * still shown), or anything else (undo, a reset, another block).
 */
function TypedTextInput(props: BaseInputTemplateProps) {
  const [own, setOwn] = useState<{ typed: unknown[]; prop: unknown }>(() => ({
    typed: [],
    prop: props.value,
  }));
  let typed = own.typed;
  if (own.prop !== props.value) {
    const at = typed.lastIndexOf(props.value);
    typed = at >= 0 ? typed.slice(at + 1) : [];
    setOwn({ typed, prop: props.value });
  }
  const { onChange } = props;
  const change = useCallback(
    (value: unknown) => {
      typing = true;
      handedOn = false;
      try {
        onChange(value);
      } finally {
        typing = false;
      }
      if (handedOn) setOwn((o) => ({ typed: [...o.typed, value], prop: o.prop }));
    },
    [onChange],
  );
  const value = typed.length ? typed[typed.length - 1] : props.value;
  return <BaseInput {...props} value={value} onChange={change} />;
}

/** The input template: plain text inputs may own what was typed for a while; others are rjsf's. */
export function TypingInputTemplate(props: BaseInputTemplateProps) {
  const text = props.schema.type === 'string' && (props.type ?? 'text') === 'text';
  return text ? <TypedTextInput {...props} /> : <BaseInput {...props} />;
}

/**
 * `root` with the text at `path` replaced by `value`, the objects on the way copied;
 * undefined unless there is text at that path already (anything else is the form's own change).
 */
export function withText<T>(root: T, path: FieldPathList, value: string): T | undefined {
  if (!path.length || typeof root !== 'object' || root === null) return undefined;
  const [key, ...rest] = path;
  const list = Array.isArray(root);
  if (list ? typeof key !== 'number' || key >= root.length : !Object.hasOwn(root, key))
    return undefined;
  const child = (root as Record<string | number, unknown>)[key];
  const next = rest.length
    ? withText(child, rest, value)
    : typeof child === 'string'
      ? value
      : undefined;
  if (next === undefined) return undefined;
  const copy = (list ? [...(root as unknown[])] : { ...root }) as Record<string | number, unknown>;
  copy[key] = next;
  return copy as T;
}
