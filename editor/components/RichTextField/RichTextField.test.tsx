/**
 * The rich-text field (docs/editor-design.md, "Rich text"): toolbar buttons with pressed state,
 * links limited to safe schemes, and output that the server's sanitiser leaves unchanged.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Editor } from '@tiptap/react';
import { useState } from 'react';
import { sanitizeHtml as serverSanitize } from '../../../engine/sanitize/html.server.ts';
import { EXTENSIONS } from './extensions.ts';
import { RichTextEditor } from './RichTextEditor.tsx';
import { headingLabel } from './Toolbar.tsx';
import { storedHtml, unkeptContent } from './rules.ts';

function Field({
  initial,
  onChange,
}: {
  initial?: string;
  onChange: (v: string | undefined) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <RichTextEditor
      id="root_html"
      label="Text"
      value={value}
      onChange={(v) => {
        setValue(v);
        onChange(v);
      }}
    />
  );
}

function setup(initial = '<p>Hello world</p>') {
  const onChange = vi.fn();
  render(<Field initial={initial} onChange={onChange} />);
  const editable = document.getElementById('root_html')!;
  // The editor instance ProseMirror keeps on its view's DOM (selection is set through it).
  const editor = (editable as unknown as { editor: Editor }).editor;
  const last = () => onChange.mock.calls.at(-1)?.[0] as string | undefined;
  return { editable, editor, onChange, last };
}

/** Selects the text `word` in the field, as staff would by dragging over it. */
function select(editor: Editor, word: string) {
  let from = -1;
  editor.state.doc.descendants((node, pos) => {
    if (from < 0 && node.isText && node.text!.includes(word)) from = pos + node.text!.indexOf(word);
  });
  act(() => {
    editor.commands.setTextSelection({ from, to: from + word.length });
  });
}

