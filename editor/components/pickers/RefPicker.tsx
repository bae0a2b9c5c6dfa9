/**
 * A field that names an entry of the site's data (`x-ref`: a model, offer, location,
 * dealership, make or reviews account): a select of the site's entries by name, storing
 * the slug or id. A value the site does not have stays visible as such, so opening a form
 * never changes it silently; "(none)" leaves the field out. Collections the site's data
 * does not hold (reviews pasted into a block) stay a typed value.
 */
import type { WidgetProps } from '@rjsf/utils';
import { useMemo } from 'react';
import type { Doc } from '../../lib/doc.ts';
import { NEEDS_MODELS, PICKABLE, refOptions } from './site-options.ts';
import { useSiteModels, useSiteSlice } from './site-source.ts';
import './pickers.css';

/** The parts of the resolved document the collections come from (each keeps its identity across unrelated edits). */
function useCollectionSource(): Doc | undefined {
  const slug = useSiteSlice((s) => s.resolved.slug);
  const name = useSiteSlice((s) => s.resolved.name);
  const dealershipId = useSiteSlice((s) => s.resolved.dealership_id);
  const locations = useSiteSlice((s) => s.resolved.locations);
  const dealerships = useSiteSlice((s) => s.resolved.dealerships);
  const offers = useSiteSlice((s) => s.resolved.offers);
  const inStore = useSiteSlice(() => true);
  return useMemo(
    () =>
      inStore
        ? { slug, name, dealership_id: dealershipId, locations, dealerships, offers, pages: [] }
        : undefined,
    [inStore, slug, name, dealershipId, locations, dealerships, offers],
  );
}

export function RefPicker(props: WidgetProps) {
  const { id, value, schema, onChange, onBlur, onFocus, disabled, readonly, required, rawErrors } =
    props;
  const collection = String(schema['x-ref'] ?? '');
  const numeric = schema.type === 'integer' || schema.type === 'number';
  const doc = useCollectionSource();
  const models = useSiteModels(doc, NEEDS_MODELS.has(collection));
  const options = useMemo(
    () => (doc ? refOptions(collection, doc, models) : undefined),
    [collection, doc, models],
  );
  const current = value === undefined || value === null ? '' : String(value);
  const known = options?.some((o) => o.value === current);
  if (!doc || !PICKABLE.has(collection)) {
    // No site open (a form shown on its own), or entries the document defines itself: the value as typed.
    return (
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        value={current}
        required={required}
        disabled={disabled}
        readOnly={readonly}
        onChange={(e) =>
          onChange(
            e.target.value === '' ? undefined : numeric ? Number(e.target.value) : e.target.value,
          )
        }
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    );
  }
  return (
    <select
      id={id}
      className="fc-ref-picker"
      value={current}
      required={required}
      disabled={disabled || readonly}
      aria-invalid={rawErrors?.length ? true : undefined}
      onChange={(e) => {
        const v = e.target.value;
        onChange(v === '' ? undefined : numeric ? Number(v) : v);
      }}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    >
      <option value="">
        {options === undefined
          ? 'Loading…'
          : options.length
            ? '(none)'
            : '(this site has none yet)'}
      </option>
      {current !== '' && !known && options !== undefined && (
        <option value={current}>{`${current} (not in this site)`}</option>
      )}
      {current !== '' && options === undefined && <option value={current}>{current}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label === o.value ? o.label : `${o.label} (${o.value})`}
        </option>
      ))}
    </select>
  );
}
