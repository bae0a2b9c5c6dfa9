/** Request more photos or a video of a car (about the car in ?car_id=, or the car page's). Only the contact details are required. */
import { defineBlock } from '../../engine/render/block.ts';
import type { RequestPhotosProps } from '../../schemas/resolved.gen.ts';
import { EnquiryFormSection } from '../_forms/EnquiryFormSection.tsx';

export default defineBlock<RequestPhotosProps>({
  // EnquiryFormSection renders id={block.id}: links jump to the form (#finance-form).
  ownAnchor: true,
  component: function RequestPhotosBlock({ props, block }) {
    return (
      <EnquiryFormSection
        block={block}
        className="fc-request-photos-block"
        heading={props.heading}
        intro={props.intro}
        carFromQuery={props.carFromQuery}
        carLabel="Photos of"
        form={{
          mode: 'photos',
          steps: 'one',
          optInText: '',
          termsHref: props.termsHref,
          submitLabel: props.submitLabel,
        }}
      />
    );
  },
});
