/**
 * The two in-place editors, laid over the text they edit (which is hidden meanwhile, and
 * keeps being re-rendered underneath as each change comes back from the editor):
 * - plain text: an editable line in the text's own typography; Enter keeps it, Escape puts
 *   the text back as it was, leaving the field (a click elsewhere) keeps it;
 * - rich text: the form's own rich-text editor (Bold, Italic, headings, lists, Link, through
 *   the same sanitiser), its toolbar above the text; Escape or Done finishes, a click
 *   outside too. Every change is already in the editor's history, so Ctrl+Z there undoes it.
 */
import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { RichTextEditor } from '../RichTextField/RichTextEditor.tsx';
import type { Editing } from './InlineEditing.tsx';

interface EditorProps {
  editing: Editing;
  onChange: (value: string | undefined) => void;
  /** `focus`: give focus back to the text's button (not when the user clicked elsewhere). */
  onDone: (focus: boolean) => void;
}

const TYPOGRAPHY = [
  'fontFamily',
  'fontSize',
  'fontWeight',
  'fontStyle',
  'lineHeight',
  'letterSpacing',
  'textTransform',
  'textAlign',
  'color',
  'paddingTop',
  'paddingRight',
  'paddingBottom',
  'paddingLeft',
] as const;

function layOver(el: HTMLElement, over: HTMLElement) {
  const r = over.getBoundingClientRect();
  el.style.top = `${r.top + scrollY}px`;
  el.style.left = `${r.left + scrollX}px`;
  el.style.width = `${r.width}px`;
  el.style.minHeight = `${r.height}px`;
}

/** Lays `ref` over the edited text (hidden meanwhile) and keeps it there as the preview re-renders. */
function useLaidOver(
  ref: React.RefObject<HTMLElement | null>,
  over: HTMLElement,
  typography: boolean,
) {
  useLayoutEffect(() => {
    const el = ref.current!;
    if (typography) {
      const style = getComputedStyle(over);
      for (const p of TYPOGRAPHY) el.style[p] = style[p];
    }
    layOver(el, over);
    const before = over.style.visibility;
    over.style.visibility = 'hidden';
    const follow = () => layOver(el, over);
    window.addEventListener('fc-preview-rendered', follow);
    window.addEventListener('resize', follow);
    return () => {
      over.style.visibility = before;
      window.removeEventListener('fc-preview-rendered', follow);
      window.removeEventListener('resize', follow);
    };
  }, [ref, over, typography]);
}

const lineOf = (el: HTMLElement) => (el.textContent ?? '').replace(/\s*\n\s*/g, ' ');

export function PlainTextEditor({ editing, onChange, onDone }: EditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [original] = useState(editing.value);
  const finished = useRef(false);
  useLaidOver(ref, editing.el, true);
  useLayoutEffect(() => {
    const el = ref.current!;
    el.textContent = original;
    el.focus();
    getSelection()?.selectAllChildren(el);
  }, [original]);
  const finish = (focus: boolean) => {
    if (finished.current) return;
    finished.current = true;
    onDone(focus);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      finish(true);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (lineOf(ref.current!) !== original) onChange(original);
      finish(true);
    }
  };
  return (
    // eslint-disable-next-line jsx-a11y/interactive-supports-focus, jsx-a11y/role-supports-aria-props -- contentEditable makes it focusable; the description tells its keys
    <div
      ref={ref}
      className="fc-inline-text"
      role="textbox"
      aria-label={`${editing.label} of ${editing.name}`}
      aria-description="Enter keeps the text, Escape puts it back"
      contentEditable="plaintext-only"
      suppressContentEditableWarning
      spellCheck
      onInput={() => {
        const text = lineOf(ref.current!);
        onChange(text.trim() ? text : undefined);
      }}
      onKeyDown={onKeyDown}
      onBlur={() => finish(false)}
    />
  );
}

export function RichTextOverlay({ editing, onChange, onDone }: EditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [initial] = useState(editing.value);
  useLaidOver(ref, editing.el, false);
  useLayoutEffect(() => {
    const content = ref.current!.querySelector<HTMLElement>('.fc-rt-content');
    const style = getComputedStyle(editing.el);
    if (content) for (const p of TYPOGRAPHY) content.style[p] = style[p];
    ref.current!.querySelector<HTMLElement>('.fc-rt-editable')?.focus();
  }, [editing.el]);
  useEffect(() => {
    const onPointerDown = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onDone(false);
    };
    document.addEventListener('pointerdown', onPointerDown, true);
    return () => document.removeEventListener('pointerdown', onPointerDown, true);
  }, [onDone]);
  return (
    <div
      ref={ref}
      className="fc-inline-rich"
      role="group"
      aria-label={`Editing ${editing.label} of ${editing.name}`}
      onKeyDown={(e) => {
        // The link panel handles its own Escape (and stops it there).
        if (e.key === 'Escape') {
          e.preventDefault();
          onDone(true);
        }
      }}
    >
      <RichTextEditor
        id={`fc-inline-${editing.blockId}-${editing.path.join('-')}`}
        label={`${editing.label} of ${editing.name}`}
        value={initial}
        onChange={onChange}
      />
      <div className="fc-inline-rich-foot">
        <span>Escape or Done to finish</span>
        <button type="button" onClick={() => onDone(true)}>
          Done
        </button>
      </div>
    </div>
  );
}
