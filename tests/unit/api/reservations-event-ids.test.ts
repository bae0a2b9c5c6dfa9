/**
 * Reservations (docs/api.md, "Reservations"): the analytics event id kept on every lead,
 * shown to staff, and only the analytics layer's known ids accepted.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_IDS } from '../../../blocks/_shared/analytics.ts';
import commonSchema from '../../../schemas/api/common.schema.json' with { type: 'json' };
import { auLead, describeStores } from './harness.ts';
import { reservationApi, STAFF } from './reservations-kit.ts';

describeStores('reservations', () => {
  const { start, staffLead } = reservationApi();

  describe('event ids on stored leads', () => {
    it('POST /api/leads keeps the event id and the staff view shows it', async () => {
      const { t } = await start();
      const res = await t.post(
        '/leads',
        auLead({ captcha: await t.captcha(), event_id: EVENT_IDS.usedEnquiry }),
      );
      expect(res.status).toBe(201);
      const stored = await staffLead(t, res.body.lead_id);
      expect(stored).toMatchObject({ event_id: 15, reservation: null });
      const html = await t.get(
        `/staff/leads.html?site=au-motors&token=${STAFF.authorization.slice(7)}`,
      );
      expect(html.text).toContain('<th>Event id</th>');
      expect(html.text).toContain('<td>15</td>');
    });

    it('an accepted trade-in offer puts event 18 on its lead', async () => {
      const { t } = await start();
      const lead = await t.post(
        '/leads',
        auLead({
          captcha: await t.captcha(),
          isLastStep: false,
          category: 'Trade-in',
          subcategory: '1. Lead Created',
        }),
      );
      const { lead_id, lead_secret } = lead.body;
      const accept = {
        site: 'au-motors',
        lead_id,
        lead_secret,
        category: 'Trade-in',
        subcategory: '3. Offer Accepted',
        form_completed: true,
        offer_accepted: true,
      };
      expect(
        (await t.post('/offers/accept', { ...accept, event_id: EVENT_IDS.offerAccepted })).status,
      ).toBe(200);
      expect(await staffLead(t, lead_id)).toMatchObject({ status: 'offer_accepted', event_id: 18 });
    });

    it('refuses an event id that is not one of the known ones', async () => {
      const { t } = await start();
      const res = await t.post('/leads', auLead({ captcha: await t.captcha(), event_id: 99 }));
      expect(res.status).toBe(400);
      expect(res.body.fields).toEqual([
        {
          path: '/event_id',
          message: expect.stringMatching(/^must be one of: 14, 15, 17, 48, 22, 18, 39/),
        },
      ]);
    });

    it("the known ids are exactly the analytics layer's", () => {
      expect([...commonSchema.$defs.eventId.enum].sort()).toEqual(Object.values(EVENT_IDS).sort());
    });
  });
});
