/**
 * What a new location or offer still needs, said once as one list above the section's form
 * (docs/editor-design.md, "Dealer data"), in place of one "required" error per empty field.
 */
import type { SettingsSection } from '../../../engine/document/words/form-schemas.ts';
import type { EditorIssue } from '../../lib/issues.ts';
import type { FormSchema, JsonSchema } from '../../lib/schemas.ts';
import { DEALER_LISTS, toFill } from './dealer-lists.ts';

/** The section's issues less the missing required fields of the dealer's lists (ToFillList says those). */
export function withoutListedRequired(issues: EditorIssue[]): EditorIssue[] {
  return issues.filter(
    (i) =>
      !(
        i.keyword === 'required' &&
        i.target.kind === 'setting' &&
        (i.target as { field: string[] }).field[0] in DEALER_LISTS
      ),
  );
}

export function ToFillList({
  section,
  form,
  value,
}: {
  section: SettingsSection;
  form: FormSchema;
  value: unknown;
}) {
  const props = (form.schema.properties ?? {}) as Record<string, JsonSchema>;
  const rows = section.keys.flatMap((key) =>
    toFill(key, (value as Record<string, unknown> | undefined)?.[key], props[key]?.items),
  );
  if (!rows.length) return null;
  return (
    <div className="fc-to-fill" role="status">
      <p>Still to fill before this can be published:</p>
      <ul>
        {rows.map((r) => (
          <li key={`${r.key}-${r.index}`}>
            <strong>{r.entry}</strong>: {r.fields.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}
