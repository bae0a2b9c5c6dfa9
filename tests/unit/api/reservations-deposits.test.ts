/**
 * Reservations (docs/api.md, "Reservations"): the deposit's payment provider behind its
 * interface: the default charges nothing, an adapter's answer is kept, a failure takes the
 * reservation back.
 */
import { describe, expect, it } from 'vitest';
import {
  payAtDealership,
  payAtDealershipInstructions,
  type PaymentProvider,
} from '../../../engine/api/adapters/payments.ts';
import { DEPOSIT_FAILED } from '../../../engine/api/reservations/terms.ts';
import { describeStores } from './harness.ts';
import { reservationApi, STAFF } from './reservations-kit.ts';

describeStores('reservations', () => {
  const { start, reserve } = reservationApi();

  describe('deposit payment provider', () => {
    it("the default charges nothing and says the deposit is paid at the dealership, in the region's money", async () => {
      const provider = payAtDealership();
      const lead = {
        lead_id: 1,
        site: 'x',
        region: 'US' as const,
        car_id: 1,
        stock_number: null,
        name: 'A',
        email: 'a@example.com',
        phone: '1',
      };
      expect(await provider.createDeposit({ lead, amount: 250, currency: 'USD' })).toEqual({
        status: 'pay_at_dealership',
        reference: null,
        instructions:
          'No card has been charged. Please pay the $250 refundable deposit at the dealership.',
      });
      expect(payAtDealershipInstructions(200, 'AU')).toMatch(/No card has been charged/);
    });

    it('a provider adapter gets the lead, the amount and the currency, and its answer is kept', async () => {
      const asked: unknown[] = [];
      const stripeLike: PaymentProvider = {
        name: 'stripe',
        async createDeposit(request) {
          asked.push(request);
          return {
            status: 'requires_action',
            reference: 'pi_123',
            instructions: 'Finish paying your deposit at https://pay.example/pi_123.',
          };
        },
      };
      const { t } = await start({ payments: stripeLike });
      const res = await reserve(t);
      expect(res.status).toBe(201);
      expect(asked).toEqual([
        expect.objectContaining({
          amount: 200,
          currency: 'AUD',
          lead: expect.objectContaining({
            lead_id: res.body.lead_id,
            stock_number: 'U1234',
            email: 'jane@example.com',
          }),
        }),
      ]);
      expect(res.body.reservation.deposit).toMatchObject({
        provider: 'stripe',
        status: 'requires_action',
        reference: 'pi_123',
      });
    });

    it('a provider that fails takes the reservation back: 502, no lead, the car not held', async () => {
      const held: unknown[] = [];
      const failing: PaymentProvider = {
        name: 'broken',
        createDeposit: async () => Promise.reject(new Error('card network down')),
      };
      const { t } = await start({ payments: failing, held: (h) => held.push(h) });
      const res = await reserve(t);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: DEPOSIT_FAILED });
      expect((await t.get('/staff/leads?site=au-motors', STAFF)).body.leads).toEqual([]);
      expect(held.at(-1)).toEqual([]);
    });
  });
});
