/**
 * Conflicts of a save (docs/publishing.md): both this editor and someone else changed the
 * same value since the version the editor started from. The server answers 409 with the
 * conflicts and the merge with *their* values in place; staff choose per conflict, and the
 * chosen values are applied to that merge before it is saved.
 */
import { applyChoices as applyMergeChoices } from '../../engine/document/merge.ts';
import type { Conflict } from './api.ts';
import { resolveDraft, resolvedTemplate, type Doc, type TemplateMap } from './doc.ts';
import { isBlockChangePath, pathWords } from '../../engine/document/words/place-words.ts';

/** Which value to keep: the one this editor sent, or the one saved by someone else. */
export type Choice = 'mine' | 'theirs';
/** One choice per conflict, by its `path`. */
export type Choices = Record<string, Choice>;

/**
 * The merged document with the chosen values: `theirs` is already in place, `mine` puts
 * this editor's value back (or removes the value when this editor had removed it). The
 * server's own merge code (engine/document/merge.ts), so paths mean the same on both
 * sides; every conflict must have a choice (the dialog asks for each).
 */
export function applyChoices(merged: Doc, conflicts: Conflict[], choices: Choices): Doc {
  const missing = conflicts.find((c) => !choices[c.path]);
  if (missing) throw new Error(`no choice for ${missing.label} (${missing.path})`);
  return applyMergeChoices(merged, conflicts, choices) as Doc;
}

/** Whether a side has a value (a side that removed it has no field). */
export function hasSide(c: Conflict, side: 'base' | 'mine' | 'theirs'): boolean {
  return side in c && c[side] !== undefined;
}

/** A value as staff read it: text as it is, anything else as indented JSON. */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value, null, 2);
}

/**
 * Each conflict's name for staff: the server's label, except at a template page's block
 * change, whose label is a path (`Page home: blockChanges/home-hero/props/heading`); that
 * one is named by page, block and field like a problem ("Page Home (/) › Hero home-hero ›
 * Heading"). `merged` is the document the paths point into.
 */
export function conflictLabels(
  conflicts: Conflict[],
  merged: Doc | undefined,
  templates: TemplateMap,
): Map<Conflict, string> {
  const out = new Map(conflicts.map((c) => [c, c.label]));
  if (!merged || !conflicts.some((c) => isBlockChangePath(c.path))) return out;
  const resolved = resolveDraft(merged, templates);
  const template = resolvedTemplate(merged, templates);
  for (const c of conflicts)
    if (isBlockChangePath(c.path))
      out.set(c, pathWords(c.path, resolved, { doc: merged, template, saved: true }));
  return out;
}

/** A side's value as staff read it; a template block's change of `null` is the block left out. */
export function showConflictValue(c: Conflict, side: 'base' | 'mine' | 'theirs'): string {
  if (c[side] === null && /^\/pages\/\d+\/blockChanges\/[^/]+$/.test(c.path))
    return 'Left out of this site';
  return showValue(c[side]);
}
