/**
 * Enquiry form block (/contact and any page): a general enquiry, or about the car in
 * ?car_id=. The same form opens in a modal from car cards and the car page
 * (_forms/EnquiryModal.tsx, loaded there on demand: this block does not import it, so its
 * pages never load the dialog).
 */
import { defineBlock } from '../../engine/render/block.ts';
import type { EnquiryFormProps } from '../../schemas/resolved.gen.ts';
import { EnquiryFormSection } from '../_forms/EnquiryFormSection.tsx';

export default defineBlock<EnquiryFormProps>({
  // EnquiryFormSection renders id={block.id}: links jump to the form (#finance-form).
  ownAnchor: true,
  component: function EnquiryFormBlock({ props, block }) {
    return (
      <EnquiryFormSection
        block={block}
        className="fc-enquiry-form-block"
        heading={props.heading}
        intro={props.intro}
        carFromQuery={props.carFromQuery}
        form={{
          mode: 'enquiry',
          category: props.category,
          categoryOptions: props.categoryOptions,
          steps: props.steps,
          askRego: props.askRego,
          optInText: props.optInText,
          termsHref: props.termsHref,
          submitLabel: props.submitLabel,
        }}
      />
    );
  },
});
