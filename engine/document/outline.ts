/**
 * A readable, canonical rendering of one site document (or template), one fact a line,
 * for `git log -p` and `git show` (git's textconv, see docs/site-documents.md): git then
 * diffs these lines instead of JSON lines, so a hunk reads "page home › hero home-hero:
 * props/heading = …" rather than a brace and an index.
 *
 * - Keys come in canonical (schema) order, so reformatting a document changes nothing.
 * - Every line names where it is (page, block, list item by its label, never by index),
 *   so inserting a block or an item does not rewrite the lines after it.
 * - Long text is cut into one line per sentence or paragraph tag, so a one-word change
 *   in a long paragraph is a one-line change.
 * - Secrets (keys, tokens) are never printed. Isomorphic.
 */
import isPlainObject from 'lodash-es/isPlainObject.js';
import { formatSiteDocument } from './canonical.ts';
import { itemLabel, type Json } from './diff-values.ts';
import { escapeInvisible, LONG_VALUE, showJson } from './diff-words.ts';
import { isSecretName, SECRET_TEXT } from './secrets.ts';
import { walkListEntries } from '../tree.ts';

/** The outline of a document as text (one final newline). */
export function outlineDocument(doc: unknown): string {
  let d: Json;
  try {
    d = JSON.parse(formatSiteDocument(doc));
  } catch {
    d = isPlainObject(doc) ? (doc as Json) : {};
  }
  const lines: string[] = [];
  const kind = typeof d.slug === 'string' ? `site ${showJson(d.slug)}` : 'template';
  lines.push(`# ${kind}${typeof d.name === 'string' ? ` ${showJson(d.name)}` : ''}`);
  for (const [key, value] of Object.entries(d)) {
    if (key === 'pages') continue;
    if (key === 'layout' && isPlainObject(value)) {
      for (const [k, v] of Object.entries(value as Json)) {
        if ((k === 'header' || k === 'footer') && Array.isArray(v)) blocks(v, k, lines);
        else values(v, `layout/${k}`, '', lines);
      }
      continue;
    }
    values(value, key, '', lines);
  }
  for (const page of Array.isArray(d.pages) ? d.pages : []) {
    const p = isPlainObject(page) ? (page as Json) : {};
    const at = `page ${typeof p.id === 'string' ? p.id : '?'}`;
    // A page without blocks changes the template page of its id (docs/site-documents.md).
    const change = !('blocks' in p);
    lines.push(
      change
        ? `${at} (changes to the template page)`
        : `${at} = ${showJson(p.path)} ${showJson(p.title)}`,
    );
    for (const [k, v] of Object.entries(p)) {
      if (k === 'blockChanges' && isPlainObject(v)) blockChanges(v as Json, at, lines);
      else if (k !== 'id' && (change || (k !== 'path' && k !== 'title')) && k !== 'blocks')
        values(v, k, `${at}: `, lines);
    }
    blocks(p.blocks, at, lines);
  }
  return `${lines.join('\n')}\n`;
}

function blockChanges(changes: Json, at: string, lines: string[]) {
  for (const [id, change] of Object.entries(changes)) {
    const here = `${at} › template block ${id}`;
    if (change === null) lines.push(`${here} left out`);
    else if (isPlainObject(change))
      for (const [k, v] of Object.entries(change as Json)) values(v, k, `${here}: `, lines);
    else values(change, '(change)', `${here}: `, lines);
  }
}

function blocks(list: unknown, at: string, lines: string[]) {
  const labels = new Map<string, string>(); // block path → its line, which nested blocks extend
  for (const entry of walkListEntries(list)) {
    const b = isPlainObject(entry.value) ? (entry.value as Json) : {};
    const parent = entry.parentPath === undefined ? at : labels.get(entry.parentPath)!;
    const here = `${entry.ref.slot === undefined ? parent : `${parent} (slot ${entry.ref.slot})`} › ${String(b.type ?? '?')} ${String(b.id ?? '(no id)')}`;
    labels.set(entry.path, here);
    lines.push(here);
    for (const [k, v] of Object.entries(b)) {
      if (k !== 'type' && k !== 'id' && k !== 'children' && k !== 'slots')
        values(v, k, `${here}: `, lines);
    }
  }
}

/** Leaves of a value as `prefix path = value`; list items named by their label. */
function values(v: unknown, path: string, prefix: string, lines: string[]) {
  const name = path
    .split('/')
    .pop()!
    .replace(/\[.*\]$/, '');
  if (isSecretName(name) && (typeof v === 'string' || typeof v === 'number') && v !== '') {
    lines.push(`${prefix}${path} = ${SECRET_TEXT}`);
    return;
  }
  if (isPlainObject(v)) {
    const entries = Object.entries(v as Json);
    if (!entries.length) lines.push(`${prefix}${path} = {}`);
    for (const [k, x] of entries) values(x, `${path}/${k}`, prefix, lines);
    return;
  }
  if (Array.isArray(v)) {
    if (
      !v.length ||
      (v.every((x) => x === null || typeof x !== 'object') &&
        showJson(v).length <= LONG_VALUE &&
        !isSecretName(name))
    ) {
      lines.push(`${prefix}${path} = ${showJson(v)}`);
      return;
    }
    const seen = new Map<string, number>();
    v.forEach((x, i) => {
      const label = itemLabel(x, i);
      const n = (seen.get(label) ?? 0) + 1;
      seen.set(label, n);
      values(x, `${path}[${label}${n > 1 ? ` #${n}` : ''}]`, prefix, lines);
    });
    return;
  }
  if (typeof v === 'string' && showJson(v).length > LONG_VALUE) {
    for (const chunk of chunks(v))
      lines.push(`${prefix}${path} | ${escapeInvisible(JSON.stringify(chunk).slice(1, -1))}`);
    return;
  }
  lines.push(`${prefix}${path} = ${showJson(v)}`);
}

/** Long text cut after sentences and before block-level tags (every character kept, in order). */
export function chunks(s: string): string[] {
  const parts = s.split(
    /(?<=[.!?]["')\]]?\s+)|(?<=\n)|(?=<(?:p|li|h[1-6]|ul|ol|div|section|table|tr|br|script|iframe|style|blockquote)\b)/i,
  );
  return parts.filter((p) => p !== '');
}
