/**
 * The rjsf widget for every property using the shared `html` definition (chosen in
 * editor/lib/schemas.ts): the toolbar editor, or — when the stored text holds something
 * the toolbar editor cannot keep (a table, an image) — the HTML itself in a text box, so
 * opening a block never loses part of its text. docs/editor-design.md, "Rich text".
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useMemo, useState } from 'react';
import { RichTextEditor } from './RichTextEditor.tsx';
import { sanitizeHtml, unkeptContent } from './rules.ts';

export function RichTextWidget(props: WidgetProps) {
  const { id, value, label, onChange, onBlur, onFocus, disabled, readonly, rawErrors } = props;
  const html = typeof value === 'string' ? value : undefined;
  // Decided when the field opens: typing HTML in the fallback box does not switch editors under the cursor.
  const [unkept] = useState(() => (html ? unkeptContent(sanitizeHtml(html)) : undefined));
  const describedBy = useMemo(
    () => ariaDescribedByIds(id, !!props.schema.examples),
    [id, props.schema.examples],
  );
  if (unkept) return <HtmlFallback {...props} reason={unkept} />;
  return (
    <RichTextEditor
      id={id}
      label={label}
      value={html}
      disabled={disabled || readonly}
      invalid={!!rawErrors?.length}
      describedBy={describedBy}
      placeholder={
        typeof props.schema['x-placeholder'] === 'string'
          ? props.schema['x-placeholder']
          : undefined
      }
      onChange={onChange}
      onBlur={(v) => onBlur(id, v)}
      onFocus={(v) => onFocus(id, v)}
    />
  );
}

function HtmlFallback({
  id,
  value,
  label,
  onChange,
  onBlur,
  onFocus,
  disabled,
  readonly,
  required,
  rawErrors,
  reason,
}: WidgetProps & { reason: string }) {
  const noteId = `${id}__rt-note`;
  return (
    <>
      <p id={noteId} className="fc-rt-hint">
        This text has {reason}, which the formatting toolbar cannot keep, so it is edited as HTML
        here. The site keeps only safe formatting.
      </p>
      <textarea
        id={id}
        className="fc-html"
        aria-label={`${label} (HTML)`}
        aria-describedby={noteId}
        aria-invalid={rawErrors?.length ? true : undefined}
        rows={8}
        spellCheck
        required={required}
        disabled={disabled}
        readOnly={readonly}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    </>
  );
}
