/** Test drive booking (/book-test-drive): optional preferred date and time, optional message; about the car in ?car_id= when given. */
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { TestDriveFormProps } from '../../schemas/types.gen.ts';
import { useCarFromQuery } from '../_forms/car.ts';
import { CarStatus } from '../_forms/CarContext.tsx';
import { EnquiryForm } from '../_forms/EnquiryForm.tsx';
import '../_forms/forms.css';

export default defineBlock<TestDriveFormProps>({
  component: function TestDriveFormBlock({ props, block }) {
    const { site, t } = useSite();
    const { search } = useLocation();
    const carState = useCarFromQuery(site, search, props.carFromQuery ?? true);
    const car = carState.status === 'ready' ? carState.car : undefined;
    const headingId = `${block.id}-heading`;
    return (
      <section className="fc-form-block fc-test-drive-form-block" aria-labelledby={headingId} id={block.id} data-block-id={block.id}>
        <div className="fc-container fc-form-block__inner">
          <h2 id={headingId} className="fc-form-block__heading">
            {t(props.heading ?? 'Book a test drive')}
          </h2>
          {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
          <CarStatus state={carState} label="Test drive" />
          <EnquiryForm
            mode="test-drive"
            car={car}
            steps="one"
            optInText={props.optInText}
            termsHref={props.termsHref}
            submitLabel={props.submitLabel ?? 'Book test drive'}
            formId={block.id}
            labelledBy={headingId}
          />
        </div>
      </section>
    );
  },
});
