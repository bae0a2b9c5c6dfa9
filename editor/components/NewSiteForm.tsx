/**
 * "New site from a template" (docs/editor-design.md, "Forms"): each problem is shown at
 * its field, in staff words, and focus goes to the first field with one, whether the
 * browser found it or the server refused the site (its issues are mapped back to the fields).
 */
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { fromPointer } from '../../engine/tree.ts';
import { DEFAULT_REGION, knownRegions, regionSettings } from '../../engine/region.ts';
import { api, type ApiError } from '../lib/api.ts';
import { isPlainName, plainName } from '../lib/doc.ts';
import { plainMessage } from '../lib/messages.ts';
import {
  chosenTemplate,
  fittingTemplates,
  makesSold,
  type TemplateInfo,
} from '../lib/template-choice.ts';

const REGIONS = knownRegions().map((code) => [code, regionSettings(code).name] as const);

interface DealershipRow {
  id: string;
  name: string;
  slug: string;
  manufacturers: string;
}

/** Problems by field name (the inputs' `name`s); `form` holds those that belong to no field. */
export type FieldProblems = Record<string, string>;

const DEALERSHIP_FIELDS: Record<string, string> = {
  id: 'id',
  name: 'name',
  slug: 'slug',
  manufacturers: 'makes',
};

/**
 * The server's issues (JSON paths into the request) as problems by field; `rowOf` maps the
 * index of a dealership sent to its row in the form (empty rows are not sent).
 */
export function problemsFromServer(
  issues: Array<{
    path: string;
    message: string;
    keyword?: string;
    params?: Record<string, unknown>;
  }>,
  rowOf: number[],
): FieldProblems {
  const out: FieldProblems = {};
  const add = (key: string, text: string) => (out[key] = out[key] ? `${out[key]} ${text}` : text);
  for (const issue of issues) {
    const [first, index, field] = fromPointer(issue.path);
    const words = `${plainMessage(issue)}.`;
    if (first === 'dealerships' && index !== undefined && rowOf[Number(index)] !== undefined)
      add(`dealership-${rowOf[Number(index)]}-${DEALERSHIP_FIELDS[field] ?? 'name'}`, words);
    else if (['name', 'slug', 'template', 'region'].includes(first)) add(first, words);
    else add('form', words);
  }
  return out;
}

