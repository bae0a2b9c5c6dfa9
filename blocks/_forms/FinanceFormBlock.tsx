/** The section around a finance form: heading, intro, the car from ?car_id=, and the #finance-form anchor. */
import { useLocation } from 'react-router';
import { useSite } from '../../engine/render/site-context.tsx';
import { useCarFromQuery } from './car.ts';
import { CarStatus } from './CarContext.tsx';
import { FinanceForm, type FinanceVariant } from './FinanceForm.tsx';
import { FINANCE_ANCHOR, financeQuery } from './links.ts';
import { useLandAtAnchor } from './useLandAtAnchor.ts';
import type { ApplyForFinanceProps, FinanceEnquiryProps } from '../../schemas/resolved.gen.ts';
import './forms.css';

export type FinanceBlockProps = FinanceEnquiryProps | ApplyForFinanceProps;

export function FinanceFormBlock({
  props,
  blockId,
  variant,
}: {
  props: FinanceBlockProps;
  blockId: string;
  variant: Exclude<FinanceVariant, 'personalised'>;
}) {
  const { site, t } = useSite();
  const { search } = useLocation();
  const query = financeQuery(search, site.dealerships);
  const carState = useCarFromQuery(site, search);
  const car = carState.status === 'ready' ? carState.car : undefined;
  const headingId = `${blockId}-heading`;
  useLandAtAnchor(FINANCE_ANCHOR);
  return (
    <section
      className={`fc-form-block fc-finance-block fc-${variant === 'application' ? 'apply-for-finance' : 'finance-enquiry'}`}
      aria-labelledby={headingId}
      data-block-id={blockId}
    >
      <div className="fc-container fc-form-block__inner" id={FINANCE_ANCHOR} tabIndex={-1}>
        <h2 id={headingId} className="fc-form-block__heading">
          {t(props.heading)}
        </h2>
        {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
        <CarStatus state={carState} label="Finance for" />
        <FinanceForm
          variant={variant}
          car={car}
          query={query}
          submitLabel={props.submitLabel}
          optInText={props.optInText}
          termsHref={props.termsHref}
          formId={blockId}
          labelledBy={headingId}
        />
      </div>
    </section>
  );
}
