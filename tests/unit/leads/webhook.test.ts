import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEAD_KIND_LABELS } from '../../../engine/api/delivery/lead-facts.ts';
import {
  WEBHOOK_EVENT_TYPE,
  WEBHOOK_TOLERANCE_SECONDS,
  WEBHOOK_VERSION,
  leadCreatedEvent,
  newWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookBody,
} from '../../../engine/api/delivery/webhook.ts';
import { exampleLead } from './example-lead.ts';

const secret = 'whsec_test_secret';
const now = 1_750_000_000;

describe('webhook body', () => {
  it('is a versioned lead.created event whose id is the lead’s, the same on every retry', () => {
    const event = JSON.parse(webhookBody(exampleLead));
    expect(event).toMatchObject({
      type: WEBHOOK_EVENT_TYPE,
      version: WEBHOOK_VERSION,
      id: 'lead_1042',
      created: Date.parse('2025-06-01T00:15:30Z') / 1000,
    });
    expect(webhookBody(exampleLead)).toBe(webhookBody(structuredClone(exampleLead)));
    expect(event.data).toMatchObject({
      lead_id: 1042,
      site: 'gold-coast-ford',
      kind: 'trade-in',
      kind_label: LEAD_KIND_LABELS['trade-in'],
      customer: { first_name: 'Jo', last_name: "O'Brien", email: 'jo@example.com', name: null },
      message: exampleLead.message,
      car: { make: 'Ford', stock_number: 'GC1234', price: { amount: 55990, currency: 'AUD' } },
      trade_in: {
        make: 'Mazda',
        registration: 'ABC123',
        estimate: { amount: 9000, currency: 'AUD' },
      },
      own_vehicle: null,
      finance: { deposit: 5000, term_years: 5, weekly_payment: 120.5, interest_rate: null },
      dealer: { name: 'Gold Coast Ford', location: 'Gold Coast Ford Southport' },
    });
  });

  it('has every key of its shape whatever the lead lacks (null, never missing)', () => {
    const bare = leadCreatedEvent({
      ...exampleLead,
      car: { make: 'Ford' },
      tradeIn: undefined,
      finance: undefined,
      details: undefined,
      message: undefined,
    });
    const full = leadCreatedEvent(exampleLead);
    const keys = (o: object | null) => Object.keys(o ?? {}).sort();
    expect(keys(bare.data)).toEqual(keys(full.data));
    expect(keys(bare.data.car)).toEqual(keys(full.data.car));
    expect(keys(bare.data.customer)).toEqual(keys(full.data.customer));
    expect(bare.data).toMatchObject({ message: null, trade_in: null, finance: null, details: [] });
    expect(bare.data.car).toMatchObject({ make: 'Ford', model: null, vin: null, price: null });
  });
});

describe('webhook signature', () => {
  const body = webhookBody(exampleLead);

  it('is t=<unix>,v1=<hex HMAC-SHA256 of "t.body"> and verifies', () => {
    const header = signWebhook(body, secret, now);
    const hmac = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
    expect(header).toBe(`t=${now},v1=${hmac}`);
    expect(verifyWebhook(body, header, secret, 300, now)).toBe(true);
    expect(verifyWebhook(Buffer.from(body), header, secret, 300, now + 299)).toBe(true);
  });

  it('fails a changed body, a wrong secret, an old or far-future time', () => {
    const header = signWebhook(body, secret, now);
    expect(verifyWebhook(body.replace('Jo', 'Al'), header, secret, 300, now)).toBe(false);
    expect(verifyWebhook(`${body} `, header, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, header, 'whsec_other', 300, now)).toBe(false);
    expect(verifyWebhook(body, header, secret, 300, now + 301)).toBe(false);
    expect(verifyWebhook(body, header, secret, 300, now - 301)).toBe(false);
    expect(
      verifyWebhook(body, header, secret, undefined, now + WEBHOOK_TOLERANCE_SECONDS + 1),
    ).toBe(false);
  });

  it('fails a header with a moved time, a cut or missing signature, or none at all', () => {
    const header = signWebhook(body, secret, now);
    const v1 = header.split('v1=')[1];
    expect(verifyWebhook(body, `t=${now + 1},v1=${v1}`, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, `t=${now},v1=${v1.slice(0, 63)}`, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, `t=${now}`, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, `v1=${v1}`, secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, '', secret, 300, now)).toBe(false);
    expect(verifyWebhook(body, undefined, secret, 300, now)).toBe(false);
  });

  it('accepts any of several signatures (a secret being rotated), in any order', () => {
    const next = newWebhookSecret();
    const byOld = signWebhook(body, secret, now);
    const byNew = signWebhook(body, next, now).split(',')[1];
    const both = `${byOld}, ${byNew}`;
    expect(verifyWebhook(body, both, secret, 300, now)).toBe(true);
    expect(verifyWebhook(body, both, next, 300, now)).toBe(true);
    expect(verifyWebhook(body, both, 'whsec_third', 300, now)).toBe(false);
  });

  it('makes a new random secret each time', () => {
    const a = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(newWebhookSecret()).not.toBe(a);
  });
});
