/**
 * Which of a block's texts can be edited in place on the canvas, and where each shows
 * (runs inside the preview iframe). A text is a prop the block's form edits as plain text
 * (a string with no choices, format or picker) or as rich text, at the top of the props or
 * in a list of items (FAQ questions, cards); it is found in the preview as the innermost
 * element of the block (not of a block inside it) whose text is exactly the prop's. A text
 * the block reworded (joined with others, abbreviated) is not found, so it stays a form edit.
 */
import { blockForm, type JsonSchema } from '../../lib/schemas.ts';
import { unkeptContent } from '../RichTextField/rules.ts';

export type InlineKind = 'text' | 'html';

export interface InlineTarget {
  /** Path inside the block's props. */
  path: Array<string | number>;
  /** The field's label in the form. */
  label: string;
  kind: InlineKind;
  value: string;
  el: HTMLElement;
}

interface Field {
  path: Array<string | number>;
  label: string;
  kind: InlineKind;
}

function kindOf(schema: JsonSchema | undefined): InlineKind | undefined {
  if (!schema || schema.type !== 'string') return undefined;
  if (schema['x-def'] === 'html' || schema.contentMediaType === 'text/html') return 'html';
  if (
    schema.enum ||
    schema.const !== undefined ||
    schema.format ||
    schema['x-def'] ||
    schema['x-ref']
  )
    return undefined;
  return 'text';
}

/** The editable texts of a block's props as they are now (item paths for each list item). */
export function inlineFields(type: string, props: Record<string, unknown> | undefined): Field[] {
  const schema = blockForm(type)?.schema;
  const fields: Field[] = [];
  for (const [key, prop] of Object.entries(
    (schema?.properties ?? {}) as Record<string, JsonSchema>,
  )) {
    const kind = kindOf(prop);
    if (kind) {
      fields.push({ path: [key], label: prop.title ?? key, kind });
      continue;
    }
    const items = prop.type === 'array' ? (prop.items as JsonSchema | undefined) : undefined;
    const list = props?.[key];
    if (!items?.properties || !Array.isArray(list)) continue;
    list.forEach((_, i) => {
      for (const [sub, subSchema] of Object.entries(
        items.properties as Record<string, JsonSchema>,
      )) {
        const subKind = kindOf(subSchema);
        if (subKind)
          fields.push({
            path: [key, i, sub],
            label: `${subSchema.title ?? sub} (${prop.title ?? key} ${i + 1})`,
            kind: subKind,
          });
      }
    });
  }
  return fields;
}

const normal = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function valueAt(
  props: Record<string, unknown> | undefined,
  path: Array<string | number>,
): unknown {
  let at: unknown = props;
  for (const step of path)
    at = at && typeof at === 'object' ? (at as Record<string | number, unknown>)[step] : undefined;
  return at;
}

/** The block's own elements (not those of blocks inside it, nor the editor's placeholders), in document order. */
function ownElements(wrapper: Element): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walker = document.createTreeWalker(wrapper, NodeFilter.SHOW_ELEMENT, {
    acceptNode: (node) =>
      (node as Element).matches('[data-editor-block], [data-editor-empty]')
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  for (let n = walker.nextNode(); n; n = walker.nextNode())
    if (n instanceof HTMLElement) out.push(n);
  return out;
}

/** Rich text: the element holding exactly its top-level elements (tags in order), else the innermost with its text. */
function htmlMatch(chain: HTMLElement[], html: string): HTMLElement | undefined {
  const tpl = document.createElement('template');
  tpl.innerHTML = html;
  const tags = [...tpl.content.children].map((c) => c.tagName).join(',');
  return (
    chain.find((el) => [...el.children].map((c) => c.tagName).join(',') === tags) ??
    chain[chain.length - 1]
  );
}

function textOf(kind: InlineKind, value: string): string {
  if (kind === 'text') return normal(value);
  const tpl = document.createElement('template');
  tpl.innerHTML = value;
  return normal(tpl.content.textContent);
}

export function inlineTargets(
  wrapper: Element,
  type: string,
  props: Record<string, unknown> | undefined,
): InlineTarget[] {
  const fields = inlineFields(type, props);
  if (!fields.length) return [];
  const elements = ownElements(wrapper);
  // Each element's text read once, not once per field: a block of many cards has many of both.
  const texts = elements.map((el) => normal(el.textContent));
  const claimed = new Set<Element>();
  const targets: InlineTarget[] = [];
  for (const field of fields) {
    const value = valueAt(props, field.path);
    if (typeof value !== 'string' || !value.trim()) continue;
    if (field.kind === 'html' && unkeptContent(value)) continue;
    const text = textOf(field.kind, value);
    if (!text) continue;
    // The chain of nested elements with exactly this text, outermost first.
    const chain: HTMLElement[] = [];
    for (const [i, el] of elements.entries()) {
      if (claimed.has(el) || texts[i] !== text) continue;
      if (chain.length && !chain[chain.length - 1].contains(el)) break;
      chain.push(el);
    }
    const el = field.kind === 'html' ? htmlMatch(chain, value) : chain[chain.length - 1];
    if (!el) continue;
    for (const c of chain) claimed.add(c);
    targets.push({ ...field, value, el });
  }
  return targets;
}
