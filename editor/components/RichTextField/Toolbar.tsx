/**
 * The field's formatting toolbar: real buttons whose pressed state follows the cursor
 * (aria-pressed), one Tab stop with ←/→/Home/End between buttons (the ARIA toolbar
 * pattern), and Ctrl/Cmd+Z / Shift+Ctrl/Cmd+Z or Ctrl+Y undoing inside the field rather
 * than the editor's whole-document undo.
 */
import { useEditorState, type Editor } from '@tiptap/react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { HEADING_LEVELS, type Level } from './rules.ts';

interface ToolbarProps {
  editor: Editor;
  label: string;
  disabled: boolean;
  linkOpen: boolean;
  onLink: () => void;
}

/**
 * A heading button's name: it starts with the letters the button shows ("H2"), so staff who
 * speak a button's visible words reach it (WCAG 2.5.3; axe: label-content-name-mismatch).
 */
export const headingLabel = (level: number) => `H${level} heading`;

/**
 * The list buttons show drawn icons, not characters: a label of text ("1≡" was one) must be
 * part of the name (WCAG 2.5.3), and a drawing is not text, so "Bulleted list" and "Numbered
 * list" are their whole names. The numbered list's figures are strokes, not a font's digits.
 */
function ListIcon({ numbered }: { numbered?: boolean }) {
  const marks = numbered ? (
    <path d="M1.5 1.5 2.5 1v3.5M1 6h2.5v1.75H1V9.5h2.5M1 11h2.5v3.5H1m.5-1.75h2" fill="none" />
  ) : (
    <path d="M2.5 1.5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 1 0 0-2.5m0 5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 1 0 0-2.5m0 5a1.25 1.25 0 1 0 0 2.5 1.25 1.25 0 1 0 0-2.5" />
  );
  return (
    <svg
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="currentColor"
      stroke="currentColor"
      strokeWidth="1"
      focusable="false"
      className="fc-rt-icon"
    >
      {marks}
      <path d="M6 2.75h9M6 7.75h9M6 12.75h9" strokeWidth="1.5" />
    </svg>
  );
}

interface ButtonSpec {
  label: string;
  symbol: ReactNode;
  pressed?: boolean;
  /** For a button that opens a panel: whether it is open. */
  expanded?: boolean;
  enabled?: boolean;
  onClick: () => void;
}

export function Toolbar({ editor, label, disabled, linkOpen, onLink }: ToolbarProps) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: HEADING_LEVELS.find((level) => e.isActive('heading', { level })),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      undo: e.can().undo(),
      redo: e.can().redo(),
    }),
  });
  const [current, setCurrent] = useState(0);
  const run =
    (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
      command(editor.chain().focus()).run();
  const buttons: ButtonSpec[] = [
    { label: 'Bold', symbol: <b>B</b>, pressed: state.bold, onClick: run((c) => c.toggleBold()) },
    {
      label: 'Italic',
      symbol: <i>I</i>,
      pressed: state.italic,
      onClick: run((c) => c.toggleItalic()),
    },
    ...HEADING_LEVELS.map((level: Level) => ({
      label: headingLabel(level),
      symbol: `H${level}`,
      pressed: state.heading === level,
      onClick: run((c) => c.toggleHeading({ level })),
    })),
    {
      label: 'Bulleted list',
      symbol: <ListIcon />,
      pressed: state.bulletList,
      onClick: run((c) => c.toggleBulletList()),
    },
    {
      label: 'Numbered list',
      symbol: <ListIcon numbered />,
      pressed: state.orderedList,
      onClick: run((c) => c.toggleOrderedList()),
    },
    { label: 'Link', symbol: 'Link', pressed: state.link, expanded: linkOpen, onClick: onLink },
    {
      label: 'Undo in this field',
      symbol: '↶',
      enabled: state.undo,
      onClick: run((c) => c.undo()),
    },
    {
      label: 'Redo in this field',
      symbol: '↷',
      enabled: state.redo,
      onClick: run((c) => c.redo()),
    },
  ];
  const usable = (b: ButtonSpec) => !disabled && b.enabled !== false;
  // The one Tab stop: the button last used, unless it is disabled now (Undo with nothing to undo).
  const stop = buttons[current] && usable(buttons[current]) ? current : 0;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    const key = e.key.toLowerCase();
    if (mod && (key === 'z' || key === 'y')) {
      e.preventDefault();
      e.stopPropagation();
      if (key === 'y' || e.shiftKey) editor.commands.redo();
      else editor.commands.undo();
      return;
    }
    const els = [...e.currentTarget.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
    const at = els.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: els.length - 1 }[e.key];
    if (next === undefined || !els.length) return;
    e.preventDefault();
    const target = els[(next + els.length) % els.length];
    setCurrent(Number(target.dataset.index));
    target.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label={`${label}: formatting`}
      className="fc-rt-toolbar"
      onKeyDown={onKeyDown}
      onFocus={(e) =>
        e.target instanceof HTMLButtonElement && setCurrent(Number(e.target.dataset.index))
      }
    >
      {buttons.map((b, index) => (
        <button
          key={index}
          type="button"
          className="fc-rt-btn"
          aria-label={b.label}
          title={b.label}
          aria-pressed={b.pressed}
          aria-expanded={b.expanded}
          disabled={!usable(b)}
          tabIndex={index === stop ? 0 : -1}
          data-index={index}
          // Keeps the text selection: the command acts on what staff selected.
          onMouseDown={(e) => e.preventDefault()}
          onClick={b.onClick}
        >
          <span aria-hidden="true">{b.symbol}</span>
        </button>
      ))}
    </div>
  );
}
