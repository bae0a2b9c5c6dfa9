/**
 * Taking a reservation's deposit (docs/api.md, "Reservations"). The platform charges no card:
 * its default tells the buyer the deposit is paid at the dealership. A dealer with a payment
 * provider (Stripe or the like) plugs an adapter in behind the same interface (options.adapters):
 * it creates the payment for the lead and answers the provider's reference and what the buyer
 * must do next (e.g. a checkout link, status requires_action).
 */
import type { Deposit } from '../../../schemas/types.gen.ts';
import { formatMoney } from '../../region.ts';
import type { Region } from '../../site/types.ts';

/** The lead a deposit is for: enough for a provider's metadata and receipt. */
export interface DepositLead {
  lead_id: number;
  site: string;
  region: Region;
  car_id: number | string;
  stock_number: string | null;
  car_name?: string;
  name: string;
  email: string;
  phone: string;
}

export interface DepositRequest {
  lead: DepositLead;
  /** Whole currency units (the site's reserveDeposit). */
  amount: number;
  currency: Deposit['currency'];
}

export type DepositResult = Pick<Deposit, 'status' | 'reference' | 'instructions'>;

export interface PaymentProvider {
  /** Short name kept with the reservation (e.g. "stripe"). */
  readonly name: string;
  /** Throwing means no deposit was set up: the reservation is not kept and the buyer may try again. */
  createDeposit(request: DepositRequest): Promise<DepositResult>;
}

export const PAY_AT_DEALERSHIP = 'pay-at-dealership';

/** The sentence a buyer reads when nothing is charged online. */
export function payAtDealershipInstructions(amount: number, region: Region): string {
  return `No card has been charged. Please pay the ${formatMoney(amount, region)} refundable deposit at the dealership.`;
}

/** The default: no provider, no charge; the deposit is paid at the dealership. */
export function payAtDealership(): PaymentProvider {
  return {
    name: PAY_AT_DEALERSHIP,
    createDeposit: async ({ lead, amount }) => ({
      status: 'pay_at_dealership',
      reference: null,
      instructions: payAtDealershipInstructions(amount, lead.region),
    }),
  };
}
