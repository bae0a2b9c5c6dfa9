/**
 * Placeholders in the editor (docs/editor-guide.md, "Placeholders"): a field still holding a new
 * block's placeholder words shows them greyed, as the input's placeholder, and the first key
 * typed replaces them; the publish dialog names every such field and will not publish.
 */
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import hero from '../../schemas/blocks/hero.schema.json' with { type: 'json' };
import richText from '../../schemas/blocks/rich-text.schema.json' with { type: 'json' };
import type { Editor } from '@tiptap/react';
import { placeholderWords } from './RichTextField/RichTextEditor.tsx';
import { EditorStore } from '../lib/store/index.ts';
import { BlockInspector } from './Inspector/index.ts';
import { PLACEHOLDERS_LEFT, PublishConfirm } from './PublishDialogs.tsx';
import type { Doc } from '../lib/doc.ts';
import { unitSite } from '../lib/test-fixtures.ts';
import { inEditor } from './test-editor-contexts.tsx';

const PLACEHOLDER = hero.properties.heading['x-placeholder'];

function withStore(blocks: Doc[], ui: ReactNode) {
  const store = new EditorStore({ slug: 'unit-site', doc: unitSite(blocks) });
  render(inEditor(store, ui));
  return store;
}

const draft = { exists: true, summary: ['Home › Hero new-hero added'] } as never;

describe('placeholders', () => {
  it('show greyed in the form until typed over, and the first key replaces them', () => {
    const store = withStore([], <BlockInspector />);
    let id = '';
    act(() => {
      id = store.addBlock('hero')!;
    });
    const block = () => store.getState().resolved.pages[0].blocks.find((b: Doc) => b.id === id);
    expect(block().props.heading).toBe(PLACEHOLDER);
    const input = document.querySelector<HTMLInputElement>('#root_heading')!;
    expect(input.value).toBe('');
    expect(input.placeholder).toBe(PLACEHOLDER);
    fireEvent.change(input, { target: { value: 'W' } });
    expect(block().props.heading).toBe('W');
    expect(input.value).toBe('W');
  });

  it('show greyed in rich text too: the field is empty under them, and typing replaces them', () => {
    const store = withStore([], <BlockInspector />);
    let id = '';
    act(() => {
      id = store.addBlock('rich-text')!;
    });
    const placeholder = richText.properties.html['x-placeholder'];
    const block = () => store.getState().resolved.pages[0].blocks.find((b: Doc) => b.id === id);
    expect(block().props.html).toBe(placeholder);
    const editable = document.getElementById('root_html')!;
    expect(editable.textContent).toBe('');
    expect(editable.getAttribute('aria-placeholder')).toBe(placeholderWords(placeholder));
    // Tiptap's Placeholder marks the empty paragraph; the stylesheet greys its data-placeholder.
    const empty = editable.querySelector('p.is-editor-empty');
    expect(empty?.getAttribute('data-placeholder')).toBe('Your text here.');
    const editor = (editable as unknown as { editor: Editor }).editor;
    act(() => {
      editor.commands.insertContent('W');
    });
    expect(block().props.html).toBe('<p>W</p>');
    expect(editable.querySelector('.is-editor-empty')).toBeNull();
  });

  it('keep the publish dialog from publishing, naming each field', () => {
    const onPublish = vi.fn();
    withStore(
      [
        { type: 'hero', id: 'new-hero', props: { heading: PLACEHOLDER } },
        { type: 'hero', id: 'done', props: { heading: 'Winter sale' } },
      ],
      <PublishConfirm
        slug="unit-site"
        draft={draft}
        dirty={false}
        busy={false}
        onPublish={onPublish}
        onCancel={() => {}}
      />,
    );
    expect(screen.getByText(PLACEHOLDERS_LEFT(1))).toBeTruthy();
    const items = [...document.querySelectorAll('[data-placeholders] li')].map(
      (li) => li.textContent,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toContain('Hero new-hero');
    expect(items[0]).toContain(hero.properties.heading.title);
    const publish = screen.getByRole('button', { name: 'Publish now' }) as HTMLButtonElement;
    expect(publish.disabled).toBe(true);
  });

  it('leave the publish dialog alone when every field has the dealer’s words', () => {
    withStore(
      [{ type: 'hero', id: 'done', props: { heading: 'Winter sale' } }],
      <PublishConfirm
        slug="unit-site"
        draft={draft}
        dirty={false}
        busy={false}
        onPublish={() => {}}
        onCancel={() => {}}
      />,
    );
    expect(document.querySelector('[data-placeholders]')).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Publish now' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
