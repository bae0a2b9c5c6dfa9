/** A problem found in a document: a JSON pointer into it and a sentence about what is wrong. */
export interface DocumentIssue {
  path: string;
  message: string;
  /**
   * With `ruleDetail` (the editor's check): the JSON Schema keyword that failed and ajv's
   * parameters for it (`maximum`, `{ limit: 5 }`), so the editor can say it in staff words
   * (editor/lib/messages.ts, docs/editor-design.md, "Forms").
   */
  keyword?: string;
  params?: Record<string, unknown>;
}
