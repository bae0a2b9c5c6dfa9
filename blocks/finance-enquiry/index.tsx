/** Finance enquiry (/finance, /finance-enquiry; anchor #finance-form). */
import { defineBlock } from '../../engine/render/block.ts';
import type { FinanceEnquiryProps } from '../../schemas/resolved.gen.ts';
import { FinanceFormBlock } from '../_forms/FinanceFormBlock.tsx';

export default defineBlock<FinanceEnquiryProps>({
  // EnquiryFormSection renders id={block.id}: links jump to the form (#finance-form).
  ownAnchor: true,
  component: ({ props, block }) => (
    <FinanceFormBlock props={props} blockId={block.id} variant="enquiry" />
  ),
});
