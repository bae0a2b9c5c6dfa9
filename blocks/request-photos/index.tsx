/** Request more photos or a video of a car (about the car in ?car_id=, or the car page's). Only the contact details are required. */
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { RequestPhotosProps } from '../../schemas/types.gen.ts';
import { useCarFromQuery } from '../_forms/car.ts';
import { CarStatus } from '../_forms/CarContext.tsx';
import { EnquiryForm } from '../_forms/EnquiryForm.tsx';
import '../_forms/forms.css';

export default defineBlock<RequestPhotosProps>({
  component: function RequestPhotosBlock({ props, block }) {
    const { site, t } = useSite();
    const { search } = useLocation();
    const carState = useCarFromQuery(site, search, props.carFromQuery ?? true);
    const car = carState.status === 'ready' ? carState.car : undefined;
    const headingId = `${block.id}-heading`;
    return (
      <section className="fc-form-block fc-request-photos-block" aria-labelledby={headingId} id={block.id} data-block-id={block.id}>
        <div className="fc-container fc-form-block__inner">
          <h2 id={headingId} className="fc-form-block__heading">
            {t(props.heading ?? 'Request more photos')}
          </h2>
          {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
          <CarStatus state={carState} label="Photos of" />
          <EnquiryForm
            mode="photos"
            car={car}
            steps="one"
            optInText=""
            termsHref={props.termsHref}
            submitLabel={props.submitLabel ?? 'Request photos'}
            formId={block.id}
            labelledBy={headingId}
          />
        </div>
      </section>
    );
  },
});
