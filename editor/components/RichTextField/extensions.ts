/**
 * The Tiptap extensions of the rich-text field: StarterKit cut down to what the sanitiser
 * keeps (rules.ts), so every document the field can hold serialises to HTML the sanitiser
 * leaves unchanged (RichTextField.test.tsx checks each node and mark).
 */
import type { AnyExtension, Attributes, Node } from '@tiptap/react';
import { Link } from '@tiptap/extension-link';
import { StarterKit } from '@tiptap/starter-kit';
import { isSafeHref } from '../../../engine/sanitize/url.ts';
import { HEADING_LEVELS, isFieldHref } from './rules.ts';

/** `<ol start>` and `<ol type>` are not kept by the sanitiser: lists always count from 1. */
const NOT_RENDERED = { renderHTML: () => ({}) };

const Kit = StarterKit.extend({
  addExtensions() {
    return (this.parent?.() ?? []).map((ext: AnyExtension) =>
      ext.name === 'orderedList'
        ? (ext as Node).extend({
            addAttributes() {
              const own: Attributes = this.parent?.() ?? {};
              return {
                ...own,
                start: { ...own.start, ...NOT_RENDERED },
                type: { ...own.type, ...NOT_RENDERED },
              };
            },
          })
        : ext,
    );
  },
});

export const EXTENSIONS: AnyExtension[] = [
  Kit.configure({
    heading: { levels: HEADING_LEVELS },
    // No <code> or <pre> in dealer text; no trailing empty paragraph added after a list.
    code: false,
    codeBlock: false,
    trailingNode: false,
    link: false,
  }),
  Link.configure({
    openOnClick: false,
    autolink: true,
    defaultProtocol: 'https',
    // target/rel only when the text already had them (the sanitiser sets rel for _blank).
    HTMLAttributes: { target: null, rel: null, class: null },
    // Reading and writing: whatever the sanitiser keeps; typed web addresses: only the field's schemes.
    isAllowedUri: (url) => isSafeHref(url),
    shouldAutoLink: (url) => isFieldHref(url),
  }),
];
