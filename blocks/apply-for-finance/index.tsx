/** Apply for finance (/apply-for-finance; anchor #finance-form): the enquiry plus employment, income and living situation. */
import { defineBlock } from '../../engine/render/block.ts';
import type { ApplyForFinanceProps } from '../../schemas/resolved.gen.ts';
import { FinanceFormBlock } from '../_forms/FinanceFormBlock.tsx';

export default defineBlock<ApplyForFinanceProps>({
  // EnquiryFormSection renders id={block.id}: links jump to the form (#finance-form).
  ownAnchor: true,
  component: ({ props, block }) => (
    <FinanceFormBlock props={props} blockId={block.id} variant="application" />
  ),
});
