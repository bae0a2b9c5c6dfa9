/**
 * A lead to a dealer's CRM and to staff (docs/leads.md): ADF/XML posted to a local HTTP CRM
 * endpoint and a signed webhook that verifies, with their idempotency keys; staff see each
 * delivery (JSON and HTML) and send a refused one again.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook, WEBHOOK_SIGNATURE_HEADER } from '../../../engine/api/delivery/webhook.ts';
import { NOT_RESENDABLE } from '../../../engine/api/routes/staff-deliveries.ts';
import type { StaffLeads } from '../../../schemas/types.gen.ts';
import {
  auLead,
  FIXTURE_SITES,
  fixtureSitesDir,
  schemaProblems,
  startApi,
  type TestApi,
} from '../api/harness.ts';
import { leadIdOf, startSmtp, type TestSmtp } from './smtp-kit.ts';

const SECRET = 'whsec_for_tests_only';
const TOKEN = 'staff-token-for-tests-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let smtp: TestSmtp;
let crm: Server;
const received: Received[] = [];
let t: TestApi;

beforeAll(async () => {
  smtp = await startSmtp();
  crm = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => crm.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(crm.address() as AddressInfo).port}`;
  const sitesDir = fixtureSitesDir();
  const kinds = ['enquiry', 'test-drive', 'finance', 'trade-in', 'reservation', 'service', 'parts'];
  writeFileSync(
    join(sitesDir, 'au-motors.json'),
    JSON.stringify({
      ...FIXTURE_SITES['au-motors'],
      // ADF/XML names the dealer's contact (docs/leads-crm.md).
      locations: FIXTURE_SITES['au-motors'].locations.map((l) => ({
        ...l,
        contact_detail: { phone: '07 5555 0101', email: `${l.slug}@au-motors.example` },
      })),
      leadRouting: {
        routes: [
          {
            kinds,
            emails: ['sales@au-motors.example'],
            adf: { url: `${base}/adf` },
            webhook: { url: `${base}/hook`, secretEnv: 'FORECOURT_WEBHOOK_SECRET_AU' },
          },
        ],
      },
    }),
  );
  t = await startApi({
    sitesDir,
    store: 'sqlite',
    rateLimit: false,
    env: {
      FORECOURT_SMTP_URL: smtp.url,
      FORECOURT_DELIVERY_ALLOW_LOCAL: '1',
      FORECOURT_WEBHOOK_SECRET_AU: SECRET,
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await new Promise((resolve) => crm?.close(resolve));
});

async function postLead() {
  const { token, answer } = await t.captcha();
  const res = await t.post('/leads', auLead({ captcha: { token, answer } }));
  expect(res.status).toBe(201);
  await t.api.settled();
  return res.body.lead_id as number;
}

describe('to the CRM', () => {
  it('posts ADF/XML and a signed webhook, each with its idempotency key', async () => {
    const leadId = await postLead();
    const adf = received.find((r) => r.path === '/adf')!;
    expect(adf.body).toContain('<adf>');
    expect(adf.headers['idempotency-key']).toMatch(new RegExp(`^lead-${leadId}-`));
    const hook = received.find((r) => r.path === '/hook')!;
    const signature = hook.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] as string;
    expect(verifyWebhook(hook.body, signature, SECRET)).toBe(true);
    expect(verifyWebhook(hook.body, signature, 'whsec_another')).toBe(false);
    expect(JSON.parse(hook.body).id).toBe(`lead_${leadId}`);
    expect(smtp.mail.filter((m) => leadIdOf(m.messageId) === leadId)).toHaveLength(2);
  });
});

describe('staff', () => {
  it('see where each lead went, in the JSON the schema describes', async () => {
    const res = await t.get<StaffLeads>('/staff/leads?site=au-motors', auth);
    expect(schemaProblems('staff-leads', res.body)).toEqual([]);
    const [lead] = res.body.leads;
    expect(lead.deliveries.map((d) => [d.channel, d.state]).sort()).toEqual(
      [
        ['adf-post', 'delivered'],
        ['confirmation', 'delivered'],
        ['email', 'delivered'],
        ['webhook', 'delivered'],
      ].sort(),
    );
  });

  it('send a refused delivery again from the HTML view', async () => {
    smtp.refuseWith = 550;
    const leadId = await postLead();
    smtp.refuseWith = undefined;
    const page = await t.get(`/staff/leads.html?site=au-motors&token=${TOKEN}`);
    const failed = (await t.get<StaffLeads>('/staff/leads?site=au-motors', auth)).body.leads
      .find((l) => l.lead_id === leadId)!
      .deliveries.filter((d) => d.state === 'failed');
    expect(failed.map((d) => d.channel).sort()).toEqual(['confirmation', 'email']);
    expect(failed[0].last_error).toContain('550');
    const action = `deliveries/${failed[0].id}/resend.html?site=au-motors&amp;token=${TOKEN}`;
    expect(page.text).toContain(`<form method="post" action="${action}">`);
    const before = smtp.mail.length;
    const res = await t.raw(
      `/staff/deliveries/${failed[0].id}/resend.html?site=au-motors&token=${TOKEN}`,
      {
        method: 'POST',
        redirect: 'manual',
      },
    );
    expect(res.status).toBe(303);
    expect(new URL(res.headers.get('location')!, `${t.base}/staff/deliveries/1/`).pathname).toBe(
      '/api/staff/leads.html',
    );
    await t.api.settled();
    expect(smtp.mail.slice(before).map((m) => m.to[0])).toEqual([failed[0].to]);
    // Delivered now: not sent again, whoever asks.
    const again = await t.post(`/staff/deliveries/${failed[0].id}/resend?site=au-motors`, {}, auth);
    expect(again.status).toBe(404);
    expect(again.body.error).toBe(NOT_RESENDABLE);
    // Without the token: nothing.
    const anon = await t.post(`/staff/deliveries/${failed[1].id}/resend?site=au-motors`, {});
    expect(anon.status).toBe(401);
  });
});
