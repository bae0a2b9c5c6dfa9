/**
 * Leads delivered (docs/leads.md): every kind of lead on every demo site reaches the right
 * location's address once, through the outbox and the worker, over real SMTP (an in-process
 * smtp-server); the buyer's answer does not wait for it; the buyer's confirmation goes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Car, LeadRoute } from '../../../schemas/types.gen.ts';
import { LEAD_KINDS, type LeadKind } from '../../../engine/site/lead-routing.ts';
import { planDeliveries } from '../../../engine/api/delivery/plan.ts';
import type { NewLead } from '../../../engine/api/store/types.ts';
import type { ResolvedSite } from '../../../engine/site/types.ts';
import { SITES_DIR } from '../helpers.ts';
import { startApi, type TestApi } from '../api/harness.ts';
import { htmlPart, leadIdOf, startSmtp, type TestSmtp } from './smtp-kit.ts';

/** A category each kind of lead is sent with by its form (docs/forms.md). */
const CATEGORY: Record<LeadKind, string> = {
  enquiry: 'General Enquiry',
  'test-drive': 'Test Drive',
  finance: 'Finance Application',
  'trade-in': 'Trade-in',
  reservation: 'Reservation',
  service: 'Service Booking',
  parts: 'Parts Enquiry',
};

/** Who should get a kind at a location, read plainly off the document's routes. */
function expectedEmails(site: ResolvedSite, kind: LeadKind, location?: string): string[] {
  const routes: LeadRoute[] = site.leadRouting!.routes.filter((r) => r.kinds.includes(kind));
  const own = routes.filter((r) => location !== undefined && r.location === location);
  return (own.length ? own : routes.filter((r) => !r.location)).flatMap((r) => r.emails ?? []);
}

let smtp: TestSmtp;
let t: TestApi;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await startApi({
    sitesDir: SITES_DIR,
    store: 'sqlite',
    rateLimit: false,
    env: { FORECOURT_SMTP_URL: smtp.url },
    getCar: (id) =>
      id === 777
        ? ({ id: 777, location: { slug: 'nerang' }, name: 'A car at Nerang' } as unknown as Car)
        : undefined,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

const sites = () => t.sites.all().flatMap((e) => (e.ok && e.site.leadRouting ? [e.site] : []));

describe('every lead kind on every demo site', () => {
  it('arrives once at the right location, and the buyer gets a confirmation', async () => {
    expect(sites().map((s) => s.slug)).toEqual(
      expect.arrayContaining([
        'gold-coast-ford',
        'kiwi-car-yard',
        'lakeside-chevrolet',
        'southern-motor-group',
      ]),
    );
    const expected = new Map<number, { to: string[]; buyer: string }>();
    for (const site of sites()) {
      const places = [undefined, ...site.locations.filter((l) => l.visible !== false)];
      for (const kind of LEAD_KINDS)
        for (const location of places) {
          const buyer = `buyer-${site.slug}-${kind}-${location?.slug ?? 'any'}@example.com`;
          const lead: NewLead = {
            site: site.slug,
            submissionId: crypto.randomUUID(),
            kind: 'lead',
            isLastStep: true,
            category: CATEGORY[kind],
            name: 'Sam Buyer',
            email: buyer,
            phone: '0412 345 678',
            payload: location ? { location_id: location.id } : {},
            visitedPages: [],
            queryParams: {},
          };
          const deliveries = planDeliveries(site, lead);
          const { leadId } = await t.api.store.leads.create(lead, {
            createdAt: new Date().toISOString(),
            deliveries,
          });
          expected.set(leadId, { to: expectedEmails(site, kind, location?.slug), buyer });
        }
    }
    t.api.deliveries.nudge();
    await t.api.settled();
    for (const [leadId, { to, buyer }] of expected) {
      const got = smtp.mail.filter((m) => leadIdOf(m.messageId) === leadId);
      const dealer = got.filter((m) => !m.to.includes(buyer) && !m.to[0].startsWith('adf@'));
      expect(dealer.flatMap((m) => m.to).sort(), `lead ${leadId}`).toEqual([...to].sort());
      expect(dealer.every((m) => m.replyTo === buyer)).toBe(true);
      expect(got.filter((m) => m.to.includes(buyer))).toHaveLength(1);
    }
    // Each message once: no Message-ID twice.
    const ids = smtp.mail.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    // The Gold Coast CRM gets every lead as ADF/XML.
    const adf = smtp.mail.filter((m) => m.to.includes('adf@crm.gold-coast-ford.example'));
    expect(adf.length).toBeGreaterThan(0);
    expect(adf.every((m) => m.raw.includes('<adf>'))).toBe(true);
  }, 120_000);

  it('a lead posted to /api/leads is answered, then delivered; about a car, to its location', async () => {
    const before = smtp.mail.length;
    const { token, answer } = await t.captcha();
    const res = await t.post('/leads', {
      site: 'gold-coast-ford',
      submission_id: crypto.randomUUID(),
      isLastStep: true,
      name: 'Jo <b>Bold</b>',
      email: 'jo@example.com',
      phone: '0412 345 678',
      message: 'Is it <script>alert(1)</script> available?',
      category: 'Used Car Enquiry',
      car_id: 777,
      captcha: { token, answer },
    });
    expect(res.status).toBe(201);
    await t.api.settled();
    const mail = smtp.mail.slice(before).filter((m) => leadIdOf(m.messageId) === res.body.lead_id);
    expect(mail.map((m) => m.to[0]).sort()).toEqual(
      ['jo@example.com', 'nerang@gold-coast-ford.example'].sort(),
    );
    const dealer = mail.find((m) => m.to[0] === 'nerang@gold-coast-ford.example')!;
    const html = htmlPart(dealer.raw);
    expect(html).toContain('Is it &lt;script&gt;alert(1)&lt;/script&gt; available?');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>Bold</b>');
  });
});

describe('a site without leadRouting', () => {
  const unrouted = (site: ResolvedSite, shown: (string | undefined)[]) => ({
    ...site,
    leadRouting: undefined,
    locations: site.locations.map((l, i) => ({
      ...l,
      visible: true,
      contact_detail: { ...l.contact_detail, email: shown[i] },
    })),
  });
  const testDrive = (site: ResolvedSite, payload = {}) =>
    ({ site: site.slug, category: 'Test Drive', email: 'sam@buyer.example', payload }) as NewLead;
  const targets = (d: ReturnType<typeof planDeliveries>) => d.map((x) => [x.channel, x.target]);

  it('sends each lead to the address its location shows, and confirms to the buyer', () => {
    const site = sites().find((s) => s.locations.length > 1)!;
    const [first, second] = site.locations;
    const bare = unrouted(site, ['first@yard.example', 'second@yard.example']);
    const lead = testDrive(site, { location: second.slug });
    expect(targets(planDeliveries(bare, lead))).toEqual([
      ['email', 'second@yard.example'],
      ['confirmation', 'sam@buyer.example'],
    ]);
    // No location named: the first location that shows an address.
    expect(targets(planDeliveries(bare, testDrive(site)))[0]).toEqual([
      'email',
      'first@yard.example',
    ]);
    // Its location shows none: the site's first that does.
    const onlySecond = unrouted(site, [undefined, 'second@yard.example']);
    expect(
      targets(planDeliveries(onlySecond, testDrive(site, { location: first.slug })))[0],
    ).toEqual(['email', 'second@yard.example']);
  });

  it('with no address shown anywhere, plans nothing: its leads stay in the staff view', () => {
    const site = sites()[0];
    expect(planDeliveries(unrouted(site, []), testDrive(site))).toEqual([]);
  });
});