export function NewSiteForm({
  onCreated,
  taken,
}: {
  onCreated: (slug: string) => void;
  taken: Set<string>;
}) {
  const id = useId();
  const [templates, setTemplates] = useState<TemplateInfo[]>([]);
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [slugTouched, setSlugTouched] = useState(false);
  /** Staff's pick; undefined until they pick (then the first template that fits is sent). */
  const [picked, setTemplate] = useState<string | undefined>(undefined);
  const [region, setRegion] = useState<string>(DEFAULT_REGION);
  const [rows, setRows] = useState<DealershipRow[]>([
    { id: '', name: '', slug: '', manufacturers: '' },
  ]);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api.listTemplates().then(setTemplates, () => setTemplates([]));
  }, []);
  const fitting = fittingTemplates(templates, makesSold(rows));
  const template = chosenTemplate(picked, fitting);
  const effectiveSlug = slugTouched ? slug : name ? plainName(name) : '';

  /** Shows the problems and puts focus on the first field that has one (in the form's order). */
  const show = (form: HTMLFormElement, found: FieldProblems) => {
    setProblems(found);
    const first = [...form.elements].find((el) => (el as HTMLInputElement).name in found) as
      HTMLElement | undefined;
    first?.focus();
  };

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const errs: FieldProblems = {};
    if (!name.trim()) errs.name = 'Enter the dealer or group name.';
    if (!isPlainName(effectiveSlug))
      errs.slug = 'Use lower-case letters, digits and single hyphens, such as city-motors.';
    else if (taken.has(effectiveSlug))
      errs.slug = `“${effectiveSlug}” is already used: choose another site name.`;
    const sent = rows.map((r, i) => ({ r, i })).filter(({ r }) => r.name.trim() || r.id.trim());
    const dealerships = sent.map(({ r, i }) => {
      const n = Number(r.id);
      if (!Number.isInteger(n) || n < 1)
        errs[`dealership-${i}-id`] = 'Enter a whole number from 1.';
      const ds = r.slug.trim() || plainName(r.name);
      if (!isPlainName(ds))
        errs[`dealership-${i}-slug`] = 'Use lower-case letters, digits and single hyphens.';
      const manufacturers = r.manufacturers
        .split(',')
        .map((m) => m.trim())
        .filter(Boolean);
      return {
        id: n,
        slug: ds,
        name: r.name.trim(),
        ...(manufacturers.length ? { manufacturers } : {}),
      };
    });
    show(form, errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await api.createSite({
        slug: effectiveSlug,
        name: name.trim(),
        region,
        template: template || undefined,
        dealerships,
      });
      onCreated(effectiveSlug);
    } catch (err) {
      const a = err as ApiError;
      show(
        form,
        a.issues?.length
          ? problemsFromServer(
              a.issues,
              sent.map(({ i }) => i),
            )
          : { form: a.message },
      );
    } finally {
      setBusy(false);
    }
  };

  const setRow = (i: number, patch: Partial<DealershipRow>) =>
    setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  /** An input's problem wiring: marked invalid and described by its message. */
  const invalid = (field: string) =>
    problems[field] ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {};
  const problem = (field: string): ReactNode =>
    problems[field] && (
      <small id={`${id}-${field}-error`} className="fc-error">
        {problems[field]}
      </small>
    );

  return (
    <section aria-labelledby={`${id}-title`} className="fc-new-site">
      <h2 id={`${id}-title`}>New site from a template</h2>
      <form onSubmit={submit} noValidate>
        <div className="fc-field">
          <label htmlFor={`${id}-name`}>Dealer or group name</label>
          <input
            id={`${id}-name`}
            name="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            placeholder="City Motors"
            {...invalid('name')}
          />
          {problem('name')}
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-slug`}>Site name (in addresses and the file name)</label>
          <input
            id={`${id}-slug`}
            name="slug"
            value={effectiveSlug}
            spellCheck={false}
            onChange={(e) => {
              setSlugTouched(true);
              setSlug(e.target.value);
            }}
            placeholder="city-motors"
            {...invalid('slug')}
          />
          {problem('slug')}
          <small className="fc-help">
            Lower-case letters, digits and hyphens. Saved as sites/{effectiveSlug || '…'}.json.
          </small>
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-template`}>Template</label>
          <select
            id={`${id}-template`}
            name="template"
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
            {...invalid('template')}
          >
            {fitting.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
                {t.makes.length ? ` (for ${t.makes.join(', ')})` : ''}
              </option>
            ))}
            <option value="">No template (start from one page)</option>
          </select>
          {problem('template')}
          <small className="fc-help">
            Listed: the templates that fit the makes the dealerships below sell.
          </small>
        </div>
        <div className="fc-field">
          <label htmlFor={`${id}-region`}>Region</label>
          <select
            id={`${id}-region`}
            name="region"
            value={region}
            onChange={(e) => setRegion(e.target.value)}
            {...invalid('region')}
          >
            {REGIONS.map(([code, label]) => (
              <option key={code} value={code}>
                {label} ({code})
              </option>
            ))}
          </select>
          {problem('region')}
        </div>
        <fieldset className="fc-dealerships">
          <legend>Dealerships</legend>
          {rows.map((r, i) => (
            <div
              key={i}
              className="fc-dealership-row"
              role="group"
              aria-label={`Dealership ${i + 1}`}
            >
              <label>
                Id{' '}
                <input
                  name={`dealership-${i}-id`}
                  inputMode="numeric"
                  value={r.id}
                  onChange={(e) => setRow(i, { id: e.target.value })}
                  size={5}
                  {...invalid(`dealership-${i}-id`)}
                />
              </label>
              {problem(`dealership-${i}-id`)}
              <label>
                Name{' '}
                <input
                  name={`dealership-${i}-name`}
                  value={r.name}
                  onChange={(e) => setRow(i, { name: e.target.value })}
                  {...invalid(`dealership-${i}-name`)}
                />
              </label>
              {problem(`dealership-${i}-name`)}
              <label>
                Short name{' '}
                <input
                  name={`dealership-${i}-slug`}
                  value={r.slug}
                  placeholder={r.name ? plainName(r.name) : ''}
                  onChange={(e) => setRow(i, { slug: e.target.value })}
                  {...invalid(`dealership-${i}-slug`)}
                />
              </label>
              {problem(`dealership-${i}-slug`)}
              <label>
                Makes sold new{' '}
                <input
                  name={`dealership-${i}-makes`}
                  value={r.manufacturers}
                  placeholder="Ford, Mazda"
                  onChange={(e) => setRow(i, { manufacturers: e.target.value })}
                  {...invalid(`dealership-${i}-makes`)}
                />
              </label>
              {problem(`dealership-${i}-makes`)}
              {rows.length > 1 && (
                <button
                  type="button"
                  onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
                  aria-label={`Remove dealership ${i + 1}`}
                >
                  Remove
                </button>
              )}
            </div>
          ))}
          <button
            type="button"
            onClick={() =>
              setRows((rs) => [...rs, { id: '', name: '', slug: '', manufacturers: '' }])
            }
          >
            Add a dealership
          </button>
        </fieldset>
        {problems.form && (
          <p className="fc-error" role="alert">
            {problems.form}
          </p>
        )}
        <button type="submit" className="fc-primary" disabled={busy}>
          {busy ? 'Creating…' : 'Create site'}
        </button>
      </form>
    </section>
  );
}
