/**
 * The small inline panel that adds, changes or removes the link on the selected text. It
 * is not a <form>: the field sits inside rjsf's form, and forms cannot nest. Enter applies,
 * Escape closes; either way focus goes back to the text.
 */
import type { Editor } from '@tiptap/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { isFieldHref } from './rules.ts';

interface LinkEditorProps {
  editor: Editor;
  onClose: () => void;
}

const LINK_KINDS =
  'a page of this site (/finance), an anchor (#hours), or an https://, mailto: or tel: address';
export const LINK_HINT = `Link to ${LINK_KINDS}.`;

export function LinkEditor({ editor, onClose }: LinkEditorProps) {
  const current = (editor.getAttributes('link').href as string | undefined) ?? '';
  const [href, setHref] = useState(current);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => input.current?.focus(), []);

  const close = () => {
    onClose();
    editor.commands.focus();
  };
  const apply = () => {
    const value = href.trim();
    if (!value) return remove();
    if (!isFieldHref(value)) {
      setError(`“${value}” cannot be a link here. Use ${LINK_KINDS}.`);
      input.current?.focus();
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    // With nothing selected, the address itself becomes the linked text.
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({
          type: 'text',
          text: value,
          marks: [{ type: 'link', attrs: { href: value } }],
        })
        .run();
    } else {
      chain.setLink({ href: value }).run();
    }
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      apply();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  };

  return (
    <div role="group" aria-label="Link" className="fc-rt-link" onKeyDown={onKeyDown}>
      <label htmlFor={`${id}-href`}>Link address</label>
      <input
        ref={input}
        id={`${id}-href`}
        type="text"
        inputMode="url"
        spellCheck={false}
        placeholder="/page, #anchor, https://…, mailto:…, tel:…"
        value={href}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          setHref(e.target.value);
          setError('');
        }}
      />
      <p
        id={`${id}-hint`}
        className={error ? 'fc-rt-error' : 'fc-rt-hint'}
        role={error ? 'alert' : undefined}
      >
        {error || LINK_HINT}
      </p>
      <span className="fc-rt-link-actions">
        <button type="button" onClick={apply}>
          {current ? 'Change link' : 'Add link'}
        </button>
        {current && (
          <button type="button" onClick={remove}>
            Remove link
          </button>
        )}
        <button type="button" onClick={close}>
          Cancel
        </button>
      </span>
    </div>
  );
}
