/**
 * Parts request (/parts/search): the visitor tells the parts team their vehicle (make,
 * model, year, and the VIN if they have it), the part they are after (name or part
 * number, how many), their details and the parts counter they prefer. It sends a Parts
 * Enquiry lead like every other form (docs/forms.md). The part starts from ?part= or
 * ?q= in the address, so a search box elsewhere can send the visitor here.
 *
 * Built like every lead form: the steps as a table (machine.ts), the call (calls.ts), the
 * hook (usePartsRequest.ts) and a props-only view (PartsRequestForm.tsx).
 */
import { useMemo } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Location } from '../../engine/site/types.ts';
import { partsLocations } from '../../engine/api/service-booking.ts';
import type { PartsRequestProps } from '../../schemas/resolved.gen.ts';
import { FormSection } from '../_forms/Form.tsx';
import { PartsRequestForm } from './PartsRequestForm.tsx';
import { usePartsRequest } from './usePartsRequest.ts';
import '../_forms/forms.css';
import './parts-request.css';

interface FormProps {
  props: PartsRequestProps;
  formId: string;
  labelledBy: string;
  counters: Location[];
}

function PartsRequest({ props, formId, labelledBy, counters }: FormProps) {
  const parts = usePartsRequest({ counters, optInText: props.optInText, formId });
  return (
    <PartsRequestForm
      parts={parts}
      labelledBy={labelledBy}
      optInText={props.optInText}
      termsHref={props.termsHref}
      submitLabel={props.submitLabel}
    />
  );
}

export default defineBlock<PartsRequestProps>({
  // The section carries id={block.id}: links may jump to it (#parts-request), so the renderer adds no anchor of its own.
  ownAnchor: true,
  component: function PartsRequestBlock({ props, block }) {
    const { site } = useSite();
    const counters = useMemo(() => partsLocations(site.locations), [site.locations]);
    return (
      <FormSection
        block={block}
        className="fc-parts-request"
        heading={props.heading}
        intro={props.intro}
      >
        {(headingId) => (
          <PartsRequest
            props={props}
            formId={block.id}
            labelledBy={headingId}
            counters={counters}
          />
        )}
      </FormSection>
    );
  },
});
