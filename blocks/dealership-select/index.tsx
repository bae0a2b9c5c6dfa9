/**
 * Dealership select block: "Find your dealership" — the shared DealershipSelect (placeholder
 * "Please select a dealership...", the only dealership chosen automatically) and a button
 * to the chosen dealership's location page ({pageBase}/{slug} of its primary, else first
 * visible sales, else first location).
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location, ResolvedSite } from '../../engine/site/types.ts';
import type { DealershipSelectProps } from '../../schemas/resolved.gen.ts';
import { DealershipSelect, dealershipOptions } from '../_shared/DealershipSelect.tsx';
import './dealership-select.css';

/** The location that stands for a dealership: primary, else its first visible sales location, else its first. */
export function dealershipLocation(
  site: Pick<ResolvedSite, 'locations'>,
  dealershipSlug: string,
): Location | undefined {
  const own = site.locations.filter((l) => l.dealership_slug === dealershipSlug);
  const visible = own.filter((l) => l.visible !== false);
  return (
    visible.find((l) => l.primary) ??
    visible.find((l) => l.location_type === 'sales') ??
    visible[0] ??
    own[0]
  );
}

export default defineBlock<DealershipSelectProps>({
  component: function DealershipSelectBlock({ props, block }) {
    const { site, t } = useSite();
    const navigate = useNavigate();
    const options = dealershipOptions(site);
    const [value, setValue] = useState('');
    const [error, setError] = useState<string | undefined>();
    if (!options.length) return null;
    const headingId = `${block.id}-heading`;
    const heading = props.heading;

    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const location = value ? dealershipLocation(site, value) : undefined;
      if (!value) {
        setError('Please select a dealership.');
        return;
      }
      if (!location) {
        setError('That dealership has no location page yet. Please contact us.');
        return;
      }
      setError(undefined);
      navigate(`${props.pageBase}/${location.slug}`);
    };

    return (
      <section
        className="fc-dealership-picker"
        aria-labelledby={heading ? headingId : undefined}
        data-block-id={block.id}
      >
        <div className="fc-container">
          {heading && (
            <h2 className="fc-dealership-picker__heading" id={headingId}>
              {t(heading)}
            </h2>
          )}
          <form className="fc-dealership-picker__form" onSubmit={submit} noValidate>
            <DealershipSelect
              options={options}
              label={t(props.label)}
              value={value}
              onChange={(v) => {
                setValue(v);
                if (v) setError(undefined);
              }}
              error={error}
              required
            />
            <button type="submit" className="fc-button">
              {t(props.buttonLabel)}
            </button>
          </form>
        </div>
      </section>
    );
  },
});
