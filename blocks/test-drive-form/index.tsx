/** Test drive booking (/book-test-drive): optional preferred date and time, optional message; about the car in ?car_id= when given. */
import { defineBlock } from '../../engine/render/block.ts';
import type { TestDriveFormProps } from '../../schemas/resolved.gen.ts';
import { EnquiryFormSection } from '../_forms/EnquiryFormSection.tsx';

export default defineBlock<TestDriveFormProps>({
  // EnquiryFormSection renders id={block.id}: links jump to the form (#finance-form).
  ownAnchor: true,
  component: function TestDriveFormBlock({ props, block }) {
    return (
      <EnquiryFormSection
        block={block}
        className="fc-test-drive-form-block"
        heading={props.heading}
        intro={props.intro}
        carFromQuery={props.carFromQuery}
        carLabel="Test drive"
        form={{
          mode: 'test-drive',
          steps: 'one',
          optInText: props.optInText,
          termsHref: props.termsHref,
          submitLabel: props.submitLabel,
        }}
      />
    );
  },
});
