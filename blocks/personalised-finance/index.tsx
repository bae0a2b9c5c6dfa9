/**
 * Personalised finance (/personalised/finance?car_id=…): the calculator set to the
 * car's price, then a finance enquiry carrying the quote the visitor settled on.
 */
import { useState } from 'react';
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { PersonalisedFinanceProps } from '../../schemas/resolved.gen.ts';
import { financeCalculator_price } from '../../schemas/block-defaults.gen.ts';
import { useCarFromQuery } from '../_forms/car.ts';
import { CarStatus } from '../_forms/CarContext.tsx';
import { calculatorTerms } from '../_forms/finance-terms.ts';
import { FinanceCalculator, type CalculatorValues } from '../_forms/FinanceCalculator.tsx';
import { FinanceForm } from '../_forms/FinanceForm.tsx';
import { FINANCE_ANCHOR, financeQuery } from '../_forms/links.ts';
import { useLandAtAnchor } from '../_forms/useLandAtAnchor.ts';
import '../_forms/forms.css';

export default defineBlock<PersonalisedFinanceProps>({
  component: function PersonalisedFinanceBlock({ props, block }) {
    const { site, t } = useSite();
    const { search } = useLocation();
    const carState = useCarFromQuery(site, search);
    const car = carState.status === 'ready' ? carState.car : undefined;
    const [quote, setQuote] = useState<(CalculatorValues & { weekly: number }) | undefined>();
    const headingId = `${block.id}-heading`;
    const formHeadingId = `${block.id}-form-heading`;
    useLandAtAnchor(FINANCE_ANCHOR);
    const price =
      car?.price && car.price > 10
        ? car.price
        : (financeQuery(search, site.dealerships).vehiclePriceBudget ?? financeCalculator_price);
    return (
      <section
        className="fc-form-block fc-personalised-finance"
        aria-labelledby={headingId}
        data-block-id={block.id}
      >
        <div className="fc-container fc-form-block__inner">
          <h2 id={headingId} className="fc-form-block__heading">
            {t(props.heading)}
          </h2>
          {props.intro && <p className="fc-form-block__intro">{t(props.intro)}</p>}
          <CarStatus state={carState} label="Finance for" />
          <FinanceCalculator
            key={`${price}-${car?.id ?? ''}`}
            price={price}
            terms={calculatorTerms(car, site)}
            headingId={headingId}
            onChange={setQuote}
          />
          <div id={FINANCE_ANCHOR} tabIndex={-1}>
            <h3
              id={formHeadingId}
              className="fc-form-block__heading fc-personalised-finance__form-heading"
            >
              {t('Send me this quote')}
            </h3>
            <FinanceForm
              variant="personalised"
              car={car}
              quote={quote}
              query={financeQuery(search, site.dealerships)}
              submitLabel={props.submitLabel}
              termsHref={props.termsHref}
              formId={block.id}
              labelledBy={formHeadingId}
            />
          </div>
        </div>
      </section>
    );
  },
});
