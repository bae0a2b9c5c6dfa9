/**
 * What this site changed on a template page, in staff words (docs/editor-design.md, "The
 * document model"). A template page the site edited is stored either as changes of the template's
 * page (page keys and `blockChanges`, editor/lib/page-changes.ts: the page still follows
 * the template) or, after a structural change, as the site's own copy (it no longer does).
 * The page inspector says which, and names each change by block and field.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { findBlock, pageArea } from '../../engine/tree.ts';
import { blockName, type EditorBlock } from './blocks.ts';
import type { Doc } from './doc.ts';
import { fieldTrail } from '../../engine/document/words/field-words.ts';
import { blockForm, pageForm } from './schemas.ts';

export type TemplatePageState =
  /** No entry: the template's page as it is. */
  | { kind: 'template' }
  /** The site's own copy of the page (`blocks` of its own). */
  | { kind: 'copy' }
  /** The template's page with these changes of this site, one line each. */
  | { kind: 'changes'; changes: string[] };

/** The names of a block's changed props, as the block's form labels them ("Heading", "Button link"). */
function propNames(type: string, props: Doc, change: Doc): string[] {
  const schema = blockForm(type)?.schema;
  return Object.keys(change).map((key) => fieldTrail(schema, [key], props)[0]);
}

/** One line per changed block: "Hero home-hero: Heading, Image", "Rich text left-text: left out of this site". */
function blockChangeLines(template: Doc, pageId: string, changes: Doc): string[] {
  return Object.entries(changes).map(([id, change]) => {
    const block = findBlock(template, id, [pageArea(pageId)])?.block as EditorBlock | undefined;
    if (!block)
      return `Block ${id}: not on the template’s page any more (the change has no effect)`;
    const name = blockName(block);
    if (change === null) return `${name}: left out of this site`;
    const props =
      isPlainObject(change) && isPlainObject((change as Doc).props)
        ? ((change as Doc).props as Doc)
        : {};
    const fields = propNames(block.type, block.props ?? {}, props);
    return fields.length ? `${name}: ${fields.join(', ')}` : `${name}: changed`;
  });
}

/** Whether a template page is followed as it is, with changes of this site, or replaced by the site's own copy. */
export function templatePageState(
  doc: Doc,
  template: Doc | undefined,
  pageId: string,
): TemplatePageState {
  const entry = (doc.pages as Doc[] | undefined)?.find((p) => p?.id === pageId);
  if (!entry) return { kind: 'template' };
  if ('blocks' in entry) return { kind: 'copy' };
  const page = (template?.pages as Doc[] | undefined)?.find((p) => p?.id === pageId) ?? {};
  const schema = pageForm().schema;
  const keys = Object.keys(entry).filter((k) => k !== 'id' && k !== 'blockChanges');
  const pageLines = keys.map((k) => fieldTrail(schema, [k], page)[0]);
  const blockLines =
    template && isPlainObject(entry.blockChanges)
      ? blockChangeLines(template, pageId, entry.blockChanges as Doc)
      : [];
  return { kind: 'changes', changes: [...pageLines, ...blockLines] };
}

/** "1 change", "3 changes". */
export const changeCount = (n: number) => `${n} change${n === 1 ? '' : 's'}`;
