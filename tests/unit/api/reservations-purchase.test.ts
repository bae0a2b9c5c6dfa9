/**
 * The online purchase journey (/checkout-journey; docs/cars.md, "Reserve online"): a
 * reservation with journey "purchase" takes used cars only; a new car is refused with 409
 * and the words the page shows, and nothing is stored or held. A used car is stored as a
 * Reservation whose subcategory says Online Purchase.
 */
import { describe, expect, it } from 'vitest';
import { NOT_FOR_PURCHASE, PURCHASE_SUBCATEGORY } from '../../../engine/api/reservations/terms.ts';
import { describeStores } from './harness.ts';
import { reservationApi } from './reservations-kit.ts';

describeStores('reservations', () => {
  const { start, reserve, staffLead } = reservationApi();

  describe('the online purchase journey', () => {
    it('refuses a new car with 409 and a clear message, storing nothing', async () => {
      const { t } = await start();
      const res = await reserve(t, { car_id: 1239, journey: 'purchase' });
      expect(res.status).toBe(409);
      expect(res.body.error).toBe(NOT_FOR_PURCHASE);
      const [row] = await t.rows<{ n: number }>('SELECT CAST(COUNT(*) AS INTEGER) AS n FROM leads');
      expect(row.n).toBe(0);
      // The same car may still be reserved on its own checkout page.
      expect((await reserve(t, { car_id: 1239 })).status).toBe(201);
    });

    it('takes a used car, its lead marked Online Purchase', async () => {
      const { t } = await start();
      const res = await reserve(t, { car_id: 1234, journey: 'purchase' });
      expect(res.status).toBe(201);
      expect(await staffLead(t, res.body.lead_id)).toMatchObject({
        category: 'Reservation',
        subcategory: PURCHASE_SUBCATEGORY,
      });
    });
  });
});
