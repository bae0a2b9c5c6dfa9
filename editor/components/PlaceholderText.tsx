/**
 * A text field whose value may still be its placeholder (`x-placeholder`: the words a new
 * block starts with, which publishing refuses; docs/editor-guide.md, "Placeholders"). While
 * the value is the placeholder the input is empty and shows it greyed, as a placeholder, so
 * the first key typed replaces it rather than adding to it.
 */
import type { WidgetProps } from '@rjsf/utils';

export function PlaceholderText(props: WidgetProps) {
  const { TextWidget } = props.registry.widgets;
  const waiting = typeof props.value === 'string' && props.value === props.placeholder;
  return <TextWidget {...props} value={waiting ? '' : props.value} />;
}
