/**
 * Finance forms: the short finance enquiry, the fuller application and the
 * personalised quote. They start from the address (preferredDealership,
 * vehiclePriceBudget, car_id, car_type) and send a lead like every other form.
 *
 * Built like every lead form: the steps as a table (finance/machine.ts), the call
 * (finance/calls.ts), the hook (finance/useFinance.ts) and a props-only view
 * (finance/FinanceFields.tsx).
 */
import type { CarSummary } from './car.ts';
import type { FinanceQuery } from './links.ts';
import type { Quote } from './finance/calls.ts';
import { FinanceFields } from './finance/FinanceFields.tsx';
import type { FinanceVariant } from './finance/machine.ts';
import { useFinance } from './finance/useFinance.ts';

export type { FinanceVariant };

export interface FinanceFormProps {
  variant: FinanceVariant;
  car?: CarSummary;
  query?: FinanceQuery;
  /** The personalised quote the visitor set up in the calculator. */
  quote?: Quote;
  submitLabel: string;
  /** The personalised quote's block has no opt-in text of its own: the usual one shows. */
  optInText?: string;
  termsHref: string;
  formId: string;
  labelledBy?: string;
  successPath?: string;
}

export function FinanceForm(props: FinanceFormProps) {
  const finance = useFinance(props);
  return (
    <FinanceFields
      finance={finance}
      variant={props.variant}
      hasCar={Boolean(props.car)}
      quote={props.quote}
      submitLabel={props.submitLabel}
      termsHref={props.termsHref}
      labelledBy={props.labelledBy}
    />
  );
}
