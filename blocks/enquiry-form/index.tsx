/**
 * Enquiry form block (/contact and any page): a general enquiry, or about the car in
 * ?car_id=. The same form opens in a modal from car cards and the car page (EnquiryModal).
 */
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { EnquiryFormProps } from '../../schemas/types.gen.ts';
import { useCarFromQuery } from '../_forms/car.ts';
import { CarStatus } from '../_forms/CarContext.tsx';
import { EnquiryForm } from '../_forms/EnquiryForm.tsx';
import '../_forms/forms.css';

export { EnquiryModal } from './EnquiryModal.tsx';

export default defineBlock<EnquiryFormProps>({
  component: function EnquiryFormBlock({ props, block }) {
    const { site, t } = useSite();
    const { search } = useLocation();
    const carState = useCarFromQuery(site, search, props.carFromQuery ?? true);
    const car = carState.status === 'ready' ? carState.car : undefined;
    const headingId = `${block.id}-heading`;
    return (
      <section className="fc-form-block fc-enquiry-form-block" aria-labelledby={headingId} id={block.id} data-block-id={block.id}>
        <div className="fc-container fc-form-block__inner">
          <h2 id={headingId} className="fc-form-block__heading">
            {t(props.heading ?? 'Send us an enquiry')}
          </h2>
          {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
          <CarStatus state={carState} />
          <EnquiryForm
            mode="enquiry"
            car={car}
            category={props.category}
            categoryOptions={props.categoryOptions}
            steps={props.steps}
            askRego={props.askRego}
            optInText={props.optInText}
            termsHref={props.termsHref}
            submitLabel={props.submitLabel}
            formId={block.id}
            labelledBy={headingId}
          />
        </div>
      </section>
    );
  },
});
