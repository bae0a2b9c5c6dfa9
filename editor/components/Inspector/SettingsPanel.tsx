import isEqual from 'lodash-es/isEqual.js';
import { useCallback, useMemo, useRef } from 'react';
import { withoutAddedDefaults, type Doc } from '../../lib/doc.ts';
import { useEditor, useIssues, useStore } from '../../lib/hooks.ts';
import { errorSchemaFor } from '../../lib/issues.ts';
import { SETTINGS_SECTIONS, type SettingsSection } from '../../lib/schemas.ts';
import type { Region } from '../../../schemas/types.gen.ts';
import { ToFillList, withoutListedRequired } from '../DealerData/ToFillList.tsx';
import { withFollowingNames, withStartingValues } from '../DealerData/dealer-lists.ts';
import { sectionForm } from '../DealerData/section-forms.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { useFormContext } from './useFormContext.ts';
import { useFieldHistoryKeys } from './useFieldHistoryKeys.ts';
import { useFormEcho } from './useFormEcho.ts';

/** A section's values as the form shows them (resolved: the template merged). */
function sectionValue(resolved: Doc, section: SettingsSection): unknown {
  return section.objectKey
    ? (resolved[section.objectKey] ?? {})
    : Object.fromEntries(
        section.keys.filter((k) => resolved[k] !== undefined).map((k) => [k, resolved[k]]),
      );
}

/** Whether a list (before starting values) holds an entry of that id already. */
const hasId = (list: unknown, e: Doc) =>
  Array.isArray(list) && list.some((x) => x?.id !== undefined && x.id === e.id);

/** The site settings, one collapsible section each (its form mounted while open). */
export function SettingsPanel({
  open,
  onOpen,
}: {
  open?: string;
  onOpen: (id: string | undefined) => void;
}) {
  const slug = useEditor((s) => s.slug);
  const templateName = useEditor((s) => s.doc.template as string | undefined);
  const historyKeys = useFieldHistoryKeys();
  return (
    <div className="fc-settings" onKeyDown={historyKeys}>
      <p className="fc-muted">
        Site <code>{slug}</code>
        {templateName ? (
          <>
            {' '}
            extends template <code>{templateName}</code>; anything set here overrides it.
          </>
        ) : null}
      </p>
      {SETTINGS_SECTIONS.map((section) => (
        <details
          key={section.id}
          open={open === section.id}
          onToggle={(e) =>
            e.currentTarget.open ? onOpen(section.id) : open === section.id && onOpen(undefined)
          }
          data-section={section.id}
        >
          <summary>
            {section.title} <span className="fc-muted">— {section.description}</span>
          </summary>
          {open === section.id && <SettingsSectionForm section={section} />}
        </details>
      ))}
    </div>
  );
}

function SettingsSectionForm({ section }: { section: SettingsSection }) {
  const store = useStore();
  const resolved = useEditor((s) => s.resolved);
  const { issues } = useIssues();
  const context = useFormContext();
  const region = useEditor((s) => s.resolved.region as Region | undefined);
  const form = sectionForm(section, region);
  const value = useMemo(
    () => sectionValue(resolved, section),
    // recompute only when one of this section's keys changes
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
    section.keys.map((k) => resolved[k]),
  );
  const sectionIssues = useMemo(
    () =>
      withoutListedRequired(
        issues.filter((i) => i.target.kind === 'setting' && i.target.section === section.id),
      ),
    [issues, section.id],
  );
  const errors = useMemo(
    () =>
      errorSchemaFor(
        sectionIssues.map((i) => ({
          field: (i.target as { field: string[] }).field,
          message: i.message,
        })),
      ),
    [sectionIssues],
  );
  const { shown, remember } = useFormEcho(section.id, value);
  // Entries added since this form opened: their web names follow their names (DealerData/).
  const added = useRef(new Set<unknown>()).current;
  const onChange = useCallback(
    (next: unknown) => {
      const current = store.getState().resolved;
      if (section.objectKey) {
        const key = section.objectKey;
        const clean = withoutAddedDefaults(next ?? {}, current[key] ?? {}, form.schema);
        if (!isEqual(clean, current[key] ?? {})) store.setSetting(key, clean);
      } else {
        // A new location or offer starts with what the site already tells (DealerData/).
        const n = Object.fromEntries(
          Object.entries((next ?? {}) as Doc).map(([k, v]) => {
            const started = withStartingValues(k, v, current);
            if (started !== v) for (const e of started as Doc[]) if (!hasId(v, e)) added.add(e.id);
            return [k, withFollowingNames(k, started, current[k], added)];
          }),
        );
        next = n;
        for (const key of section.keys) {
          const clean = withoutAddedDefaults(
            { [key]: n[key] },
            current[key] === undefined ? {} : { [key]: current[key] },
            form.schema,
          ) as Doc;
          if (!isEqual(clean[key], current[key])) store.setSetting(key, clean[key]);
        }
      }
      remember(section.id, next, sectionValue(store.getState().resolved, section));
    },
    [store, section, form, remember, added],
  );
  return (
    <>
      <ToFillList section={section} form={form} value={shown} />
      <SchemaForm
        form={form}
        value={shown}
        onChange={onChange}
        errors={errors}
        context={context}
        idPrefix={`settings-${section.id}`}
        label={section.title}
      />
    </>
  );
}
