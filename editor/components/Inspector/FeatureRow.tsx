import isEqual from 'lodash-es/isEqual.js';
import { memo, type ReactNode } from 'react';
import { useIssues, useStore } from '../../lib/hooks.ts';
import { fromPointer } from '../../../engine/tree.ts';
import { fieldTrail } from '../../../engine/document/words/field-words.ts';
import { errorSchemaFor, type EditorIssue } from '../../lib/issues.ts';
import { featureForm, type FeatureSwitch } from '../../lib/schemas.ts';
import { SchemaForm } from '../SchemaForm.tsx';
import { useFormContext } from './useFormContext.ts';

/** One switch: its control (by its schema's type), where its value comes from, and its errors. */
export const FeatureRow = memo(function FeatureRow({
  sw,
  site,
  template,
}: {
  sw: FeatureSwitch;
  site: unknown;
  template: unknown;
}) {
  const store = useStore();
  const { issues } = useIssues();
  const context = useFormContext();
  const effective = site !== undefined ? site : template !== undefined ? template : sw.default;
  const errs = issues.filter((i) => i.target.kind === 'feature' && i.target.key === sw.key);
  const id = `feature-${sw.key}`;
  const set = (v: unknown) => store.setFeature(sw.key, v);
  const type = sw.schema.type;
  const status =
    site !== undefined && template !== undefined
      ? { cls: 'is-override', text: `Overrides the template (template: ${show(template)})` }
      : site !== undefined
        ? { cls: 'is-site', text: 'Set for this site' }
        : template !== undefined
          ? { cls: 'is-template', text: 'From the template' }
          : { cls: 'is-default', text: 'Default' };
  let control: ReactNode;
  if (type === 'boolean') {
    control = (
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={effective === true}
        aria-describedby={`${id}-desc`}
        aria-invalid={errs.length ? true : undefined}
        onChange={(e) => set(e.target.checked)}
      />
    );
  } else if (Array.isArray(sw.schema.enum)) {
    control = (
      <select
        id={id}
        value={JSON.stringify(effective)}
        aria-describedby={`${id}-desc`}
        aria-invalid={errs.length ? true : undefined}
        onChange={(e) => set(JSON.parse(e.target.value))}
      >
        {(sw.schema.enum as unknown[]).map((v) => (
          <option key={JSON.stringify(v)} value={JSON.stringify(v)}>
            {(sw.schema['x-enumLabels'] as Record<string, string> | undefined)?.[String(v)] ??
              String(v)}
          </option>
        ))}
      </select>
    );
  } else if (type === 'string') {
    control = (
      <input
        id={id}
        type="text"
        value={typeof effective === 'string' ? effective : ''}
        aria-describedby={`${id}-desc`}
        aria-invalid={errs.length ? true : undefined}
        onChange={(e) => set(e.target.value)}
      />
    );
  } else if (type === 'integer' || type === 'number') {
    control = (
      <input
        id={id}
        type="number"
        step={type === 'integer' ? 1 : 'any'}
        min={sw.schema.minimum}
        max={sw.schema.maximum}
        value={typeof effective === 'number' ? effective : ''}
        aria-describedby={`${id}-desc`}
        aria-invalid={errs.length ? true : undefined}
        onChange={(e) => set(e.target.value === '' ? undefined : Number(e.target.value))}
      />
    );
  } else {
    const form = featureForm(sw.key);
    control = form ? (
      <div id={id}>
        <SchemaForm
          form={form}
          value={effective}
          onChange={(v) => set(isEqual(v, effective) ? effective : v)}
          context={context}
          idPrefix={id}
          label={sw.label}
          errors={errorSchemaFor(errs.map((i) => ({ field: fieldOf(i), message: i.message })))}
        />
      </div>
    ) : null;
  }
  const isForm = !(
    type === 'boolean' ||
    Array.isArray(sw.schema.enum) ||
    type === 'string' ||
    type === 'integer' ||
    type === 'number'
  );
  return (
    <div
      className={`fc-feature ${status.cls}${errs.length ? ' has-error' : ''}`}
      data-feature={sw.key}
    >
      <div className="fc-feature-head">
        <label htmlFor={id}>
          {sw.label} <code>{sw.key}</code>
        </label>
        {isForm ? null : control}
      </div>
      <p id={`${id}-desc`} className="fc-help">
        {sw.description} <span className="fc-muted">Default: {show(sw.default)}.</span>
      </p>
      {isForm && control}
      <p className="fc-feature-status">
        <span className={`fc-badge ${status.cls}`}>{status.text}</span>
        {site !== undefined && (
          <button type="button" className="fc-link" onClick={() => set(undefined)}>
            {template !== undefined ? 'Use the template’s value' : 'Use the default'}
          </button>
        )}
      </p>
      {/* A switch edited as a form shows its fields' problems at the fields: listed here they would show twice. */}
      {errs
        .filter((i) => !isForm || fieldOf(i).length === 0)
        .map((i) => (
          <small key={i.path + i.message} className="fc-error" role="alert">
            {[...fieldTrail(sw.schema, fieldOf(i), effective), i.message].join(': ')}
          </small>
        ))}
    </div>
  );
});

/** The field of a switch's problem, below features/<key>. */
const fieldOf = (i: EditorIssue) => fromPointer(i.path).slice(2);

function show(v: unknown): string {
  if (typeof v === 'boolean') return v ? 'on' : 'off';
  if (v === undefined) return 'not set';
  const s = JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 59)}…` : s;
}
