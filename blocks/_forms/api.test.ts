// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createValidators } from '../../engine/api/validation.ts';
import { recordVisit } from '../../engine/render/visitor.ts';
import {
  apiRequest,
  apiUrl,
  fieldNameOf,
  formResult,
  leadResult,
  MAX_RETRY_AFTER_MS,
} from './api.ts';
import { MESSAGES } from './messages.ts';
import { carFields, compact, leadPayload, newSubmissionId } from './payload.ts';
import { sendLead } from './leads.ts';

afterEach(() => {
  sessionStorage.clear();
  vi.unstubAllGlobals();
});

const site = { api: { baseUrl: '/api' } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('api addresses', () => {
  it("uses the site's base URL", () => {
    expect(apiUrl(site, '/leads')).toBe('/api/leads');
    expect(apiUrl({ api: { baseUrl: 'https://crm.dealer.example/v2/' } }, 'leads')).toBe(
      'https://crm.dealer.example/v2/leads',
    );
  });
});

describe('lead results (docs/forms.md, How every form behaves)', () => {
  it('a lead_id is a success', () => {
    expect(leadResult({ ok: true, status: 201, data: { lead_id: 7 } })).toEqual({
      leadId: 7,
      fields: [],
    });
  });
  it('the returned error shows', () => {
    expect(leadResult({ ok: true, status: 200, data: { error: 'Dealer closed' } }).error).toBe(
      'Dealer closed',
    );
    expect(
      leadResult({
        ok: false,
        status: 400,
        error: 'Please fix the following errors:',
        fields: [{ path: '/phone', message: 'x' }],
        network: false,
      }),
    ).toEqual({
      error: 'Please fix the following errors:',
      fields: [{ path: '/phone', message: 'x' }],
    });
  });
  it('neither lead_id nor error: "An unexpected error occured"', () => {
    expect(leadResult({ ok: true, status: 200, data: {} }).error).toBe(
      'An unexpected error occured',
    );
    expect(leadResult({ ok: false, status: 500, fields: [], network: false }).error).toBe(
      'An unexpected error occured',
    );
  });
  it('no answer at all: "An error occurred when submitting this form"', () => {
    expect(leadResult({ ok: false, status: 0, fields: [], network: true }).error).toBe(
      MESSAGES.formError,
    );
    expect(formResult({ ok: false, status: 0, fields: [], network: true }).error).toBe(
      MESSAGES.formError,
    );
    expect(
      formResult({ ok: false, status: 422, error: 'Server says no', fields: [], network: false })
        .error,
    ).toBe('Server says no');
  });
  it('maps field pointers to form fields', () => {
    expect(fieldNameOf('/email')).toBe('email');
    expect(fieldNameOf('/fields/phone')).toBe('phone');
    expect(fieldNameOf('/captcha/answer')).toBe('captcha');
    expect(fieldNameOf('/value/phone')).toBe('phone');
    expect(fieldNameOf('/category select')).toBe('category select');
    expect(fieldNameOf('/phone_number', { phone_number: 'phone' })).toBe('phone');
  });
});

describe('retries keep one submission', () => {
  it('retries a network failure and a 503 with the same body, then succeeds', async () => {
    const bodies: string[] = [];
    let n = 0;
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(String(init?.body));
      n++;
      if (n === 1) throw new TypeError('Failed to fetch');
      if (n === 2) return new Response('{"error":"busy"}', { status: 503 });
      return new Response('{"lead_id":42}', { status: 201 });
    });
    const payload = leadPayload({
      siteSlug: 'gold-coast-ford',
      submissionId: newSubmissionId(),
      isLastStep: true,
      details: { name: 'Sam', email: 'sam@example.com' },
    });
    const outcome = await apiRequest(site, 'POST', '/leads', payload, {
      retries: 2,
      fetch: fetchMock as typeof fetch,
      backoffMs: 1,
    });
    expect(outcome).toMatchObject({ ok: true, data: { lead_id: 42 } });
    expect(new Set(bodies).size).toBe(1);
    expect(JSON.parse(bodies[0]).submission_id).toBe(payload.submission_id);
  });

  it("waits as long as a 503's Retry-After asks (up to a limit) before sending the same body again", async () => {
    vi.useFakeTimers();
    try {
      const sent: number[] = [];
      let n = 0;
      const fetchMock = vi.fn(async () => {
        sent.push(Date.now());
        return ++n === 1
          ? new Response('{"error":"away"}', { status: 503, headers: { 'Retry-After': '3' } })
          : new Response('{"lead_id":7}', { status: 201 });
      });
      const pending = apiRequest(
        site,
        'POST',
        '/leads',
        { a: 1 },
        {
          retries: 2,
          fetch: fetchMock as typeof fetch,
          backoffMs: 1,
        },
      );
      await vi.advanceTimersByTimeAsync(2_999);
      expect(fetchMock).toHaveBeenCalledOnce();
      await vi.advanceTimersByTimeAsync(1);
      expect(await pending).toMatchObject({ ok: true, data: { lead_id: 7 } });
      expect(sent[1] - sent[0]).toBe(3_000);

      // A Retry-After of an hour waits MAX_RETRY_AFTER_MS, not an hour (then the 201 above).
      n = 1;
      fetchMock.mockImplementationOnce(
        async () => new Response('{}', { status: 503, headers: { 'Retry-After': '3600' } }),
      );
      const capped = apiRequest(
        site,
        'POST',
        '/leads',
        {},
        {
          retries: 1,
          fetch: fetchMock as typeof fetch,
          backoffMs: 1,
        },
      );
      await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS);
      expect((await capped).ok).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not retry a 400', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(
          '{"error":"bad","fields":[{"path":"/email","message":"must match format \\"email\\""}]}',
          { status: 400 },
        ),
    );
    const r = await apiRequest(
      site,
      'POST',
      '/leads',
      {},
      { retries: 2, fetch: fetchMock as typeof fetch, backoffMs: 1 },
    );
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(r).toMatchObject({ ok: false, status: 400, error: 'bad', fields: [{ path: '/email' }] });
  });

  it('sendLead answers "An unexpected error occured" for a 200 with neither lead_id nor error', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    const r = await sendLead(
      site,
      { site: 'x', submission_id: newSubmissionId(), isLastStep: true, name: 'A', email: 'a@b.co' },
      fetchMock as typeof fetch,
    );
    expect(r.error).toBe('An unexpected error occured');
  });
});

