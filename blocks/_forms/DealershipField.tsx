/**
 * The dealership select in forms: the shared DealershipSelect (placeholder "Please select
 * a dealership...", the only option chosen automatically once) bound to the form's state,
 * id and errors. Values are dealership slugs, as the API checks them.
 */
import type { ResolvedSite } from '../../engine/site/types.ts';
import {
  DEALERSHIP_PLACEHOLDER,
  DealershipSelect,
  dealershipOptions,
} from '../_shared/DealershipSelect.tsx';
import type { FormController } from './useForm.ts';

export { DEALERSHIP_PLACEHOLDER, dealershipOptions };

export function DealershipField(props: {
  form: FormController;
  site: Pick<ResolvedSite, 'dealerships'>;
  name?: string;
  label?: string;
  required?: boolean;
}) {
  const { form, site, name = 'dealership_slug', label = 'Dealership', required = true } = props;
  form.label(name, label);
  const error = form.errorFor(name);
  const value = form.values[name];
  return (
    <DealershipSelect
      className={`fc-field${error ? ' fc-field--error' : ''}`}
      id={form.fieldId(name)}
      name={name}
      label={required ? label : `${label} (optional)`}
      options={dealershipOptions(site)}
      value={typeof value === 'string' ? value : ''}
      onChange={(v) => form.set(name, v)}
      error={error}
      required={required}
    />
  );
}
