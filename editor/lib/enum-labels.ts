/**
 * Option labels for a choice field: a schema's `x-enumLabels` (value → staff words, e.g.
 * "center" → "Centre") becomes rjsf's `ui:enumNames`, so a select shows the words and still
 * stores the value (docs/editor-design.md, "Forms"). Values without a label show as they are.
 */
import type { JsonSchema, UiSchema } from './schemas.ts';

export function enumLabelsUi(schema: JsonSchema): UiSchema {
  const labels = schema['x-enumLabels'];
  if (!labels || typeof labels !== 'object' || Array.isArray(labels)) return {};
  return { 'ui:enumNames': labels as Record<string, string> };
}