describe('lead payload (the shared helper)', () => {
  const validators = createValidators();

  it('carries the helper fields and validates against the API schema', () => {
    recordVisit('gold-coast-ford', '/', '?utm_source=google&utm_medium=cpc&gclid=abc');
    recordVisit('gold-coast-ford', '/cars/ford-ranger-xlt-123', '');
    const id = newSubmissionId();
    expect(id).toMatch(UUID);
    const payload = leadPayload({
      siteSlug: 'gold-coast-ford',
      submissionId: id,
      isLastStep: true,
      car: {
        id: 123,
        dealership_id: 11,
        dealership_slug: 'gold-coast-ford',
        car_type: 'used',
        make: 'Ford',
        model: 'Ranger',
        stocknum: 'U1234',
        status: 'in_stock',
      },
      details: {
        name: 'Sam',
        last_name: '',
        email: 'sam@example.com',
        phone: '0412 345 678',
        message: '  Is it available?  ',
        category: 'Used Car Enquiry',
        opt_in: false,
      },
    });
    expect(payload).toMatchObject({
      site: 'gold-coast-ford',
      submission_id: id,
      isLastStep: true,
      source: 'Website',
      car_id: 123,
      car_dealership_id: 11,
      stock_number: 'U1234',
      'Vehicle Make': 'Ford',
      'Vehicle Model': 'Ranger',
      car_type: 'used',
      vehicle_status: 'in_stock',
      name: 'Sam',
      message: 'Is it available?',
      opt_in: false,
      lead_attributes: {
        visited_pages: [
          '/?utm_source=google&utm_medium=cpc&gclid=abc',
          '/cars/ford-ranger-xlt-123',
        ],
        linked_query_params: { utm_source: 'google', utm_medium: 'cpc', gclid: 'abc' },
      },
    });
    expect(payload).not.toHaveProperty('last_name'); // empty answers are not sent
    expect(payload.url).toMatch(/^http/);
    expect(payload.user_agent).toBeTruthy();
    expect(validators.check('lead-request', structuredClone(payload))).toEqual([]);
  });

  it('a payload without a car or attributes is valid too', () => {
    const payload = leadPayload({
      siteSlug: 'kiwi-car-yard',
      submissionId: newSubmissionId(),
      isLastStep: false,
      details: { name: 'Aroha', phone: '021 123 4567' },
    });
    expect(payload).not.toHaveProperty('car_id');
    expect(payload.lead_attributes).toEqual({});
    expect(validators.check('lead-request', structuredClone(payload))).toEqual([]);
  });

  it('compact and carFields', () => {
    expect(compact({ a: '', b: ' x ', c: undefined, d: 0, e: false, f: null })).toEqual({
      b: 'x',
      d: 0,
      e: false,
    });
    expect(carFields(undefined)).toEqual({});
    expect(carFields({ id: 'abc', car_type: 'caravan' })).toEqual({ car_id: 'abc' });
  });
});
