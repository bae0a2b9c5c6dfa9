/** Finance calculator block, with a button on to the site's finance page for the amount worked out. */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { FinanceCalculatorProps } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { useCarFromQuery } from '../_forms/car.ts';
import { CarStatus } from '../_forms/CarContext.tsx';
import { calculatorTerms } from '../_forms/finance-terms.ts';
import { FinanceCalculator } from '../_forms/FinanceCalculator.tsx';
import { financeHref } from '../_forms/links.ts';
import '../_forms/forms.css';

export default defineBlock<FinanceCalculatorProps>({
  component: function FinanceCalculatorBlock({ props, block }) {
    const { site, t } = useSite();
    const { search } = useLocation();
    const carState = useCarFromQuery(site, search, props.carFromQuery);
    const car = carState.status === 'ready' ? carState.car : undefined;
    const [budget, setBudget] = useState<number>(props.price);
    const headingId = `${block.id}-heading`;
    const startPrice = car?.price && car.price > 10 ? car.price : props.price;
    const terms = calculatorTerms(car, site);
    return (
      <section
        className="fc-form-block fc-finance-calculator"
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container fc-form-block__inner">
          <h2 id={headingId} className="fc-form-block__heading">
            {t(props.heading)}
          </h2>
          <CarStatus state={carState} label="Repayments for" />
          <FinanceCalculator
            key={`${startPrice}-${car?.id ?? ''}`}
            price={startPrice}
            terms={terms}
            termYears={props.termYears}
            provider={props.provider}
            headingId={headingId}
            onChange={(v) => setBudget(v.price)}
          />
          {props.showEnquiryLink && (
            <p className="fc-form__actions">
              <SiteLink
                className="fc-button"
                href={financeHref(site, {
                  vehiclePriceBudget: budget,
                  car_id: car?.id,
                  car_type: car?.car_type,
                  preferredDealership: car?.dealership_slug,
                })}
              >
                {t(site.features.financeButtonText)}
              </SiteLink>
            </p>
          )}
        </div>
      </section>
    );
  },
});
