/**
 * The rich-text field proper: a Tiptap editor (extensions.ts) with its toolbar and link
 * panel. Every change is stored as the sanitiser's output (rules.ts), so the value in
 * the document is exactly what the server will keep and the preview will show.
 */
import { Placeholder } from '@tiptap/extensions';
import { EditorState } from '@tiptap/pm/state';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useRef, useState } from 'react';
import { EXTENSIONS } from './extensions.ts';
import { LinkEditor } from './LinkEditor.tsx';
import { sanitizeHtml, storedHtml } from './rules.ts';
import { Toolbar } from './Toolbar.tsx';

export interface RichTextEditorProps {
  /** The editable's id (rjsf's field id: error links focus it). */
  id: string;
  label: string;
  value: string | undefined;
  onChange: (html: string | undefined) => void;
  onBlur?: (html: string | undefined) => void;
  onFocus?: (html: string | undefined) => void;
  disabled?: boolean;
  invalid?: boolean;
  /** Ids of the help and error texts that describe the field. */
  describedBy?: string;
  /**
   * The field's placeholder (`x-placeholder`, HTML): while the value is still it, the field
   * shows it greyed, empty underneath, as the other placeholders (docs/editor-guide.md,
   * "Placeholders"), so the first key typed replaces it.
   */
  placeholder?: string;
}

/** What the field holds for a value: nothing while the value is still the placeholder. */
const shown = (value: string | undefined, placeholder: string | undefined) =>
  sanitizeHtml(value === placeholder ? '' : (value ?? ''));

/** The words of a placeholder's HTML, as the field shows them greyed. */
export function placeholderWords(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

export function RichTextEditor({
  id,
  label,
  value,
  onChange,
  onBlur,
  onFocus,
  disabled = false,
  invalid,
  describedBy,
  placeholder,
}: RichTextEditorProps) {
  const [words] = useState(() => (placeholder ? placeholderWords(placeholder) : ''));
  // The value this field last stored: a value arriving that differs came from elsewhere
  // (the editor's undo, a merge, a reload) and replaces the text.
  const stored = useRef(value);
  const handlers = useRef({ onChange, onBlur, onFocus });
  handlers.current = { onChange, onBlur, onFocus };
  const [linkOpen, setLinkOpen] = useState(false);

  const editor = useEditor({
    extensions: words ? [...EXTENSIONS, Placeholder.configure({ placeholder: words })] : EXTENSIONS,
    content: shown(value, placeholder),
    editable: !disabled,
    editorProps: { attributes: editableAttributes(id, label, invalid, describedBy, words) },
    onUpdate: ({ editor: e }) => {
      const raw = storedHtml(e.getHTML());
      const clean = raw === undefined ? undefined : storedHtml(sanitizeHtml(raw));
      // The extensions only make what the sanitiser keeps; should that ever slip, the
      // field shows what is stored rather than something the site will never show.
      if (clean !== raw) e.commands.setContent(clean ?? '', { emitUpdate: false });
      stored.current = clean;
      handlers.current.onChange(clean);
    },
    onBlur: () => handlers.current.onBlur?.(stored.current),
    onFocus: () => handlers.current.onFocus?.(stored.current),
  });

  useEffect(() => {
    if (value === stored.current) return;
    stored.current = value;
    editor.commands.setContent(shown(value, placeholder), { emitUpdate: false });
    // The field's own undo steps were made on the text just replaced (by the editor's
    // Undo, say): undoing them now would fight that change, so they start afresh.
    editor.view.updateState(
      EditorState.create({ doc: editor.state.doc, plugins: editor.state.plugins }),
    );
    editor.view.dispatch(
      editor.state.tr.setMeta('addToHistory', false).setMeta('preventUpdate', true),
    );
  }, [editor, value, placeholder]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    editor.setOptions({
      editorProps: { attributes: editableAttributes(id, label, invalid, describedBy, words) },
    });
  }, [editor, id, label, invalid, describedBy, words]);

  return (
    <div className="fc-rt">
      <Toolbar
        editor={editor}
        label={label}
        disabled={disabled}
        linkOpen={linkOpen}
        onLink={() => setLinkOpen((open) => !open)}
      />
      {linkOpen && <LinkEditor editor={editor} onClose={() => setLinkOpen(false)} />}
      <EditorContent editor={editor} className="fc-rt-content" />
    </div>
  );
}

function editableAttributes(
  id: string,
  label: string,
  invalid: boolean | undefined,
  describedBy: string | undefined,
  placeholder: string,
): Record<string, string> {
  return {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-label': label,
    class: 'fc-rt-editable',
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(placeholder ? { 'aria-placeholder': placeholder } : {}),
  };
}
