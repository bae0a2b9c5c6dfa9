/**
 * Validation issues in the editor. The draft is checked by the server with the SAME
 * validator the runtime uses (POST /api/editor/check: migrate → resolve template →
 * validate with defaults); the browser compiles no schema. Each issue is mapped here to
 * where staff fix it: a block's field, a page, a feature switch or a settings section
 * (engine/document/words/place-targets.ts, which the server's words share), with its
 * message in staff words and its place in rjsf's terms.
 */
import type { DocumentIssue } from '../../engine/site/types.ts';
import { schemaAt } from '../../engine/document/words/field-words.ts';
import {
  formOfTarget,
  issueTarget,
  type IssueTarget,
} from '../../engine/document/words/place-targets.ts';
import type { Doc } from './doc.ts';
import { plainMessage } from './messages.ts';

export type { DocumentIssue, IssueTarget };

export interface EditorIssue extends DocumentIssue {
  target: IssueTarget;
  /** The problem in staff words ("Enter a number from 1 to 5"), shown at the field; `message` here is this too. */
  message: string;
  /** The engine's own wording (for logs and the CLI's terms). */
  rawMessage: string;
}

/** Each issue with where it is fixed and its message in staff words (editor/lib/messages.ts). */
export function mapIssues(resolved: Doc, issues: DocumentIssue[]): EditorIssue[] {
  return issues.map((i) => {
    const target = issueTarget(resolved, i.path);
    const { schema, field } = formOfTarget(resolved, target, i.path);
    return {
      ...i,
      target,
      rawMessage: i.message,
      message: plainMessage(i, schemaAt(schema, field)),
    };
  });
}

/** rjsf's ErrorSchema for one form from the issues that belong to it. */
export function errorSchemaFor(
  fields: Array<{ field: string[]; message: string }>,
): Record<string, any> | undefined {
  if (!fields.length) return undefined;
  const root: Record<string, any> = {};
  for (const { field, message } of fields) {
    let node = root;
    for (const part of field) node = node[part] ??= {};
    // Two rules broken the same way (a pattern and a length) read once.
    if (!(node.__errors ??= []).includes(message)) node.__errors.push(message);
  }
  return root;
}

/** The DOM id rjsf gives a field (idPrefix "root", separator "_"). */
export function fieldDomId(field: string[], prefix = 'root'): string {
  return [prefix, ...field].join('_');
}
