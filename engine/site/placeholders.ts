/**
 * Placeholders (docs/site-documents.md, "Placeholders"): a field's schema may give the words
 * a new block starts with (`x-placeholder`, e.g. "Your heading here"). A draft may keep them
 * while staff work, so saving allows them; a document that still holds one is not ready for
 * visitors, so publishing, `npm run validate` and `npm run check:sites` refuse it, naming the
 * field. Browser-safe: the editor lists them before staff press Publish.
 */
import { schemaKeyword, walkWithSchema, type SchemaCtx } from '../tree/schema-nav.ts';
import type { DocumentIssue } from './types.ts';

/** The placeholder a field's schema gives, if any. */
export function placeholderOf(ctx: SchemaCtx): string | undefined {
  const p = schemaKeyword(ctx, 'x-placeholder', '');
  return typeof p === 'string' ? p : undefined;
}

/** The message for a field that still holds its placeholder. */
export function placeholderMessage(ctx: SchemaCtx, placeholder: string): string {
  const title = schemaKeyword(ctx, 'title');
  const field = typeof title === 'string' ? title : 'This field';
  return `${field} still says "${placeholder}", the words a new block starts with: write the dealer's own before publishing`;
}

/**
 * Every field of a document (raw or resolved; a site document by default, or any value
 * under `root`) whose value is still its schema's placeholder.
 */
export function placeholderIssues(doc: unknown, root?: SchemaCtx): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  for (const { value, ctx, path } of walkWithSchema(doc, root)) {
    if (typeof value !== 'string') continue;
    const placeholder = placeholderOf(ctx);
    if (placeholder !== undefined && value.trim() === placeholder)
      issues.push({ path, message: placeholderMessage(ctx, placeholder) });
  }
  return issues;
}
