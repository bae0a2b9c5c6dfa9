/**
 * Dealership select for forms (spec: placeholder "Please select a dealership...";
 * with only one option it is chosen automatically, once — the visitor may still clear it).
 * Values are dealership slugs, as the API checks them.
 */
import { useEffect, useRef } from 'react';
import type { ResolvedSite } from '../../engine/site/types.ts';
import { SelectField } from './fields.tsx';
import type { FormController } from './useForm.ts';

export const DEALERSHIP_PLACEHOLDER = 'Please select a dealership...';

export function dealershipOptions(site: Pick<ResolvedSite, 'dealerships'>) {
  return site.dealerships.map((d) => ({ value: d.slug, label: d.name }));
}

export function DealershipField(props: {
  form: FormController;
  site: Pick<ResolvedSite, 'dealerships'>;
  name?: string;
  label?: string;
  required?: boolean;
}) {
  const { form, site, name = 'dealership_slug', label = 'Dealership', required = true } = props;
  const options = dealershipOptions(site);
  const autoSelected = useRef(false);
  const only = options.length === 1 ? options[0].value : undefined;
  useEffect(() => {
    if (only && !autoSelected.current) {
      autoSelected.current = true;
      if (!form.values[name]) form.set(name, only);
    }
  }, [only, name, form]);
  return <SelectField form={form} name={name} label={label} required={required} options={options} placeholder={DEALERSHIP_PLACEHOLDER} />;
}