describe('rich-text field', () => {
  it('is a labelled multi-line text box with a labelled toolbar', () => {
    const { editable } = setup();
    expect(editable.getAttribute('role')).toBe('textbox');
    expect(editable.getAttribute('aria-label')).toBe('Text');
    expect(editable.getAttribute('contenteditable')).toBe('true');
    screen.getByRole('toolbar', { name: 'Text: formatting' });
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Bold',
      'Italic',
      ...[2, 3, 4, 5].map(headingLabel),
      'Bulleted list',
      'Numbered list',
      'Link',
      'Undo in this field',
      'Redo in this field',
    ]);
  });

  it("names each toolbar button with the words it shows (WCAG 2.5.3; axe's label-content-name-mismatch)", () => {
    setup();
    for (const button of screen.getAllByRole('button')) {
      const name = button
        .getAttribute('aria-label')!
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u);
      // Words and figures shown; a lone letter (B, I) is a symbol, like the arrows of undo.
      const shown = (button.textContent ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const words = shown.filter((w) => w.length > 1 || /\p{N}/u.test(w));
      expect(
        words.filter((w) => !name.includes(w)),
        button.getAttribute('aria-label')!,
      ).toEqual([]);
    }
    // The list buttons show drawings, with nothing shown as text.
    for (const name of ['Bulleted list', 'Numbered list']) {
      const button = screen.getByRole('button', { name });
      expect(button.textContent).toBe('');
      expect(button.querySelector('svg')).not.toBeNull();
    }
  });

  it('makes the selected text bold from the toolbar, with the button pressed while the cursor is in it', () => {
    const { editor, last } = setup();
    const bold = screen.getByRole('button', { name: 'Bold' });
    select(editor, 'world');
    expect(bold.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(bold);
    expect(last()).toBe('<p>Hello <strong>world</strong></p>');
    expect(bold.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(bold);
    expect(last()).toBe('<p>Hello world</p>');
    expect(bold.getAttribute('aria-pressed')).toBe('false');
  });

  it('turns a paragraph into a heading and lists, and undoes inside the field', () => {
    const { editor, last } = setup('<p>Opening hours</p>');
    select(editor, 'Opening');
    fireEvent.click(screen.getByRole('button', { name: headingLabel(3) }));
    expect(last()).toBe('<h3>Opening hours</h3>');
    expect(screen.getByRole('button', { name: headingLabel(3) }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    fireEvent.click(screen.getByRole('button', { name: headingLabel(3) }));
    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    // Stored as the site stores lists: no paragraph inside a one-line item.
    expect(last()).toBe('<ul><li>Opening hours</li></ul>');
    fireEvent.click(screen.getByRole('button', { name: 'Undo in this field' }));
    expect(last()).toBe('<p>Opening hours</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Redo in this field' }));
    expect(last()).toBe('<ul><li>Opening hours</li></ul>');
  });

  it('adds a link with the chosen address to the selected text, changes it and removes it', () => {
    const { editor, last } = setup('<p>See our finance offers</p>');
    select(editor, 'finance offers');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    expect(document.activeElement).toBe(address);
    fireEvent.change(address, { target: { value: '/finance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(last()).toBe('<p>See our <a href="/finance">finance offers</a></p>');
    expect(screen.queryByRole('textbox', { name: 'Link address' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Link' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const again = screen.getByRole('textbox', { name: 'Link address' }) as HTMLInputElement;
    expect(again.value).toBe('/finance');
    fireEvent.change(again, { target: { value: 'tel:+61 3 9000 0000' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(last()).toBe('<p>See our <a href="tel:+61 3 9000 0000">finance offers</a></p>');

    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove link' }));
    expect(last()).toBe('<p>See our finance offers</p>');
  });

  it.each([
    'javascript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<b>x</b>',
    '//evil.example',
    'http://example.com',
    'vbscript:x',
  ])('refuses the unsafe link %s and says what is allowed', (href) => {
    const { editor, onChange } = setup('<p>Click here</p>');
    select(editor, 'here');
    fireEvent.click(screen.getByRole('button', { name: 'Link' }));
    const address = screen.getByRole('textbox', { name: 'Link address' });
    fireEvent.change(address, { target: { value: href.replace('\\t', '\t') } });
    fireEvent.click(screen.getByRole('button', { name: 'Add link' }));
    expect(onChange).not.toHaveBeenCalled();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toMatch(
      /cannot be a link here\. Use a page of this site/,
    );
    expect(editor.getHTML()).not.toContain('<a');
  });

  it('keeps unsafe links and markup out of text that is loaded or pasted', () => {
    const { editor, last } = setup('<p>Hi <a href="javascript:alert(1)">there</a></p>');
    expect(editor.getHTML()).toBe('<p>Hi there</p>');
    act(() => {
      editor.commands.setTextSelection(editor.state.doc.content.size - 1);
      // jsdom has no ClipboardEvent; a plain "paste" event is what ProseMirror needs of it.
      editor.view.pasteHTML(
        '<a href="javascript:alert(2)" onclick="x()">more</a><img src="x" onerror="alert(3)"><script>alert(4)</script><code>c</code>',
        new Event('paste') as ClipboardEvent,
      );
    });
    expect(last()).toBe('<p>Hi theremorec</p>');
  });

  it('stores what the server’s sanitiser keeps, unchanged, for everything the field can make', () => {
    const { editor, last } = setup('<p>x</p>');
    const everything =
      '<h2>Two</h2><h3>Three</h3><h4>Four</h4><h5>Five</h5>' +
      '<p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> a<br>b <a href="https://example.com/x?y=1&amp;z=2">web</a> <a href="mailto:sales@example.com">mail</a> <a href="#hours">anchor</a></p>' +
      '<ul><li>one</li><li><p>two</p><ul><li>nested</li></ul></li></ul><ol start="3" type="a"><li>first</li></ol>' +
      '<blockquote><p>quote</p></blockquote><hr><p>“quotes” &amp; ampersands &lt;tags&gt; and\u00a0spaces</p>';
    act(() => {
      editor.commands.setContent(everything, { emitUpdate: true });
    });
    const out = last()!;
    expect(out).toContain('<strong>b</strong>');
    expect(out).toContain('<ol><li>first</li></ol>');
    expect(serverSanitize(out)).toBe(out);
    // Typing a numbered list from "3. " would start at 3, which the sanitiser drops: the field counts from 1.
    expect(out).not.toMatch(/start=|type=/);
  });

  it('keeps the editor’s own schema within the sanitiser: every node and mark serialises to kept HTML', () => {
    const editor = new Editor({ extensions: EXTENSIONS, content: '<p>a</p>' });
    const { nodes, marks } = editor.schema;
    expect(Object.keys(nodes).sort()).toEqual([
      'blockquote',
      'bulletList',
      'doc',
      'hardBreak',
      'heading',
      'horizontalRule',
      'listItem',
      'orderedList',
      'paragraph',
      'text',
    ]);
    expect(Object.keys(marks).sort()).toEqual(['bold', 'italic', 'link', 'strike', 'underline']);
    editor.destroy();
  });

  it('replaces its text when the value changes elsewhere (the editor’s undo, a merge)', () => {
    function Outer() {
      const [value, setValue] = useState<string | undefined>('<p>one</p>');
      return (
        <>
          <button type="button" onClick={() => setValue('<p>two <strong>bold</strong></p>')}>
            outside
          </button>
          <RichTextEditor id="f" label="Text" value={value} onChange={setValue} />
        </>
      );
    }
    render(<Outer />);
    const editor = (document.getElementById('f') as unknown as { editor: Editor }).editor;
    act(() => {
      editor.commands.insertContent('!');
    });
    expect(screen.getByRole('button', { name: 'Undo in this field' })).toHaveProperty(
      'disabled',
      false,
    );
    fireEvent.click(screen.getByRole('button', { name: 'outside' }));
    expect(document.getElementById('f')!.innerHTML).toBe('<p>two <strong>bold</strong></p>');
    // The field's undo steps belonged to the replaced text: none are left to fight the change.
    expect(screen.getByRole('button', { name: 'Undo in this field' })).toHaveProperty(
      'disabled',
      true,
    );
    act(() => {
      editor.commands.insertContent('?');
    });
    fireEvent.click(screen.getByRole('button', { name: 'Undo in this field' }));
    expect(document.getElementById('f')!.innerHTML).toBe('<p>two <strong>bold</strong></p>');
  });

  it('stores an emptied field as no value', () => {
    const { editor, last } = setup('<p>x</p>');
    act(() => {
      editor.commands.clearContent(true);
    });
    expect(last()).toBeUndefined();
  });
});

describe('what the toolbar editor keeps', () => {
  it('names the first thing it cannot keep', () => {
    expect(
      unkeptContent(
        '<p>Hi <strong>there</strong></p><ul><li><a href="/x" target="_blank" rel="noopener noreferrer">x</a></li></ul><h5>y</h5>',
      ),
    ).toBeUndefined();
    expect(unkeptContent('<table><tbody><tr><td>1</td></tr></tbody></table>')).toBe('a table');
    expect(unkeptContent('<p><img src="/a.png" alt=""></p>')).toBe('an image');
    expect(unkeptContent('<p title="t">x</p>')).toBe('a "title" setting on a <p> element');
  });

  it('stores one-paragraph list items without the paragraph, and nothing for an empty text', () => {
    expect(storedHtml('<ul><li><p>a</p></li><li><p>b</p><p>c</p></li></ul>')).toBe(
      '<ul><li>a</li><li><p>b</p><p>c</p></li></ul>',
    );
    expect(storedHtml('<p></p>')).toBeUndefined();
  });
});
