/**
 * A key typed into a text field reaches the store, and so the preview, before rjsf works the
 * form out again (docs/editor-design.md, "Speed"). rjsf reports a change once it has applied
 * it to its state (the defaults of the whole form worked out, the form rendered and
 * committed), which was about half of a keystroke's task. Here the text typed is handed on
 * first (`onTyped`, with the field's path) and, when taken, rjsf's own update runs in a React
 * transition, after the key's task; rjsf queues every change as a state updater and reports
 * it once committed, transitions included, so it ends where it would have. Only plain text
 * typed into a text input goes this way: every other change is rjsf's own, at once.
 */
import Form, { getDefaultRegistry } from '@rjsf/core';
import type { BaseInputTemplateProps, FieldPathList } from '@rjsf/utils';
import { startTransition, useCallback, useState } from 'react';

/** Whether the change rjsf is told about now was typed into a text input (set around its onChange). */
let typing = false;

/** Text typed into a field: whether the caller took it (its own update of what the form shows). */
export type OnTyped = (path: FieldPathList, value: string) => boolean;

type Change = Form['onChange'];

/** rjsf's Form, handing text typed into a field to `onTyped` before its own update, which then is a transition. */
export class TypingForm extends Form {
  declare props: Form['props'] & { onTyped?: OnTyped };

  constructor(props: Form['props'] & { onTyped?: OnTyped }) {
    super(props);
    const queue: Change = this.onChange;
    this.onChange = (newValue, path, newErrorSchema, id) => {
      const typed = typing && typeof newValue === 'string' && !newErrorSchema && path.length > 0;
      if (typed && this.props.onTyped?.(path, newValue))
        startTransition(() => queue(newValue, path, newErrorSchema, id));
      else queue(newValue, path, newErrorSchema, id);
    };
  }
}

const BaseInput = getDefaultRegistry().templates.BaseInputTemplate;

/**
 * rjsf's input, keeping what was typed shown while the form's update of it is pending (a
 * transition, see above): the input is controlled by the form's state, and React puts a
 * controlled input back to its value prop after each key, which until that update commits is
 * the one before the key. The prop wins again as soon as it is one of the values typed (the
 * update committed), or anything else (undo, another block, a reset).
 */
function PendingTextInput(props: BaseInputTemplateProps) {
  const [pending, setPending] = useState<{ typed: unknown[]; prop: unknown }>(() => ({
    typed: [],
    prop: props.value,
  }));
  let typed = pending.typed;
  if (pending.prop !== props.value) {
    const at = typed.lastIndexOf(props.value);
    typed = at >= 0 ? typed.slice(at + 1) : [];
    setPending({ typed, prop: props.value });
  }
  const { onChange } = props;
  const change = useCallback(
    (value: unknown) => {
      setPending((p) => ({ typed: [...p.typed, value], prop: p.prop }));
      typing = true;
      try {
        onChange(value);
      } finally {
        typing = false;
      }
    },
    [onChange],
  );
  const value = typed.length ? typed[typed.length - 1] : props.value;
  return <BaseInput {...props} value={value} onChange={change} />;
}

/** The input template: plain text inputs keep what was typed while the form catches up; others are rjsf's. */
export function TypingInputTemplate(props: BaseInputTemplateProps) {
  const text = props.schema.type === 'string' && (props.type ?? 'text') === 'text';
  return text ? <PendingTextInput {...props} /> : <BaseInput {...props} />;
}

/**
 * `root` with the text at `path` replaced by `value`, the objects on the way copied; undefined
 * unless there is text at that path already (anything else is left to the form's own update).
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
